import { describe, expect, it } from 'vitest';
import { punctuateSegments, punctuateWords, typographicSpacing } from '../src/text/punctuation.ts';

function timed(text: string) {
  return text.split(' ').map((word, i) => ({ word, stime: i, etime: i + 0.5, confidence: 0.9 }));
}
const text = (words: Array<{ word: string }>) => words.map((w) => w.word).join(' ');

describe('punctuateWords', () => {
  it('capitalises the start and ends with a period, keeping times', () => {
    const words = timed('and so my fellow americans');
    const result = punctuateWords(words, 'en');
    expect(text(result)).toBe('And so my fellow americans.');
    expect(result.map((w) => [w.stime, w.etime, w.confidence])).toEqual(words.map((w) => [w.stime, w.etime, w.confidence]));
  });

  it('keeps existing sentence ends and capitalises after them', () => {
    expect(text(punctuateWords(timed('what? no. really!'), 'en'))).toBe('What? No. Really!');
    expect(text(punctuateWords(timed('wait…'), 'en'))).toBe('Wait…');
  });

  it('replaces a trailing comma, semicolon or colon by a period', () => {
    expect(text(punctuateWords(timed('so, we said,'), 'en'))).toBe('So, we said.');
    expect(text(punctuateWords(timed('voici :'), 'fr'))).toBe('Voici.');
  });

  it('capitalises the English pronoun I', () => {
    expect(text(punctuateWords(timed("then i said i'm sure it's mine"), 'en'))).toBe("Then I said I'm sure it's mine.");
    expect(text(punctuateWords(timed('il dit i'), 'fr'))).toBe('Il dit i.');
  });

  it('glues punctuation-only words to the previous word, keeping that word’s times', () => {
    const words = [
      { word: 'hello', stime: 0, etime: 0.4, confidence: 1 },
      { word: ',', stime: 0.4, etime: 0.4, confidence: 1 },
      { word: 'world', stime: 0.5, etime: 0.9, confidence: 0.8 },
      { word: '?', stime: 0.9, etime: 0.9, confidence: 1 },
    ];
    expect(punctuateWords(words, 'en')).toEqual([
      { word: 'Hello,', stime: 0, etime: 0.4, confidence: 1 },
      { word: 'world?', stime: 0.5, etime: 0.9, confidence: 0.8 },
    ]);
    expect(text(punctuateWords(timed('« bonjour »'), 'fr'))).toBe('«\u00a0Bonjour\u00a0».');
  });

  it('applies French spacing before ? ! ; : and inside guillemets', () => {
    expect(text(punctuateWords(timed('ça va? oui! enfin; voici: rien'), 'fr'))).toBe('Ça va\u202f? Oui\u202f! Enfin\u202f; voici\u00a0: rien.');
    expect(text(punctuateWords(timed('vraiment ?!'), 'fr'))).toBe('Vraiment\u202f?!');
  });

  it('removes spaces before punctuation in English', () => {
    expect(typographicSpacing('really\u202f?', 'en')).toBe('really?');
    expect(typographicSpacing('note\u00a0:', 'en')).toBe('note:');
  });

  it('leaves clock times and already spaced French alone', () => {
    expect(typographicSpacing('10:30', 'fr')).toBe('10:30');
    expect(typographicSpacing('oui\u202f?', 'fr')).toBe('oui\u202f?');
    expect(typographicSpacing('oui ?', 'fr')).toBe('oui\u202f?');
  });

  it('returns nothing for nothing', () => {
    expect(punctuateWords([], 'en')).toEqual([]);
  });
});

describe('punctuateSegments', () => {
  it('works per segment and keeps the other fields', () => {
    const segments = [
      { stime: 0, etime: 1.5, words: timed('hello there') },
      { stime: 3, etime: 4.5, words: timed('bonjour à tous') },
    ];
    const result = punctuateSegments(segments, 'fr');
    expect(result.map((s) => text(s.words))).toEqual(['Hello there.', 'Bonjour à tous.']);
    expect(result[1]).toMatchObject({ stime: 3, etime: 4.5 });
  });
});
