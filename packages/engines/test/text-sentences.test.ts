import { describe, expect, it } from 'vitest';
import { splitSentences } from '../src/text/sentences.ts';
import { STOP_WORDS, isStopWord } from '../src/text/stopwords.ts';

describe('STOP_WORDS', () => {
  it('holds function words and spoken fillers of both languages', () => {
    for (const word of ['the', 'and', 'of', 'you', "don't", 'um', 'uh', 'yeah']) expect(STOP_WORDS.en.has(word), word).toBe(true);
    for (const word of ['le', 'la', 'des', 'être', 'était', 'euh', 'ben', 'hein', 'voilà']) expect(STOP_WORDS.fr.has(word), word).toBe(true);
    for (const word of ['country', 'budget']) expect(STOP_WORDS.en.has(word)).toBe(false);
    expect(STOP_WORDS.fr.has('budget')).toBe(false);
    expect(STOP_WORDS.en.size).toBeGreaterThan(150);
    expect(STOP_WORDS.fr.size).toBeGreaterThan(150);
  });

  it('matches any case and curly apostrophes', () => {
    expect(isStopWord('The', 'en')).toBe(true);
    expect(isStopWord('Don’t', 'en')).toBe(true);
    expect(isStopWord('Country', 'en')).toBe(false);
  });
});

describe('splitSentences', () => {
  it('splits on terminal punctuation followed by a capital', () => {
    expect(splitSentences('Wait! Really?! Yes. We left.', 'en')).toEqual(['Wait!', 'Really?!', 'Yes.', 'We left.']);
  });

  it('keeps abbreviations, initials, decimals and inner ellipses inside the sentence', () => {
    expect(splitSentences('Mr. Smith paid 3.5 million, e.g. for the house. Then he left... quietly. J. F. Kennedy spoke.', 'en')).toEqual([
      'Mr. Smith paid 3.5 million, e.g. for the house.',
      'Then he left... quietly.',
      'J. F. Kennedy spoke.',
    ]);
    expect(splitSentences('Dr. Who arrived at 10 a.m. today. Fine.', 'en')).toEqual(['Dr. Who arrived at 10 a.m. today.', 'Fine.']);
  });

  it('ends a sentence at an ellipsis followed by a capital', () => {
    expect(splitSentences('I wonder… Maybe not.', 'en')).toEqual(['I wonder…', 'Maybe not.']);
  });

  it('keeps spaced French quotes and question marks with their sentence', () => {
    expect(splitSentences('M. Dupont a dit : « Bonjour. » Puis il est parti. Vraiment ? Oui ! Mme Durand approuve.', 'fr')).toEqual([
      'M. Dupont a dit : « Bonjour. »',
      'Puis il est parti.',
      'Vraiment ?',
      'Oui !',
      'Mme Durand approuve.',
    ]);
  });

  it('splits at blank lines and joins wrapped lines', () => {
    expect(splitSentences('first paragraph\nwrapped here\n\nsecond one', 'en')).toEqual(['first paragraph wrapped here', 'second one']);
    expect(splitSentences('   ', 'en')).toEqual([]);
  });
});
