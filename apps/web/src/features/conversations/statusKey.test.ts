/** A media status the client does not know reads "Unknown" in both languages, not a translation key. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { MEDIA_STATUSES } from '@palabre/shared';
import { mediaStatusKey } from './statusKey.ts';

const I18N = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../i18n');
const words = (locale: string) => JSON.parse(fs.readFileSync(path.join(I18N, locale, 'conversations.json'), 'utf8')) as Record<string, unknown>;

async function translator(locale: 'en-US' | 'fr-FR') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: locale, ns: ['conversations'], defaultNS: 'conversations', resources: { [locale]: { conversations: words(locale) } } });
  return i18n.t;
}

describe('mediaStatusKey', () => {
  it.each([
    ['en-US', 'Unknown'],
    ['fr-FR', 'Inconnu'],
  ] as const)('%s shows an unexpected status as unknown', async (locale, unknown) => {
    const t = await translator(locale);
    expect(t(mediaStatusKey('archived'))).toBe(unknown);
    expect(t(mediaStatusKey(''))).toBe(unknown);
  });

  it.each(['en-US', 'fr-FR'] as const)('%s has words for every known status', async (locale) => {
    const t = await translator(locale);
    for (const status of MEDIA_STATUSES) {
      expect(mediaStatusKey(status)).toBe(`statuses.${status}`);
      expect(t(mediaStatusKey(status))).not.toMatch(/^statuses\./);
    }
  });
});
