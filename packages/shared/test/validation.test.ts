/** docs/PRODUCT.md, Validation: the text validation rules shared by the server and the web client. */
import { describe, expect, it } from 'vitest';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  TEXT_LIMITS,
  VALIDATION_ERRORS,
  zAdminCreateUserBody,
  zCreateConversationFields,
  zCreateUserFields,
  zLoginBody,
  zUpdateOrganizationBody,
  zResetPasswordBody,
  zTagBody,
  zTranscriberProfileBody,
  zUpdateSelfBody,
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
    expect(freeText('Réunion d\'équipe — Q&A (2024) "#1" @home').error).toBeNull();
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

describe('lengths and control characters', () => {
  it('refuses a text longer than its limit with error.too_long', () => {
    expect(freeText('a'.repeat(10), { max: 10 }).error).toBeNull();
    expect(freeText('a'.repeat(11), { max: 10 }).error).toBe(VALIDATION_ERRORS.tooLong);
    // Counted after trimming.
    expect(requiredText(`  ${'a'.repeat(10)}  `, { max: 10 }).error).toBeNull();
  });

  it.each(['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\nb', 'a\tb'])('refuses %j in a name', (input) => {
    expect(requiredText(input).error).toBe(VALIDATION_ERRORS.unauthorizedCharacters);
  });

  it('keeps line breaks and tabs in a multi-line text, but no other control character', () => {
    expect(freeText('first line\r\n\tsecond line', { multiline: true }).error).toBeNull();
    expect(freeText('bell\u0007', { multiline: true }).error).toBe(VALIDATION_ERRORS.unauthorizedCharacters);
    expect(freeText('a\u0000b', { multiline: true }).error).toBe(VALIDATION_ERRORS.unauthorizedCharacters);
  });
});

describe('contract limits', () => {
  const issueKeys = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
  const person = { email: 'someone@example.org', password: 'a-good-password' };

  it('limit first and last names on every path that sets them', () => {
    const long = 'a'.repeat(TEXT_LIMITS.personName + 1);
    expect(issueKeys(zCreateUserFields.safeParse({ ...person, firstname: long, lastname: 'B' }))).toEqual({ firstname: 'error.too_long' });
    expect(issueKeys(zUpdateSelfBody.safeParse({ lastname: long }))).toEqual({ lastname: 'error.too_long' });
    expect(issueKeys(zAdminCreateUserBody.safeParse({ ...person, firstname: 'A', lastname: long }))).toEqual({ lastname: 'error.too_long' });
    expect(zUpdateSelfBody.safeParse({ firstname: 'a'.repeat(TEXT_LIMITS.personName) }).success).toBe(true);
  });

  it('refuse markup and control characters in names and descriptions', () => {
    expect(issueKeys(zUpdateSelfBody.safeParse({ firstname: 'Eve<img>' }))).toEqual({ firstname: 'error.unauthorized_caracters' });
    expect(issueKeys(zUpdateOrganizationBody.safeParse({ name: 'Org\u0007', description: 'Line one\nline two' }))).toEqual({ name: 'error.unauthorized_caracters' });
    expect(issueKeys(zTagBody.safeParse({ name: 'a\u001b', categoryId: '00000000-0000-4000-8000-000000000000' }))).toEqual({ name: 'error.unauthorized_caracters' });
    const media = zCreateConversationFields.safeParse({ name: 'Media', description: 'x'.repeat(TEXT_LIMITS.mediaDescription + 1) });
    expect(issueKeys(media)).toMatchObject({ description: 'error.too_long' });
    const profile = zTranscriberProfileBody.safeParse({ name: 'P'.repeat(TEXT_LIMITS.profileName + 1), type: 'whisper', languages: ['en'], config: {} });
    expect(issueKeys(profile)).toMatchObject({ name: 'error.too_long' });
  });

  it(`one password maximum (${MAX_PASSWORD_LENGTH}) for sign-up, reset, and sign-in`, () => {
    const longest = 'p'.repeat(MAX_PASSWORD_LENGTH);
    const tooLong = `${longest}p`;
    expect(password(longest).error).toBeNull();
    expect(password(tooLong).error).toBe(VALIDATION_ERRORS.passwordLength);
    expect(issueKeys(zCreateUserFields.safeParse({ ...person, firstname: 'A', lastname: 'B', password: tooLong }))).toEqual({ password: 'error.passwordLength' });
    expect(issueKeys(zResetPasswordBody.safeParse({ token: 't'.repeat(32), password: tooLong }))).toEqual({ password: 'error.passwordLength' });
    expect(zLoginBody.safeParse({ email: 'someone@example.org', password: longest }).success).toBe(true);
    expect(issueKeys(zLoginBody.safeParse({ email: 'someone@example.org', password: tooLong }))).toEqual({ password: 'error.passwordLength' });
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

it('uses the validation keys of the product, plus one for text over its maximum length', () => {
  expect(Object.values(VALIDATION_ERRORS).sort()).toEqual(
    ['error.invalid_email', 'error.passwordLength', 'error.passwordsMustBeTheSame', 'error.required', 'error.too_long', 'error.unauthorized_caracters'].sort(),
  );
});
