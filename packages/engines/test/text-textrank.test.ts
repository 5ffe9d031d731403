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
