import { describe, expect, it } from 'vitest';
import { extractiveSummary, rankSentences } from '../src/text/textrank.ts';

describe('rankSentences', () => {
  it('prefers the sentence that shares words with all the others', () => {
    const sentences = [
      'The budget funds the schools.',
      'The budget funds schools, roads and hospitals in the city.',
      'Roads in the city need repair.',
      'Hospitals need more nurses.',
    ];
    const scores = rankSentences(sentences, 'en');
    expect(scores).toHaveLength(4);
    expect(scores.indexOf(Math.max(...scores))).toBe(1);
    expect(scores.reduce((sum, score) => sum + score, 0)).toBeCloseTo(1, 6);
  });

  it('works in French with accents and plurals folded', () => {
    const sentences = ['Les écoles ouvrent.', 'La mairie rénove les écoles et les piscines.', 'Une piscine ferme.', 'Il pleut.'];
    const scores = rankSentences(sentences, 'fr');
    expect(scores.indexOf(Math.max(...scores))).toBe(1);
    expect(scores[3]).toBeLessThan(scores[0]!);
  });

  it('is deterministic and handles edge cases', () => {
    const sentences = ['Alpha beta.', 'Beta gamma.', 'Gamma alpha.'];
    expect(rankSentences(sentences, 'en')).toEqual(rankSentences(sentences, 'en'));
    expect(rankSentences([], 'en')).toEqual([]);
    expect(rankSentences(['Only one.'], 'en')).toEqual([1]);
    const isolated = rankSentences(['Yeah.', 'Okay.'], 'en');
    expect(isolated[0]).toBeCloseTo(0.5);
  });

  it('keeps the graph sparse when a word is in every sentence', () => {
    const sentences = Array.from({ length: 30_000 }, (_, index) => `The project meeting number ${index} went well.`);
    const scores = rankSentences(sentences, 'en');
    expect(scores).toHaveLength(30_000);
    expect(scores.reduce((sum, score) => sum + score, 0)).toBeCloseTo(1, 6);
    expect(Math.max(...scores) / Math.min(...scores)).toBeLessThan(1.5);
    // A dense graph would hold 450 million links here: far beyond the test's timeout.
  });
});

/** A long meeting transcript: a few topics, each sentence built from its topic's words. */
function transcript(sentenceCount: number): string[] {
  const topics = [
    ['budget', 'cost', 'quarter', 'revenue', 'forecast', 'spending'],
    ['release', 'feature', 'testing', 'deployment', 'server', 'bug'],
    ['hiring', 'team', 'candidate', 'interview', 'onboarding', 'office'],
  ];
  const fillers = ['so', 'we', 'think', 'the', 'really', 'about', 'and', 'then'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: sentenceCount }, (_, index) => {
    const topic = topics[Math.floor(index / (sentenceCount / topics.length))]!;
    const length = 4 + Math.floor(next() * 14);
    const words = Array.from({ length }, () => (next() < 0.5 ? fillers : topic)[Math.floor(next() * 6)]!);
    return `${words.join(' ')}.`;
  });
}

describe('extractiveSummary', () => {
  it('leaves out a sentence that repeats a chosen one with other figures', () => {
    const sentences = [
      'The latest figures for the security audit show a cost of 12 thousand euros above the estimate.',
      'The latest figures for the security audit show a cost of 16 thousand euros above the estimate.',
      'The security audit team will present the figures and the estimate to the council next week.',
      'The council asked the audit team for a cheaper estimate of the security work.',
    ];
    const chosen = extractiveSummary(sentences, { language: 'en', maxWords: 200 });
    expect(chosen.filter((index) => index < 2)).toHaveLength(1);
    expect(chosen).toContain(2);
    expect(chosen).toContain(3);
  });

  it('stays within maxWords and keeps the original order', () => {
    const sentences = transcript(1500);
    const chosen = extractiveSummary(sentences, { language: 'en', maxWords: 120 });
    expect(chosen.length).toBeGreaterThan(3);
    expect([...chosen].sort((a, b) => a - b)).toEqual(chosen);
    expect(new Set(chosen).size).toBe(chosen.length);
    const words = chosen.reduce((sum, index) => sum + sentences[index]!.split(' ').length, 0);
    expect(words).toBeLessThanOrEqual(120);
    expect(words).toBeGreaterThan(100);
  });

  it('picks the central sentences and never a content-free one', () => {
    const sentences = ['Yeah.', 'The budget funds schools, roads and hospitals.', 'Okay, so.', 'Roads need repair.', 'Hospitals hire nurses.'];
    expect(extractiveSummary(sentences, { language: 'en', maxWords: 7 })).toEqual([1]);
    expect(extractiveSummary(sentences, { language: 'en', maxWords: 9 })).toEqual([1]);
    expect(extractiveSummary(sentences, { language: 'en', maxWords: 10 })).toEqual([1, 3]);
    expect(extractiveSummary(sentences, { language: 'en', maxWords: 100 })).toEqual([1, 3, 4]);
    expect(extractiveSummary(sentences, { language: 'en', maxWords: 1 })).toEqual([]);
  });
});
