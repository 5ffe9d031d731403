import type { LiveFinal, LivePartial } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_CAPTIONS, linesIn, setPartial, upsertFinal, type CaptionState } from './captions.ts';

const final = (segmentId: number, text: string, extra: Partial<LiveFinal> = {}): LiveFinal => ({
  sessionId: 's',
  channelIndex: 0,
  segmentId,
  text,
  start: segmentId,
  end: segmentId + 1,
  language: 'fr',
  words: [],
  translations: {},
  at: '2026-01-01T00:00:00Z',
  ...extra,
});
const partial = (segmentId: number, text: string, channelIndex = 0): LivePartial => ({ sessionId: 's', channelIndex, segmentId, text });
const texts = (state: CaptionState, channel = 0) => (state.finals.get(channel) ?? []).map((f) => f.text);

describe('the live captions', () => {
  it('keeps finals in segment order whatever order they arrive in', () => {
    let state = EMPTY_CAPTIONS;
    for (const f of [final(2, 'c'), final(0, 'a'), final(3, 'd'), final(1, 'b')]) state = upsertFinal(state, f);
    expect(texts(state)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('replaces a final re-sent with the same segment (its translation added)', () => {
    let state = upsertFinal(EMPTY_CAPTIONS, final(0, 'bonjour'));
    state = upsertFinal(state, final(1, 'merci'));
    state = upsertFinal(state, final(0, 'bonjour', { translations: { en: 'hello' } }));
    expect(texts(state)).toEqual(['bonjour', 'merci']);
    expect(state.finals.get(0)![0]!.translations).toEqual({ en: 'hello' });
  });

  it('keeps channels apart', () => {
    let state = upsertFinal(EMPTY_CAPTIONS, final(0, 'zero'));
    state = upsertFinal(state, final(0, 'other', { channelIndex: 1 }));
    expect(texts(state, 0)).toEqual(['zero']);
    expect(texts(state, 1)).toEqual(['other']);
  });

  it('keeps only the most recent finals beyond the backlog', () => {
    let state = EMPTY_CAPTIONS;
    for (let i = 0; i < 5; i++) state = upsertFinal(state, final(i, `t${i}`), 3);
    expect(texts(state)).toEqual(['t2', 't3', 't4']);
  });

  it('drops the partial once its final arrives, not before', () => {
    let state = setPartial(EMPTY_CAPTIONS, partial(0, 'bon'));
    state = setPartial(state, partial(0, 'bonjour à'));
    expect(state.partials.get(0)?.text).toBe('bonjour à');
    state = setPartial(state, partial(0, 'x', 1));
    state = upsertFinal(state, final(0, 'bonjour à tous'));
    expect(state.partials.has(0)).toBe(false);
    expect(state.partials.get(1)?.text).toBe('x');
  });

  it('keeps a newer partial when an older final is re-sent, and ignores a late partial of a final already in', () => {
    let state = upsertFinal(EMPTY_CAPTIONS, final(0, 'a'));
    state = setPartial(state, partial(1, 'b…'));
    state = upsertFinal(state, final(0, 'a', { translations: { en: 'A' } }));
    expect(state.partials.get(0)?.text).toBe('b…');
    state = upsertFinal(state, final(1, 'b'));
    expect(setPartial(state, partial(1, 'late'))).toBe(state);
  });

  it('shows the spoken language, a translation, or the original marked untranslated', () => {
    const finals = [final(0, 'bonjour', { translations: { en: 'hello' } }), final(1, 'merci'), final(2, '  ')];
    expect(linesIn(finals, null)).toEqual([
      { key: '0:0', text: 'bonjour', language: 'fr', untranslated: false },
      { key: '0:1', text: 'merci', language: 'fr', untranslated: false },
    ]);
    expect(linesIn(finals, 'en')).toEqual([
      { key: '0:0', text: 'hello', language: 'en', untranslated: false },
      { key: '0:1', text: 'merci', language: 'fr', untranslated: true },
    ]);
  });
});
