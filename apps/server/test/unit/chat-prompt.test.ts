/** What a question to the transcript sends to the model: labelled turns, retrieval, history, citations. */
import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_FORMAT_VERSION, type Transcript, type Turn } from '@palabre/shared';
import { buildPrompt, promptLanguage } from '../../src/chats/prompt.ts';
import { bm25, citedIds, clock, excerptOf, labelTurns, selectTurns, terms } from '../../src/chats/retrieval.ts';
import { citationsOf, titleOf } from '../../src/chats/service.ts';

function transcriptOf(texts: string[], secondsPerTurn = 10): Transcript {
  const text: Turn[] = texts.map((segment, i) => {
    const words = segment.split(' ').map((word, k) => ({ wid: `w${i}-${k}`, word, stime: i * secondsPerTurn + k * 0.5, etime: i * secondsPerTurn + k * 0.5 + 0.4, confidence: 1 }));
    return { turn_id: `turn-${i}`, speaker_id: i % 2 ? 'b' : 'a', segment, stime: words[0]!.stime, etime: words.at(-1)!.etime, words };
  });
  return {
    version: TRANSCRIPT_FORMAT_VERSION,
    speakers: [
      { speaker_id: 'a', speaker_name: 'Alice' },
      { speaker_id: 'b', speaker_name: 'Bob' },
    ],
    text,
  };
}

describe('labelled turns', () => {
  it('labels each turn with its place, time and speaker', () => {
    const turns = labelTurns(transcriptOf(['hello there', 'good morning'], 221));
    expect(turns.map((t) => t.line)).toEqual(['[T1 00:00 Alice] hello there', '[T2 03:41 Bob] good morning']);
    expect(clock(3 * 3600 + 62)).toBe('3:01:02');
  });
});

describe('retrieval', () => {
  it('scores with BM25: rarer shared words weigh more, no shared word scores 0', () => {
    const docs = [
      ['budget', 'library'],
      ['budget', 'parking'],
      ['weather', 'today'],
    ];
    const scores = bm25(docs, ['library', 'budget']);
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect(scores[2]).toBe(0);
  });

  it('drops stop words and accents in both languages', () => {
    expect(terms('What is the budget of the Library?', 'en')).toEqual(['budget', 'library']);
    expect(terms("Quel est le coût de l'été ?", 'fr')).toContain('cout');
    expect(terms("Quel est le coût de l'été ?", 'fr')).not.toContain('le');
  });

  it('sends everything when it fits, else the best turns with their neighbours in time order', () => {
    const texts = Array.from({ length: 60 }, (_, i) => (i === 40 ? 'the telescope repair was expensive' : `routine item number ${i} on parking and lights`));
    const turns = labelTurns(transcriptOf(texts));
    const total = turns.reduce((sum, t) => sum + t.tokens, 0);
    expect(selectTurns(turns, 'telescope', 'en', total)).toHaveLength(60);
    const picked = selectTurns(turns, 'What about the telescope repair?', 'en', Math.floor(total / 4));
    expect(picked.map((t) => t.id).slice(0, 3)).toEqual(['T40', 'T41', 'T42']);
    expect(picked.reduce((sum, t) => sum + t.tokens, 0)).toBeLessThanOrEqual(Math.floor(total / 4));
    const generic = selectTurns(turns, 'zzz?', 'en', Math.floor(total / 4));
    expect(generic[0]!.id).toBe('T1');
  });
});

describe('the prompt', () => {
  const transcript = transcriptOf(['we approved the budget', 'the works start in spring']);

  it('has the instructions in the media language, the turns, the history and the question last', () => {
    const prompt = buildPrompt({
      mediaName: 'Council',
      language: promptLanguage('fr'),
      transcript,
      history: [
        { role: 'user', content: 'Quel budget ?' },
        { role: 'assistant', content: 'Celui de la bibliothèque [T1].' },
      ],
      question: 'Et les travaux ?',
      contextTokens: 8192,
    });
    expect(prompt.messages[0]!.role).toBe('system');
    expect(prompt.messages[0]!.content).toContain('« Council »');
    expect(prompt.messages[0]!.content).toContain('[T2 00:10 Bob] the works start in spring');
    expect(prompt.messages.slice(1)).toEqual([
      { role: 'user', content: 'Quel budget ?' },
      { role: 'assistant', content: 'Celui de la bibliothèque [T1].' },
      { role: 'user', content: 'Et les travaux ?' },
    ]);
    expect(promptLanguage('en')).toBe('en');
    expect(promptLanguage(null)).toBe('en');
  });

  it('keeps only the most recent history that fits', () => {
    const history = Array.from({ length: 200 }, (_, i) => ({ role: i % 2 ? ('assistant' as const) : ('user' as const), content: `message ${i} ${'word '.repeat(40)}` }));
    const prompt = buildPrompt({ mediaName: 'Council', language: 'en', transcript, history, question: 'Now?', contextTokens: 2048 });
    const kept = prompt.messages.slice(1, -1);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(200);
    expect(kept.at(-1)!.content).toContain('message 199');
  });
});

describe('citations', () => {
  it('keeps the cited ids that exist, once each, in order', () => {
    expect(citedIds('A [T2], b [T1, T3] and [T2] again, [T9 01:02], not T4 nor [note]')).toEqual(['T2', 'T1', 'T3', 'T9']);
    const turns = new Map(labelTurns(transcriptOf(['one', 'two', 'three'])).map((t) => [t.id, t]));
    const citations = citationsOf('See [T3] and [T42].', turns);
    expect(citations).toEqual([{ turnId: 'turn-2', start: 20, end: 20.4, speaker: 'Alice', excerpt: 'three' }]);
  });

  it('cuts excerpts to 200 characters at a word boundary, and titles to the first words', () => {
    const long = 'word '.repeat(100).trim();
    const excerpt = excerptOf(long);
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(titleOf('What did they decide about the new library budget this year?')).toBe('What did they decide about the new library…');
  });
});
