/** Spec §5: the text validation rules shared by the server and the web client. */
import { describe, expect, it } from 'vitest';
import {
  MIN_PASSWORD_LENGTH,
  VALIDATION_ERRORS,
  email,
  freeText,
  password,
  passwordConfirmation,
  requiredText,
} from '../src/index.ts';

describe('free text', () => {
  it('is trimmed', () => {
    expect(freeText('  Meeting notes \n')).toEqual({ value: 'Meeting notes', error: null });
  });

  it('may be empty when not required', () => {
    expect(freeText('')).toEqual({ value: '', error: null });
    expect(freeText('   ')).toEqual({ value: '', error: null });
  });

  it('gives error.required when empty and required', () => {
    expect(freeText('  ', { required: true })).toEqual({ value: '', error: 'error.required' });
  });

  it.each(['<script>', 'a < b', 'b > a', '<', '>', 'x<y>z'])('refuses %j with error.unauthorized_caracters', (input) => {
    expect(freeText(input).error).toBe('error.unauthorized_caracters');
    expect(freeText(input, { required: true }).error).toBe('error.unauthorized_caracters');
  });

  it('accepts other punctuation and non-ASCII letters', () => {
    expect(freeText("Réunion d'équipe — Q&A (2024) \"#1\" @home").error).toBeNull();
  });
});

describe('required text', () => {
  it('is trimmed and must not be empty', () => {
    expect(requiredText('  Ada ')).toEqual({ value: 'Ada', error: null });
    expect(requiredText('')).toEqual({ value: '', error: 'error.required' });
    expect(requiredText(' \t ')).toEqual({ value: '', error: 'error.required' });
  });

  it('also refuses < and >', () => {
    expect(requiredText('<b>Ada</b>').error).toBe('error.unauthorized_caracters');
  });
});

describe('email', () => {
  it('is lower-cased and trimmed', () => {
    expect(email('  Ada.Lovelace@Example.ORG ')).toEqual({ value: 'ada.lovelace@example.org', error: null });
  });

  it('needs an @ after the first character', () => {
    expect(email('a@b').error).toBeNull();
    expect(email('@example.org').error).toBe('error.invalid_email');
    expect(email('ada.example.org').error).toBe('error.invalid_email');
  });

  it('refuses an address that ends with the @ or contains spaces or markup', () => {
    expect(email('ada@').error).toBe('error.invalid_email');
    expect(email('ada lovelace@example.org').error).toBe('error.invalid_email');
    expect(email('ada<x>@example.org').error).toBe('error.invalid_email');
  });

  it('gives error.required when empty', () => {
    expect(email('   ').error).toBe('error.required');
  });
});

describe('password', () => {
  it(`needs at least ${MIN_PASSWORD_LENGTH} characters once trimmed`, () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(password('12345').error).toBe('error.passwordLength');
    expect(password('  12345  ').error).toBe('error.passwordLength');
    expect(password('123456')).toEqual({ value: '123456', error: null });
  });

  it('gives error.required when empty', () => {
    expect(password('').error).toBe('error.required');
    expect(password('    ').error).toBe('error.required');
  });
});

describe('password confirmation', () => {
  it('gives error.required when empty', () => {
    expect(passwordConfirmation('', 'secret1').error).toBe('error.required');
  });

  it('gives error.passwordsMustBeTheSame on a mismatch', () => {
    expect(passwordConfirmation('secret2', 'secret1').error).toBe('error.passwordsMustBeTheSame');
    expect(passwordConfirmation('Secret1', 'secret1').error).toBe('error.passwordsMustBeTheSame');
  });

  it('accepts the same password, compared after trimming like the password itself', () => {
    expect(passwordConfirmation('secret1', 'secret1').error).toBeNull();
    expect(passwordConfirmation(' secret1 ', 'secret1  ').error).toBeNull();
  });
});

it('uses exactly the error keys of spec §8', () => {
  expect(Object.values(VALIDATION_ERRORS).sort()).toEqual(
    ['error.invalid_email', 'error.passwordLength', 'error.passwordsMustBeTheSame', 'error.required', 'error.unauthorized_caracters'].sort(),
  );
});
