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

export function freeText(input: string, options: TextOptions = {}): RuleResult {
  const value = input.trim();
  if (value === '') return { value, error: options.required ? VALIDATION_ERRORS.required : null };
  if (MARKUP.test(value) || (options.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value)) {
    return { value, error: VALIDATION_ERRORS.unauthorizedCharacters };
  }
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
