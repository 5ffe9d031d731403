/** A session that ran says when it started and ended, in both languages; never "not planned". */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { sessionTimesText } from './sessionTimes.ts';

const I18N = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../i18n');
const sessions = (locale: string) => JSON.parse(fs.readFileSync(path.join(I18N, locale, 'sessions.json'), 'utf8')) as Record<string, unknown>;

async function translator(locale: 'en-US' | 'fr-FR') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: locale, resources: { [locale]: { sessions: sessions(locale) } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

// The time's formatting is the page's; here it shows which time was used.
const time = (iso: string) => iso.slice(11, 16);
const START = '2026-11-20T09:00:00.000Z';
const END = '2026-11-20T11:30:00.000Z';

describe('sessionTimesText', () => {
  it.each([
    ['en-US', 'Started 09:00 · ended 11:30', 'Ended 11:30', 'Not planned', 'Planned for 09:00'],
    ['fr-FR', 'Démarrée le 09:00 · terminée le 11:30', 'Terminée le 11:30', 'Non planifiée', 'Prévue le 09:00'],
  ] as const)('%s: an unplanned session that ran says when it started and ended', async (locale, ran, endedOnly, unplanned, planned) => {
    const t = await translator(locale);
    expect(sessionTimesText(t, time, { scheduleOn: null, startTime: START, endTime: END })).toBe(ran);
    expect(sessionTimesText(t, time, { scheduleOn: null, startTime: null, endTime: END })).toBe(endedOnly);
    expect(sessionTimesText(t, time, { scheduleOn: null, startTime: null, endTime: null })).toBe(unplanned);
    expect(sessionTimesText(t, time, { scheduleOn: START, startTime: null, endTime: null })).toBe(planned);
  });
});
