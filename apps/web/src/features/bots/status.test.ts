import type { Bot, TranscriberProfile } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import {
  applyBotNotice,
  isBotActive,
  meetingUrlState,
  quickMeetingProfiles,
  reasonKey,
  serviceKey,
  setupChoices,
  STATUS_COLORS,
  statusKey,
  subtitleLanguageChoices,
} from './status.ts';

function bot(overrides: Partial<Bot> = {}): Bot {
  return {
    _id: 'b1',
    organizationId: 'o1',
    sessionId: 's1',
    channelId: 'c1',
    serviceType: 'jitsi',
    url: 'https://meet.jit.si/council',
    subtitleLanguage: 'en',
    displaySubtitles: false,
    displayName: 'Palabre captions',
    status: 'joining',
    error: null,
    created: '2026-11-26T10:00:00.000Z',
    joinedAt: null,
    leftAt: null,
    ...overrides,
  };
}

function profile(overrides: Partial<TranscriberProfile>): TranscriberProfile {
  return {
    _id: 'p1',
    name: 'Live',
    description: '',
    type: 'openai',
    languages: ['en', 'fr'],
    translations: [],
    organizationId: null,
    scope: 'global',
    quickMeeting: true,
    diarization: false,
    isDefault: false,
    config: { hasApiKey: false },
    availability: { ok: true },
    ...overrides,
  } as TranscriberProfile;
}

describe('meetingUrlState', () => {
  it('says nothing of an empty field', () => {
    expect(meetingUrlState('')).toEqual({ kind: 'empty' });
    expect(meetingUrlState('   ')).toEqual({ kind: 'empty' });
  });

  it('recognises Jitsi Meet, BigBlueButton and other https pages', () => {
    expect(meetingUrlState('https://meet.jit.si/CouncilWeekly')).toEqual({ kind: 'valid', service: 'jitsi' });
    expect(meetingUrlState(' https://bbb.example.org/b/ada-x2k-9qe ')).toEqual({ kind: 'valid', service: 'bigbluebutton' });
    expect(meetingUrlState('https://bbb.example.org/bigbluebutton/api/join?meetingID=1')).toEqual({ kind: 'valid', service: 'bigbluebutton' });
    expect(meetingUrlState('https://video.example.org/events/42/live')).toEqual({ kind: 'valid', service: 'generic' });
    expect(meetingUrlState('http://127.0.0.1:4000/room')).toEqual({ kind: 'valid', service: 'generic' });
  });

  it('refuses what is not an https meeting address', () => {
    for (const input of ['meet.jit.si/room', 'http://meet.example.org/room', 'ftp://example.org/room', 'https://ada:secret@meet.jit.si/room', 'not a url']) {
      expect(meetingUrlState(input)).toEqual({ kind: 'invalid' });
    }
  });
});

describe('labels and colours', () => {
  it('gives each service and status its key, each status its colour', () => {
    expect(serviceKey('generic')).toBe('service.generic');
    expect(statusKey('in_call')).toBe('status.in_call');
    expect(STATUS_COLORS).toEqual({ joining: 'yellow', in_call: 'green', left: 'gray', failed: 'red' });
  });

  it('names a reason only when there is one', () => {
    expect(reasonKey(bot({ status: 'failed', error: 'unreachable' }))).toBe('errors.unreachable');
    expect(reasonKey(bot())).toBeNull();
  });

  it('lets only a joining or connected bot be made to leave', () => {
    expect(isBotActive('joining')).toBe(true);
    expect(isBotActive('in_call')).toBe(true);
    expect(isBotActive('left')).toBe(false);
    expect(isBotActive('failed')).toBe(false);
  });
});

describe('applyBotNotice', () => {
  it("updates the notice's bot and leaves the others", () => {
    const list = [bot(), bot({ _id: 'b2', status: 'in_call' })];
    const next = applyBotNotice(list, { botId: 'b1', channelId: 'c1', status: 'failed', error: 'join_failed' });
    expect(next[0]).toMatchObject({ _id: 'b1', status: 'failed', error: 'join_failed' });
    expect(next[1]).toBe(list[1]);
    expect(list[0]!.status).toBe('joining');
  });

  it('changes nothing for a bot it does not hold', () => {
    const list = [bot()];
    expect(applyBotNotice(list, { botId: 'other', channelId: 'c1', status: 'left', error: 'stopped' })).toEqual(list);
  });
});

describe('subtitleLanguageChoices', () => {
  it('offers the spoken languages then the translations, once each', () => {
    expect(subtitleLanguageChoices(['fr'], ['en', 'de'])).toEqual(['fr', 'en', 'de']);
    expect(subtitleLanguageChoices(['en'], ['en', 'es'])).toEqual(['en', 'es']);
    expect(subtitleLanguageChoices(['en'], [])).toEqual(['en']);
  });
});

describe('quickMeetingProfiles', () => {
  it('keeps the available profiles offered for quick meetings', () => {
    const offered = profile({ _id: 'ok' });
    const list = [
      offered,
      profile({ _id: 'not-offered', quickMeeting: false }),
      profile({ _id: 'down', availability: { ok: false, reason: 'model missing' } }),
      profile({ _id: 'no-language', languages: ['de'] }),
    ];
    expect(quickMeetingProfiles(list)).toEqual([offered]);
  });
});

describe('setupChoices', () => {
  const none = { profileId: null, language: null };
  const first = profile({ _id: 'first', languages: ['fr'] });
  const preferred = profile({ _id: 'preferred', isDefault: true, languages: ['en', 'fr'], translations: ['de'] });

  it('starts from the default profile and its first language, captioned in that language', () => {
    expect(setupChoices([first, preferred], none)).toMatchObject({ profile: preferred, languages: ['en', 'fr'], language: 'en', subtitleLanguages: ['en'] });
  });

  it('keeps the choices that still hold and falls back where they do not', () => {
    expect(setupChoices([first, preferred], { profileId: 'preferred', language: 'fr' })).toMatchObject({ language: 'fr', subtitleLanguages: ['fr'] });
    expect(setupChoices([first, preferred], { profileId: 'first', language: 'en' })).toMatchObject({ profile: first, language: 'fr', subtitleLanguages: ['fr'] });
  });

  it("prefers the organization's own profiles to the global default seeded at installation", () => {
    const seeded = profile({ _id: 'seeded', isDefault: true, organizationId: null });
    const own = profile({ _id: 'own', organizationId: 'o1' });
    const ownDefault = profile({ _id: 'own-default', organizationId: 'o1', isDefault: true });
    expect(setupChoices([seeded, first, own], none).profile).toBe(own);
    expect(setupChoices([seeded, own, ownDefault], none).profile).toBe(ownDefault);
    expect(setupChoices([first, seeded], none).profile).toBe(seeded);
  });

  it('has nothing to offer without a profile for quick meetings', () => {
    expect(setupChoices([profile({ quickMeeting: false })], none)).toEqual({ profiles: [], profile: null, languages: [], language: null, subtitleLanguages: [] });
  });
});
