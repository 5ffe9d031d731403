import { describe, expect, it } from 'vitest';
import { spokenNumbersToDigits, type NumberLanguage } from '../src/text/numbers.ts';

/** Words 1 s apart, 0.5 s long, confidences 0.9, 0.8, 0.7… */
function timed(text: string) {
  return text.split(' ').map((word, i) => ({ word, stime: i, etime: i + 0.5, confidence: Math.round((0.9 - i * 0.1) * 100) / 100 }));
}
const convert = (text: string, language: NumberLanguage) =>
  spokenNumbersToDigits(timed(text), language)
    .map((w) => w.word)
    .join(' ');

describe('English numbers', () => {
  it.each([
    ['twenty one', '21'],
    ['twenty-one', '21'],
    ['ten', '10'],
    ['nineteen', '19'],
    ['forty', '40'],
    ['one hundred', '100'],
    ['one hundred and five', '105'],
    ['one hundred five', '105'],
    ['three hundred twelve', '312'],
    ['nine hundred ninety nine', '999'],
    ['two thousand twenty four', '2024'],
    ['two thousand and five', '2005'],
    ['one thousand', '1000'],
    ['thirty five thousand', '35000'],
    ['one million two hundred thousand', '1200000'],
    ['three billion', '3000000000'],
    ['nineteen hundred', '1900'],
    ['Twenty One', '21'],
  ])('%s → %s', (spoken, digits) => {
    expect(convert(spoken, 'en')).toBe(digits);
  });

  it.each([
    ['nineteen eighty four', '1984'],
    ['twenty twenty four', '2024'],
    ['twenty ten', '2010'],
    ['nineteen oh five', '1905'],
    ['eleven sixty six', '1166'],
  ])('year %s → %s', (spoken, digits) => {
    expect(convert(spoken, 'en')).toBe(digits);
  });

  it('keeps single words under ten, articles and pronouns as they are', () => {
    expect(convert('one of them said five', 'en')).toBe('one of them said five');
    expect(convert('one two three', 'en')).toBe('one two three');
    expect(convert('zero', 'en')).toBe('zero');
  });

  it('converts inside sentences and leaves the rest', () => {
    expect(convert('i was born in nineteen eighty four in a town of twenty thousand people', 'en')).toBe('i was born in 1984 in a town of 20000 people');
    expect(convert('ask what you can do for your country', 'en')).toBe('ask what you can do for your country');
    expect(convert('bread and butter', 'en')).toBe('bread and butter');
  });

  it('does not swallow a trailing or leading "and"', () => {
    expect(convert('one hundred and', 'en')).toBe('100 and');
    expect(convert('and twenty', 'en')).toBe('and 20');
    expect(convert('twenty and five', 'en')).toBe('20 and five');
  });

  it('splits numbers that are not well built', () => {
    expect(convert('twenty thirty', 'en')).toBe('2030'); // read as a year
    expect(convert('forty fifty', 'en')).toBe('40 50');
    expect(convert('twelve thirteen', 'en')).toBe('1213');
    expect(convert('five hundred hundred', 'en')).toBe('500 hundred');
    expect(convert('thousand', 'en')).toBe('thousand');
    expect(convert('a hundred', 'en')).toBe('a hundred');
  });

  it('keeps attached punctuation and stops at it', () => {
    expect(convert('twenty-one,', 'en')).toBe('21,');
    expect(convert('twenty, one', 'en')).toBe('20, one');
    expect(convert('(nineteen eighty four)', 'en')).toBe('(1984)');
    expect(convert('nineteen. eighty four', 'en')).toBe('19. 84');
  });

  it('leaves ordinals and decimals as words', () => {
    expect(convert('twenty first', 'en')).toBe('20 first');
    expect(convert('three point five', 'en')).toBe('three point five');
  });
});

describe('French numbers', () => {
  it.each([
    ['vingt et un', '21'],
    ['vingt-et-un', '21'],
    ['trente et une', '31'],
    ['vingt-deux', '22'],
    ['vingt deux', '22'],
    ['dix', '10'],
    ['dix-sept', '17'],
    ['seize', '16'],
    ['soixante-dix', '70'],
    ['soixante et onze', '71'],
    ['soixante-douze', '72'],
    ['soixante-dix-sept', '77'],
    ['quatre-vingts', '80'],
    ['quatre-vingt-un', '81'],
    ['quatre-vingt-onze', '91'],
    ['quatre-vingt-dix-neuf', '99'],
    ['cent', '100'],
    ['cent un', '101'],
    ['deux cents', '200'],
    ['trois cent vingt', '320'],
    ['mille', '1000'],
    ['deux mille vingt-quatre', '2024'],
    ['mille neuf cent quatre-vingt-quatre', '1984'],
    ['dix-neuf cent quatre-vingt-quatre', '1984'],
    ['cent mille', '100000'],
    ['un million', '1000000'],
    ['deux millions cinq cent mille', '2500000'],
    ['trois milliards', '3000000000'],
    ['septante-cinq', '75'],
    ['nonante et un', '91'],
    ['Vingt', '20'],
  ])('%s → %s', (spoken, digits) => {
    expect(convert(spoken, 'fr')).toBe(digits);
  });

  it('keeps un, une and lone small numbers as words', () => {
    expect(convert('un homme et une femme', 'fr')).toBe('un homme et une femme');
    expect(convert('il en a deux', 'fr')).toBe('il en a deux');
    expect(convert('zéro', 'fr')).toBe('zéro');
  });

  it('converts inside sentences', () => {
    expect(convert("j'ai vingt et un ans et mon frère trente", 'fr')).toBe("j'ai 21 ans et mon frère 30");
    expect(convert('en deux mille vingt-quatre il y avait cent personnes', 'fr')).toBe('en 2024 il y avait 100 personnes');
  });

  it('does not take "et" after a number as part of it', () => {
    expect(convert('vingt et', 'fr')).toBe('20 et');
    expect(convert('vingt et deux', 'fr')).toBe('20 et deux');
    expect(convert('quatre-vingt et un', 'fr')).toBe('80 et un');
    expect(convert('cent et un', 'fr')).toBe('100 et un');
  });

  it('does not read English years in French', () => {
    expect(convert('dix-neuf quatre-vingt-quatre', 'fr')).toBe('19 84');
  });

  it('rejects forms that are not French', () => {
    expect(convert('un cent', 'fr')).toBe('un 100');
    expect(convert('un mille', 'fr')).toBe('un 1000');
  });
});

describe('merging word times', () => {
  it('takes the first start, the last end and the lowest confidence, and keeps other fields', () => {
    const words = [
      { wid: 'a', word: 'in', stime: 0, etime: 0.2, confidence: 1 },
      { wid: 'b', word: 'twenty', stime: 0.3, etime: 0.6, confidence: 0.9 },
      { wid: 'c', word: 'twenty', stime: 0.6, etime: 0.9, confidence: 0.4 },
      { wid: 'd', word: 'four', stime: 1.0, etime: 1.3, confidence: 0.8 },
    ];
    expect(spokenNumbersToDigits(words, 'en')).toEqual([words[0], { wid: 'b', word: '2024', stime: 0.3, etime: 1.3, confidence: 0.4 }]);
  });

  it('returns the same words when there is nothing to convert', () => {
    const words = timed('nothing to see here');
    expect(spokenNumbersToDigits(words, 'en')).toEqual(words);
    expect(spokenNumbersToDigits([], 'fr')).toEqual([]);
  });
});
