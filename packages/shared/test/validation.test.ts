/** docs/PRODUCT.md, Validation: the text validation rules shared by the server and the web client. */
import { describe, expect, it } from 'vitest';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  TEXT_LIMITS,
  VALIDATION_ERRORS,
  zAdminCreateUserBody,
  zAiProfileConfig,
  zConversationTranscriptPatch,
  zCreateConversationFields,
  zCreateOrganizationBody,
  zInsertTurnBody,
  zCreateUserFields,
  zLoginBody,
  zUpdateOrganizationBody,
  zResetPasswordBody,
  zTagBody,
  zTranscriberProfileBody,
  zUpdateSelfBody,
  email,
  fileName,
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

  it('refuse markup in track names, speaker names and model names, like other names', () => {
    const upload = zCreateConversationFields.safeParse({ name: 'Media', channelNames: JSON.stringify(['Left', '<b>Right</b>']) });
    expect(issueKeys(upload)).toEqual({ 'channelNames.1': 'error.unauthorized_caracters' });
    expect(zCreateConversationFields.parse({ name: 'Media', channelNames: JSON.stringify([' Left ']) }).channelNames).toEqual(['Left']);
    const profile = { name: 'P', type: 'whisper', languages: ['en'] };
    expect(issueKeys(zTranscriberProfileBody.safeParse({ ...profile, config: { model: '<script>x</script>' } }))).toEqual({ 'config.model': 'error.unauthorized_caracters' });
    expect(zTranscriberProfileBody.parse({ ...profile, config: { model: 'base.en' } }).config.model).toBe('base.en');
    expect(issueKeys(zAiProfileConfig.safeParse({ endpoint: 'https://ai.example.org/v1', model: 'gpt<x>' }))).toEqual({ model: 'error.unauthorized_caracters' });
    const turn = { speaker_id: 'spk9', segment: 'Hello', speaker_name: '<i>Eve</i>' };
    expect(issueKeys(zInsertTurnBody.safeParse(turn))).toMatchObject({ speaker_name: 'error.unauthorized_caracters' });
    expect(issueKeys(zConversationTranscriptPatch.pick({ speakers: true }).safeParse({ speakers: [{ speaker_id: 'spk1', speaker_name: 'a>b' }] }))).toEqual({
      'speakers.0.speaker_name': 'error.unauthorized_caracters',
    });
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

describe('invisible and look-alike characters in names', () => {
  it('normalise to NFC and drop zero-width, directional and other invisible characters', () => {
    expect(freeText('Cafe\u0301').value).toBe('Caf\u00e9');
    expect(freeText('Ad\u200ba\u200c \u200dLove\u200e\u200flace').value).toBe('Ada Lovelace');
    expect(freeText('\ufeffreport\u202egpj.exe\u202c').value).toBe('reportgpj.exe');
    expect(freeText('a\u2066b\u2069c\u00add\u2060e\u061cf\u180eg\u034fh').value).toBe('abcdefgh');
    expect(freeText('\u200b\u200b', { required: true }).error).toBe(VALIDATION_ERRORS.required);
    expect(zCreateOrganizationBody.parse({ name: 'Acme\u202e' }).name).toBe('Acme');
    expect(zUpdateSelfBody.parse({ firstname: '\u200bAda' }).firstname).toBe('Ada');
  });

  it('keep the joiners some scripts need in descriptions, dropping only what reorders text', () => {
    expect(freeText('\u0645\u06cc\u200c\u062e\u0648\u0627\u0645 \u202eabc', { multiline: true }).value).toBe('\u0645\u06cc\u200c\u062e\u0648\u0627\u0645 abc');
  });

  it('refuse a word mixing Latin, Cyrillic or Greek letters, and allow each script alone or in separate words', () => {
    expect(freeText('P\u0430ypal').error).toBe(VALIDATION_ERRORS.unauthorizedCharacters);
    expect(freeText('\u0391pple').error).toBe(VALIDATION_ERRORS.unauthorizedCharacters);
    expect(zTagBody.safeParse({ name: 'adm\u0456n', categoryId: '00000000-0000-4000-8000-000000000000' }).error?.issues[0]?.message).toBe('error.unauthorized_caracters');
    for (const name of [
      '\u0410\u043d\u043d\u0430 Karenina',
      '\u0391\u03b8\u03ae\u03bd\u03b1',
      'Zo\u00eb Ren\u00e9e',
      '\u6771\u4eac\u30bf\u30ef\u30fc',
      'iPhone\u7248',
      'Jean-\u041f\u044c\u0435\u0440',
    ]) {
      expect(freeText(name).error).toBeNull();
    }
  });
});

describe('file names', () => {
  it('are neutralised: markup, controls and separators replaced, invisible characters dropped, 255 characters at most', () => {
    expect(fileName('<img src=x onerror=alert(1)>.mp3', 'media')).toBe('_img src=x onerror=alert(1)_.mp3');
    expect(fileName('Interview\u202e3pm.exe', 'media')).toBe('Interview3pm.exe');
    expect(fileName('../../etc/passwd', 'media')).toBe('.._.._etc_passwd');
    expect(fileName('a\u0007b\\c', 'media')).toBe('a_b_c');
    expect(fileName(' \u200b ', 'media')).toBe('media');
    expect(fileName(undefined, 'file')).toBe('file');
    expect(fileName('x'.repeat(300), 'media')).toHaveLength(255);
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
