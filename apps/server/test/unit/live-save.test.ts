/** Saving a session: its transcript from the finals, which channels make media, and the media ids. */
import { describe, expect, it } from 'vitest';
import { checkTranscript, segmentLength, TURN_SIZE } from '@palabre/shared';
import { channelsToSave, languageName, planMedia, savedMediaId, saveModeOf, speakersOf, type SavedChannel } from '../../src/live/save.ts';
import { lastEnd, transcriptFromFinals, translatedFinals, translationLanguages, type SavedFinal } from '../../src/live/save-transcript.ts';

const final = (channelIndex: number, start: number, words: string[], values: Partial<SavedFinal> = {}): SavedFinal => ({
  channelIndex,
  text: words.join(' '),
  start,
  end: start + words.length * 0.5,
  language: 'en',
  words: words.map((word, i) => ({ word, start: start + i * 0.5, end: start + i * 0.5 + 0.4, confidence: 0.5 })),
  translations: {},
  ...values,
});

const channel = (index: number, values: Partial<SavedChannel> = {}): SavedChannel => ({
  index,
  name: `Channel ${index}`,
  language: 'en',
  transcriberProfileId: null,
  diarization: false,
  translations: [],
  finals: [],
  recording: 0,
  ...values,
});

let counter = 0;
const ids = () => `id${++counter}`;

describe('transcriptFromFinals', () => {
  it('makes one speaker per channel and one turn per final, ordered by time across channels', () => {
    const transcript = transcriptFromFinals(
      [
        { index: 0, name: 'Floor' },
        { index: 1, name: 'Booth' },
      ],
      [final(0, 0, ['hello', 'there']), final(0, 4, ['again']), final(1, 2, ['bonjour'], { language: 'fr' })],
      { duration: null, fallbackLanguage: 'en' },
      ids,
    );
    expect(checkTranscript(transcript)).toEqual({ ok: true });
    expect(transcript.speakers).toEqual([
      { speaker_id: 'spk1', speaker_name: 'Floor' },
      { speaker_id: 'spk2', speaker_name: 'Booth' },
    ]);
    expect(transcript.text.map((t) => [t.speaker_id, t.segment, t.language])).toEqual([
      ['spk1', 'hello there', 'en'],
      ['spk2', 'bonjour', 'fr'],
      ['spk1', 'again', 'en'],
    ]);
    expect(transcript.text[0]!.words.map((w) => [w.stime, w.etime, w.confidence])).toEqual([
      [0, 0.4, 0.5],
      [0.5, 0.9, 0.5],
    ]);
  });

  it('spreads a final without timed words over its time, cuts long finals at the turn size, bounds times by the audio', () => {
    const long = Array.from({ length: 600 }, (_, i) => `word${i}`);
    const transcript = transcriptFromFinals(
      [{ index: 0, name: 'Floor' }],
      [final(0, 0, [], { text: 'no timed words', end: 3 }), final(0, 3, long)],
      { duration: 100, fallbackLanguage: 'en' },
      ids,
    );
    expect(checkTranscript(transcript, { duration: 100 })).toEqual({ ok: true });
    expect(transcript.text[0]!.words.map((w) => [w.word, w.stime, w.etime])).toEqual([
      ['no', 0, 1],
      ['timed', 1, 2],
      ['words', 2, 3],
    ]);
    expect(transcript.text.length).toBeGreaterThan(2);
    expect(transcript.text.every((t) => segmentLength(t.segment) <= TURN_SIZE)).toBe(true);
    expect(Math.max(...transcript.text.flatMap((t) => t.words.map((w) => w.etime)))).toBe(100);
  });

  it('falls back to the channel language for a final whose language is not a tag, and skips other channels', () => {
    const transcript = transcriptFromFinals(
      [{ index: 1, name: 'Booth' }],
      [final(0, 0, ['skipped']), final(1, 0, ['kept'], { language: '??' })],
      { duration: null, fallbackLanguage: 'fr' },
      ids,
    );
    expect(transcript.text.map((t) => [t.segment, t.language])).toEqual([['kept', 'fr']]);
  });

  it('makes the finals translated into a language finals of it, words spread over their time by length', () => {
    const finals = [
      final(0, 1, ['good', 'morning'], { translations: { fr: 'bonjour à tous', de: 'guten Morgen' } }),
      final(0, 3, ['thanks'], { translations: { de: 'danke' } }),
      final(0, 5, ['bye'], { translations: { fr: '  ' } }),
    ];
    expect(translationLanguages(finals)).toEqual(['de', 'fr']);
    expect(translationLanguages(finals, ['fr', 'es'])).toEqual(['fr', 'de']);
    const french = translatedFinals(finals, 'fr');
    expect(french).toHaveLength(1);
    expect(french[0]).toMatchObject({ channelIndex: 0, text: 'bonjour à tous', start: 1, end: 2, language: 'fr', translations: {} });
    expect(french[0]!.words.map((w) => [w.word, w.start, w.end])).toEqual([
      ['bonjour', 1, 1.583],
      ['à', 1.583, 1.667],
      ['tous', 1.667, 2],
    ]);
    const transcript = transcriptFromFinals([{ index: 0, name: 'Floor' }], french, { duration: null, fallbackLanguage: 'fr' }, ids);
    expect(checkTranscript(transcript)).toEqual({ ok: true });
    expect(transcript.text.map((t) => [t.speaker_id, t.segment, t.language, t.stime, t.etime])).toEqual([['spk1', 'bonjour à tous', 'fr', 1, 2]]);
  });

  it('measures the last end', () => {
    expect(lastEnd([final(0, 0, ['a']), final(0, 2.3456, ['b'])])).toBe(2.846);
    expect(lastEnd([])).toBe(0);
  });
});

