import { checkTranscript } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { syntheticTranscript } from '../../src/bench/synthetic-transcript.ts';

describe('the synthetic three-hour transcript', () => {
  const { transcript, words, duration } = syntheticTranscript();

  it('is a valid transcript within three hours', () => {
    expect(duration).toBe(10_800);
    expect(checkTranscript(transcript, { duration })).toEqual({ ok: true });
    expect(transcript.text[transcript.text.length - 1]!.etime).toBeGreaterThan(10_700);
  });

  it('has about 30,000 words in 2,000 turns between 4 to 6 speakers', () => {
    expect(transcript.text).toHaveLength(2000);
    expect(words).toBeGreaterThan(28_500);
    expect(words).toBeLessThan(31_500);
    expect(transcript.speakers.length).toBeGreaterThanOrEqual(4);
    expect(transcript.speakers.length).toBeLessThanOrEqual(6);
    const used = new Set(transcript.text.map((t) => t.speaker_id));
    expect(used.size).toBe(transcript.speakers.length);
  });

  it('reads like speech: punctuation, word lengths, some low confidences', () => {
    const all = transcript.text.flatMap((t) => t.words);
    const letters = all.map((w) => w.word.replace(/[^\p{L}]/gu, '').length);
    const mean = letters.reduce((a, b) => a + b, 0) / letters.length;
    expect(mean).toBeGreaterThan(3);
    expect(mean).toBeLessThan(7);
    expect(transcript.text.every((t) => /[.?]$/.test(t.segment) && /^[A-Z]/.test(t.segment))).toBe(true);
    const low = all.filter((w) => w.confidence < 0.6).length / all.length;
    expect(low).toBeGreaterThan(0.04);
    expect(low).toBeLessThan(0.12);
  });

  it('is the same for the same seed and differs for another', () => {
    expect(syntheticTranscript({ turns: 50, words: 500 })).toEqual(syntheticTranscript({ turns: 50, words: 500 }));
    expect(syntheticTranscript({ turns: 50, words: 500, seed: 7 }).transcript).not.toEqual(syntheticTranscript({ turns: 50, words: 500 }).transcript);
  });
});
