/**
 * Text validation rules (docs/PRODUCT.md, Validation), shared by server and web.
 * Each rule returns the normalised value and the product's error key (or null).
 */
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants.ts';

export const VALIDATION_ERRORS = {
  required: 'error.required',
  unauthorizedCharacters: 'error.unauthorized_caracters',
  invalidEmail: 'error.invalid_email',
  tooLong: 'error.too_long',
  passwordLength: 'error.passwordLength',
  passwordsMustBeTheSame: 'error.passwordsMustBeTheSame',
} as const;
export type ValidationErrorKey = (typeof VALIDATION_ERRORS)[keyof typeof VALIDATION_ERRORS];

export interface RuleResult {
  value: string;
  error: ValidationErrorKey | null;
}

export interface TextOptions {
  required?: boolean;
  /** Longest accepted value, in characters after trimming. */
  max?: number;
  /** Descriptions keep line breaks and tabs; names are a single line. */
  multiline?: boolean;
}

const MARKUP = /[<>]/;
// C0 and C1 control characters (NUL included: the database refuses it), and DEL.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Characters that show nothing but can hide or reorder what a name shows: zero-width spaces and
 * joiners, directional marks, embeddings, overrides and isolates (a right-to-left override makes
 * "exe.pdf" read "fdp.exe"), the word joiner and invisible operators, the byte order mark, the soft
 * hyphen, the combining grapheme joiner, the Arabic letter mark and the Mongolian vowel separator.
 * Names drop them all. Descriptions keep the marks and joiners some scripts need (Persian's
 * zero-width non-joiner, emoji sequences) and drop only what reorders or hides text.
 */
// The combining grapheme joiner (U+034F) stands apart: in a class it would combine with its neighbour.
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\u034f/g;
const REORDERING = /[\u202a-\u202e\u2066-\u2069\ufeff]/g;
/**
 * Scripts whose letters look alike (Latin "a", Cyrillic "а", Greek "α"…): one word mixing two of them
 * is a look-alike of another name ("Pаypal" with a Cyrillic "а"), never a real name. Other mixes stay
 * allowed (Japanese mixes its scripts, and Latin with Han is common).
 */
const CONFUSABLE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/** Whether a word of `value` mixes letters of two scripts that look alike. */
export function mixesConfusableScripts(value: string): boolean {
  return value.split(/[\s\p{P}\p{S}]+/u).some((word) => CONFUSABLE_SCRIPTS.filter((script) => script.test(word)).length > 1);
}

/** Unicode NFC (one form for "é", typed or composed), without the invisible characters of `INVISIBLE`. */
export function normalizedText(input: string, options: { multiline?: boolean } = {}): string {
  return input.normalize('NFC').replace(options.multiline ? REORDERING : INVISIBLE, '');
}

export function freeText(input: string, options: TextOptions = {}): RuleResult {
  const value = normalizedText(input, options).trim();
  if (value === '') return { value, error: options.required ? VALIDATION_ERRORS.required : null };
  if (MARKUP.test(value) || (options.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value)) {
    return { value, error: VALIDATION_ERRORS.unauthorizedCharacters };
  }
  if (!options.multiline && mixesConfusableScripts(value)) return { value, error: VALIDATION_ERRORS.unauthorizedCharacters };
  if (options.max !== undefined && value.length > options.max) return { value, error: VALIDATION_ERRORS.tooLong };
  return { value, error: null };
}

export function requiredText(input: string, options: Omit<TextOptions, 'required'> = {}): RuleResult {
  return freeText(input, { ...options, required: true });
}

export function email(input: string): RuleResult {
  const value = input.trim().toLowerCase();
  if (value === '') return { value, error: VALIDATION_ERRORS.required };
  // An "@" after the first character, and no characters that could smuggle markup or whitespace.
  const at = value.indexOf('@');
  if (at < 1 || at === value.length - 1 || /[\s<>]/.test(value)) {
    return { value, error: VALIDATION_ERRORS.invalidEmail };
  }
  return { value, error: null };
}

export function password(input: string): RuleResult {
  const value = input.trim();
  if (value === '') return { value, error: VALIDATION_ERRORS.required };
  if (value.length < MIN_PASSWORD_LENGTH || value.length > MAX_PASSWORD_LENGTH) return { value, error: VALIDATION_ERRORS.passwordLength };
  return { value, error: null };
}

export function passwordConfirmation(input: string, passwordValue: string): RuleResult {
  const value = input.trim();
  if (value === '') return { value, error: VALIDATION_ERRORS.required };
  if (value !== passwordValue.trim()) return { value, error: VALIDATION_ERRORS.passwordsMustBeTheSame };
  return { value, error: null };
}

/**
 * A file name as it is kept and shown (an upload's, a downloaded URL's last segment): normalised like
 * a name, with markup, control characters and path separators replaced by "_", at most 255
 * characters; `fallback` when nothing is left. A file is named by whoever sends it: its name is
 * neutralised rather than refused.
 */
export function fileName(input: string | undefined, fallback: string): string {
  const value = normalizedText(input ?? '')
    .replace(/[<>/\\\u0000-\u001f\u007f-\u009f]/g, '_')
    .trim()
    .slice(0, 255);
  return value || fallback;
}