describe('what a save makes', () => {
  const heard = channel(0, { finals: [final(0, 0, ['a'])] });
  const recorded = channel(1, { recording: 32_000 });
  const silent = channel(2);

  it('keeps the channels with finals, or with a recording when audio is kept or transcribed afterwards', () => {
    expect(channelsToSave({ keepAudio: true, liveTranscription: true }, [heard, recorded, silent]).map((c) => c.index)).toEqual([0, 1]);
    expect(channelsToSave({ keepAudio: false, liveTranscription: true }, [heard, recorded, silent]).map((c) => c.index)).toEqual([0]);
    expect(channelsToSave({ keepAudio: false, liveTranscription: false }, [heard, recorded, silent]).map((c) => c.index)).toEqual([1]);
    // Offline transcription (a quick meeting): the recordings go to the pipeline, live finals or not.
    expect(channelsToSave({ keepAudio: true, liveTranscription: true, offlineTranscription: true }, [heard, recorded, silent]).map((c) => c.index)).toEqual([1]);
  });

  it("names a session's speakers after its channels, a quick meeting's after no one: Speaker 1", () => {
    const tracks = [{ index: 0, name: 'Floor' }];
    expect(speakersOf({ kind: 'session' }, tracks)).toEqual([{ index: 0, name: 'Floor' }]);
    expect(speakersOf({ kind: 'quickMeeting' }, [{ index: 0, name: 'Microphone' }])).toEqual([{ index: 0, name: 'Speaker 1' }]);
    const transcript = transcriptFromFinals(speakersOf({ kind: 'quickMeeting' }, [{ index: 0, name: 'Videoconference' }]), [final(0, 0, ['hello'])], {
      duration: null,
      fallbackLanguage: 'en',
    });
    expect(transcript.speakers).toEqual([{ speaker_id: 'spk1', speaker_name: 'Speaker 1' }]);
    expect(transcript.text.map((turn) => turn.speaker_id)).toEqual(['spk1']);
  });

  it('saves from the finals only with live transcription and no offline transcription', () => {
    expect(saveModeOf({ keepAudio: true, liveTranscription: true })).toBe('transcript');
    expect(saveModeOf({ keepAudio: true, liveTranscription: true, offlineTranscription: false })).toBe('transcript');
    expect(saveModeOf({ keepAudio: true, liveTranscription: true, offlineTranscription: true })).toBe('pipeline');
    expect(saveModeOf({ keepAudio: true, liveTranscription: false, offlineTranscription: true })).toBe('pipeline');
    expect(saveModeOf({ keepAudio: false, liveTranscription: false })).toBe('pipeline');
  });

  it('plans one media for one channel, a parent and a child per channel for several', () => {
    const sessionId = '2b0c1d0e-6b0a-4c39-9d7e-0a3f5b0d6e11';
    expect(planMedia(sessionId, 'Minutes', [heard])).toEqual([{ id: savedMediaId(sessionId, 'main'), parentId: null, name: 'Minutes', channels: [heard], translation: null }]);
    const plans = planMedia(sessionId, 'Minutes', [heard, recorded]);
    expect(plans.map((p) => [p.name, p.parentId, p.channels.length])).toEqual([
      ['Minutes', null, 2],
      ['Channel 0', plans[0]!.id, 1],
      ['Channel 1', plans[0]!.id, 1],
    ]);
  });

  it('adds a child per channel and target language with translated finals', () => {
    const sessionId = '2b0c1d0e-6b0a-4c39-9d7e-0a3f5b0d6e11';
    const translated = channel(0, { name: 'Floor', translations: ['fr', 'de'], finals: [final(0, 0, ['hello'], { translations: { fr: 'bonjour' } })] });
    const one = planMedia(sessionId, 'Minutes', [translated]);
    expect(one.map((p) => [p.id, p.name, p.parentId, p.translation])).toEqual([
      [savedMediaId(sessionId, 'main'), 'Minutes', null, null],
      [savedMediaId(sessionId, { channel: 0, language: 'fr' }), 'Floor (français)', one[0]!.id, 'fr'],
    ]);
    const two = planMedia(sessionId, 'Minutes', [translated, recorded]);
    expect(two.map((p) => [p.name, p.parentId, p.translation])).toEqual([
      ['Minutes', null, null],
      ['Floor', two[0]!.id, null],
      ['Channel 1', two[0]!.id, null],
      ['Floor (français)', two[0]!.id, 'fr'],
    ]);
    expect(languageName('de')).toBe('Deutsch');
    expect(languageName('not a language')).toBe('not a language');
  });

  it('derives the same valid UUID for the same session and part, another for another', () => {
    const sessionId = '2b0c1d0e-6b0a-4c39-9d7e-0a3f5b0d6e11';
    const id = savedMediaId(sessionId, 'main');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(savedMediaId(sessionId, 'main')).toBe(id);
    expect(savedMediaId(sessionId, 0)).not.toBe(id);
    expect(savedMediaId(sessionId, { channel: 0, language: 'fr' })).not.toBe(savedMediaId(sessionId, { channel: 1, language: 'fr' }));
    expect(savedMediaId(sessionId, { channel: 0, language: 'fr' })).toBe(savedMediaId(sessionId, { channel: 0, language: 'fr' }));
    expect(savedMediaId('6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b', 'main')).not.toBe(id);
  });
});
