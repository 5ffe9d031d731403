/** docs/PRODUCT.md, Validation: the language tags a media may be created or retried with, and the value stored. */
import { describe, expect, it } from 'vitest';
import { normalizeMediaLanguage, zCreateConversationFields, zRetryConversationBody } from '../src/index.ts';

describe('normalizeMediaLanguage', () => {
  it('keeps the stored forms as they are', () => {
    expect(normalizeMediaLanguage('en')).toBe('en');
    expect(normalizeMediaLanguage('fr')).toBe('fr');
    expect(normalizeMediaLanguage('auto')).toBe('auto');
  });

  it('reads language tags of English and French in any case, with - or _', () => {
    for (const tag of ['en-US', 'en_us', 'EN-GB', 'En']) expect(normalizeMediaLanguage(tag), tag).toBe('en');
    for (const tag of ['fr-FR', 'fr_FR', 'FR-ca', 'fr-Latn-FR']) expect(normalizeMediaLanguage(tag), tag).toBe('fr');
  });

  it('reads * and AUTO as automatic detection', () => {
    expect(normalizeMediaLanguage('*')).toBe('auto');
    expect(normalizeMediaLanguage('AUTO')).toBe('auto');
  });

  it('refuses other languages and malformed tags', () => {
    for (const tag of ['', 'de', 'de-DE', 'english', 'en-', '-en', 'en US', ' en', 'e', 'fr--FR', '**', `en-${'a'.repeat(40)}`]) {
      expect(normalizeMediaLanguage(tag), JSON.stringify(tag)).toBeNull();
    }
  });
});

describe('the language fields of the media forms', () => {
  const fields = { name: 'Meeting' };

  it('stores the normalized value of the creation form, automatic when absent', () => {
    expect(zCreateConversationFields.parse({ ...fields, lang: 'fr_FR' }).lang).toBe('fr');
    expect(zCreateConversationFields.parse({ ...fields, lang: '*' }).lang).toBe('auto');
    expect(zCreateConversationFields.parse(fields).lang).toBe('auto');
  });

  it('normalizes the language of a retry, absent staying absent', () => {
    expect(zRetryConversationBody.parse({ language: 'en-US' })).toEqual({ language: 'en' });
    expect(zRetryConversationBody.parse({})).toEqual({});
  });

  it('gives an unknown tag the invalid field error', () => {
    const result = zCreateConversationFields.safeParse({ ...fields, lang: 'de-DE' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['lang', 'error.invalid']]);
  });
});
