/**
 * Text validation rules of spec §5, shared by server and web.
 * Each rule returns the normalised value and the spec's error key (or null).
 */
import { MIN_PASSWORD_LENGTH } from './constants.ts';

export const VALIDATION_ERRORS = {
  required: 'error.required',
  unauthorizedCharacters: 'error.unauthorized_caracters',
  invalidEmail: 'error.invalid_email',
  passwordLength: 'error.passwordLength',
  passwordsMustBeTheSame: 'error.passwordsMustBeTheSame',
} as const;
export type ValidationErrorKey = (typeof VALIDATION_ERRORS)[keyof typeof VALIDATION_ERRORS];

export interface RuleResult {
  value: string;
  error: ValidationErrorKey | null;
}

const FORBIDDEN = /[<>]/;

export function freeText(input: string, options: { required?: boolean } = {}): RuleResult {
  const value = input.trim();
  if (value === '') return { value, error: options.required ? VALIDATION_ERRORS.required : null };
  if (FORBIDDEN.test(value)) return { value, error: VALIDATION_ERRORS.unauthorizedCharacters };
  return { value, error: null };
}

export function requiredText(input: string): RuleResult {
  return freeText(input, { required: true });
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
  if (value.length < MIN_PASSWORD_LENGTH) return { value, error: VALIDATION_ERRORS.passwordLength };
  return { value, error: null };
}

export function passwordConfirmation(input: string, passwordValue: string): RuleResult {
  const value = input.trim();
  if (value === '') return { value, error: VALIDATION_ERRORS.required };
  if (value !== passwordValue.trim()) return { value, error: VALIDATION_ERRORS.passwordsMustBeTheSame };
  return { value, error: null };
}
