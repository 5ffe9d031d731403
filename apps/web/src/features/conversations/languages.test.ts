import { describe, expect, it } from 'vitest';
import type { TranscriberProfile } from '@palabre/shared';
import { fittingChoice, languageChoices } from './languages.ts';

const profile = (id: string, values: Partial<TranscriberProfile>): TranscriberProfile => ({
  _id: id,
  name: id,
  description: '',
  type: 'openai',
  languages: ['en', 'fr'],
  translations: [],
  organizationId: null,
  scope: 'global',
  quickMeeting: false,
  diarization: true,
  isDefault: false,
  config: { hasApiKey: false },
  availability: { ok: true },
  ...values,
});

const sphinx = profile('sphinx', { type: 'pocketsphinx', languages: ['en'], isDefault: true });
const remote = profile('remote', {});
const frenchOnly = profile('fr', { type: 'whisper', languages: ['fr'], config: { model: 'base', hasApiKey: false } });

describe('language choices', () => {
  it('offers English only, without "automatic", when PocketSphinx is the only engine', () => {
    expect(languageChoices([sphinx])).toEqual(['en']);
    expect(fittingChoice([sphinx], { language: 'auto', profileId: null })).toEqual({ language: 'en', profileId: 'sphinx' });
  });

  it('ignores profiles that cannot run, and languages an engine does not know', () => {
    expect(languageChoices([sphinx, profile('down', { availability: { ok: false } })])).toEqual(['en']);
    expect(languageChoices([profile('odd', { type: 'pocketsphinx', languages: ['en', 'fr'] })])).toEqual(['en']);
    expect(languageChoices([profile('english-model', { type: 'whisper', languages: ['en', 'fr'], config: { model: 'base.en', hasApiKey: false } })])).toEqual(['en']);
  });

  it('offers "automatic" and French with an engine that detects the language, and picks a profile that fits', () => {
    expect(languageChoices([sphinx, remote])).toEqual(['auto', 'en', 'fr']);
    expect(fittingChoice([sphinx, remote], { language: 'auto', profileId: 'sphinx' })).toEqual({ language: 'auto', profileId: 'remote' });
    expect(fittingChoice([sphinx, remote, frenchOnly], { language: 'fr', profileId: 'sphinx' })).toEqual({ language: 'fr', profileId: 'remote' });
    expect(fittingChoice([sphinx, frenchOnly], { language: 'fr', profileId: 'fr' })).toEqual({ language: 'fr', profileId: 'fr' });
    expect(fittingChoice([sphinx, remote], { language: 'en', profileId: null })).toEqual({ language: 'en', profileId: 'sphinx' });
  });
});
