import { describe, expect, it } from 'vitest';
import { extractKeyphrases } from '../src/text/keyphrases.ts';

import { textLanguageOf } from '../src/text/stopwords.ts';
// The reference text of the jfk-en.wav fixture.
const JFK = 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';

const FRENCH = `Le conseil municipal a voté le budget de la ville pour l'année prochaine. Le budget prévoit la rénovation
des écoles primaires et la construction d'une nouvelle piscine. Selon le maire, la rénovation des écoles primaires est la
priorité du mandat. L'opposition critique le coût de la piscine et demande un référendum. Les habitants seront consultés
sur le budget participatif en septembre.`;

describe('extractKeyphrases', () => {
  it('finds the subject of the JFK sentence', () => {
    const phrases = extractKeyphrases(JFK, { language: 'en' }).map((phrase) => phrase.text);
    expect(phrases).toContain('country');
    expect(phrases.some((phrase) => phrase.includes('Americans'))).toBe(true);
  });

  it('never starts or ends a phrase with a stop word, nor crosses a comma', () => {
    for (const { text } of extractKeyphrases(JFK, { language: 'en', max: 50 })) {
      const words = text.toLowerCase().split(' ');
      expect(['and', 'so', 'my', 'your', 'what', 'can', 'do', 'for', 'you', 'not']).not.toContain(words[0]);
      expect(['and', 'so', 'my', 'your', 'what', 'can', 'do', 'for', 'you', 'not']).not.toContain(words.at(-1));
      expect(words.length).toBeLessThanOrEqual(3);
      expect(text).not.toBe('Americans ask');
    }
  });

  it('reads French: elisions, accents and plurals', () => {
    const phrases = extractKeyphrases(FRENCH, { language: 'fr', max: 15 }).map((phrase) => phrase.text);
    expect(phrases).toContain('budget');
    expect(phrases.some((phrase) => phrase.startsWith('écoles') || phrase.includes('rénovation'))).toBe(true);
    for (const phrase of phrases) expect(phrase).not.toMatch(/^(le|la|les|de|des|du|d'|l')\b/u);
  });

  it('returns the most relevant first with a descending score, one per folded form', () => {
    const text = 'The Budget is late. The budgets of the city are public. Our city budget matters. The CITY plans.';
    const phrases = extractKeyphrases(text, { language: 'en', max: 20 });
    for (let index = 1; index < phrases.length; index++) expect(phrases[index]!.score).toBeLessThanOrEqual(phrases[index - 1]!.score);
    for (const phrase of phrases) expect(phrase.score).toBeGreaterThan(0);
    const folded = phrases.map((phrase) => phrase.text.toLowerCase().replace(/s\b/g, ''));
    expect(new Set(folded).size).toBe(folded.length);
    expect(folded.filter((phrase) => phrase === 'budget')).toHaveLength(1);
  });

  it('prefers a proper noun repeated across the text', () => {
    const text = `Yesterday the team met Kaggle about a partnership. The meeting was long and the coffee was cold.
      Kaggle hosts competitions for data scientists. We will talk to Kaggle again next week about the data.`;
    const phrases = extractKeyphrases(text, { language: 'en', max: 50 }).map((phrase) => phrase.text);
    expect(phrases.indexOf('Kaggle')).toBeGreaterThanOrEqual(0);
    expect(phrases.indexOf('Kaggle')).toBeLessThan(5);
    expect(phrases.indexOf('Kaggle')).toBeLessThan(phrases.indexOf('coffee'));
    expect(phrases.indexOf('Kaggle')).toBeLessThan(phrases.indexOf('meeting'));
  });

  it('honours max and copes with empty or stop-word-only text', () => {
    expect(extractKeyphrases(FRENCH, { language: 'fr', max: 2 })).toHaveLength(2);
    expect(extractKeyphrases('', { language: 'en' })).toEqual([]);
    expect(extractKeyphrases('and so it is, you know.', { language: 'en' })).toEqual([]);
  });
});

describe('textLanguageOf', () => {
  it('tells French from English by their own stop words, and keeps the fallback when unsure', () => {
    expect(textLanguageOf("La bibliothèque municipale ouvre le dimanche et prête des livres aux enfants de l'école.", 'en')).toBe('fr');
    expect(textLanguageOf('The library opens on Sundays and lends books to the children of the school.', 'fr')).toBe('en');
    expect(textLanguageOf('Budget, calendrier, Paris.', 'fr')).toBe('fr');
    expect(textLanguageOf('Budget, calendrier, Paris.', 'en')).toBe('en');
  });
});
