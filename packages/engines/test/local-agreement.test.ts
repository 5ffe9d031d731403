/** The stable-prefix policy (LocalAgreement-2) on scripted hypotheses. */
import { describe, expect, it } from 'vitest';
import type { StreamWord } from '../src/asr/streaming.ts';
import { LocalAgreement } from '../src/asr/local-agreement.ts';

/** "and@0.3 so@0.5" → words; each word ends where the next starts (or 0.2 s later). */
function words(text: string): StreamWord[] {
  const parsed = text
    .split(' ')
    .filter(Boolean)
    .map((token) => {
      const [word, at] = token.split('@');
      return { word: word!, start: Number(at) };
    });
  return parsed.map((w, i) => ({ word: w.word, start: w.start, end: parsed[i + 1]?.start ?? w.start + 0.2, confidence: 1 }));
}
const text = (list: readonly StreamWord[]) => list.map((w) => w.word).join(' ');

describe('LocalAgreement-2', () => {
  it('commits a word once two consecutive decodes agree on it and everything before it', () => {
    const policy = new LocalAgreement();
    let state = policy.update(words('and@0.3 so@0.5 mi@0.8'));
    expect(text(state.committed)).toBe('');
    expect(text(state.tentative)).toBe('and so mi');

    state = policy.update(words('and@0.3 so@0.5 my@0.8 fellow@1.1'));
    expect(text(state.committed)).toBe('and so');
    expect(text(state.tentative)).toBe('my fellow');

    state = policy.update(words('and@0.3 so@0.5 my@0.8 fellow@1.1 americ@1.5'));
    expect(text(state.committed)).toBe('and so my fellow');
    expect(text(state.tentative)).toBe('americ');
  });

  it('never changes committed words, whatever later decodes say', () => {
    const policy = new LocalAgreement();
    policy.update(words('and@0.3 so@0.5'));
    policy.update(words('and@0.3 so@0.5 my@0.8'));
    // A later decode rewrites the start: the committed words stay, and "my" is agreed on.
    const state = policy.update(words('an@0.3 sew@0.5 my@0.8 fellow@1.1'));
    expect(text(state.committed)).toBe('and so my');
    expect(text(state.tentative)).toBe('fellow');
    expect(text(policy.finish(words('an@0.3 sew@0.5 my@0.8 fellow@1.1 americans@1.5')))).toBe('and so my fellow americans');
  });

  it('compares words folded (case, accents, punctuation) and keeps the newer spelling', () => {
    const policy = new LocalAgreement();
    policy.update(words('And@0.3 so@0.5 Americans@1.5'));
    const state = policy.update(words('and@0.3 so,@0.5 Americans,@1.5 ask@2'));
    expect(text(state.committed)).toBe('and so, Americans,');
    const policyFr = new LocalAgreement();
    policyFr.update(words('Ça@0 été@0.3'));
    expect(text(policyFr.update(words('ca@0 Été.@0.3')).committed)).toBe('ca Été.');
  });

  it('stops agreeing at the first difference', () => {
    const policy = new LocalAgreement();
    policy.update(words('ask@3.3 not@3.9 what@4.2 your@4.5'));
    const state = policy.update(words('ask@3.3 knot@3.9 what@4.2 your@4.5'));
    expect(text(state.committed)).toBe('ask');
    expect(text(state.tentative)).toBe('knot what your');
  });

  it('finds the words after the committed ones by time when a decode does not repeat them', () => {
    const policy = new LocalAgreement();
    policy.update(words('what@5.4 your@5.6 country@5.9 can@6.4'));
    policy.update(words('what@5.4 your@5.6 country@5.9 can@6.4 do@6.7'));
    // Committed: what your country can. This decode mangles the start and repeats "can".
    const state = policy.update(words('was@5.4 you@5.6 can@6.4 do@6.7 for@6.9'));
    expect(text(state.committed)).toBe('what your country can do');
    expect(text(state.tentative)).toBe('for');
  });

  it('drops a repetition of the last committed words', () => {
    const policy = new LocalAgreement();
    policy.update(words('can@6.4 do@6.7'));
    policy.update(words('can@6.4 do@6.7 for@6.9'));
    // Times drifted back, so "can do" is seen again after the committed words: it is dropped.
    expect(text(policy.finish(words('cant@6.3 can@6.62 do@6.68 for@6.9 you@7.1')))).toBe('can do for you');
  });

  it('makes the final the committed words plus the last decode’s others, then starts afresh', () => {
    const policy = new LocalAgreement();
    policy.update(words('ask@8.1 what@8.5'));
    policy.update(words('ask@8.1 what@8.5 you@8.8'));
    expect(text(policy.finish(words('ask@8.1 what@8.5 you@8.8 can@9.2 do@9.35')))).toBe('ask what you can do');
    expect(policy.state).toEqual({ committed: [], tentative: [] });
    // A final without partial decodes is the decode itself.
    expect(text(policy.finish(words('country@9.95')))).toBe('country');
    expect(policy.finish([])).toEqual([]);
  });

  it('keeps times going forward', () => {
    const policy = new LocalAgreement();
    policy.update(words('a@1 b@2'));
    policy.update([
      { word: 'a', start: 1, end: 2.5, confidence: 1 },
      { word: 'b', start: 2, end: 2.2, confidence: 1 },
    ]);
    const { committed } = policy.state;
    expect(committed[1]!.start).toBeGreaterThanOrEqual(committed[0]!.end);
    expect(committed[1]!.end).toBeGreaterThanOrEqual(committed[1]!.start);
    const final = policy.finish([{ word: 'c', start: 0.5, end: 0.7, confidence: 1 }]);
    // "c" is timed before the committed words: it cannot come after them.
    expect(text(final)).toBe('a b');
  });

  it('ignores tokens that are only punctuation', () => {
    const policy = new LocalAgreement();
    policy.update(words('hello@0 …@0.4 world@0.5'));
    expect(text(policy.update(words('hello@0 world@0.5 again@1')).committed)).toBe('hello world');
  });
});
