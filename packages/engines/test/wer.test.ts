import { describe, expect, it } from 'vitest';
import { normalizeForComparison } from '../src/text/normalize.ts';
import { wordErrorRate } from '../src/text/wer.ts';

describe('normalizeForComparison', () => {
  it('lower-cases, strips punctuation, folds accents', () => {
    expect(normalizeForComparison('And so, my fellow Americans: ask NOT!')).toEqual(['and', 'so', 'my', 'fellow', 'americans', 'ask', 'not']);
    expect(normalizeForComparison('Été « déjà » là-bas, cœur')).toEqual(['ete', 'deja', 'la', 'bas', 'coeur']);
    expect(normalizeForComparison("Don't l’homme")).toEqual(['dont', 'lhomme']);
    expect(normalizeForComparison(['Hello,', 'World!'])).toEqual(['hello', 'world']);
    expect(normalizeForComparison('  ...  ')).toEqual([]);
  });
});

describe('wordErrorRate', () => {
  it('is 0 for identical text up to case, punctuation and accents', () => {
    expect(wordErrorRate('Ça va très bien.', 'ca va tres bien').wer).toBe(0);
  });

  it('counts substitutions, deletions and insertions', () => {
    expect(wordErrorRate('the cat sat on the mat', 'the cat sit on mat')).toEqual({
      wer: 2 / 6,
      substitutions: 1,
      deletions: 1,
      insertions: 0,
      referenceWords: 6,
      hypothesisWords: 5,
    });
    const inserted = wordErrorRate('a b c', 'a x b c y');
    expect(inserted).toMatchObject({ insertions: 2, substitutions: 0, deletions: 0 });
    expect(inserted.wer).toBeCloseTo(2 / 3);
  });

  it('can exceed 1 when the hypothesis is much longer', () => {
    expect(wordErrorRate('yes', 'no no no').wer).toBe(3);
  });

  it('handles empty sides', () => {
    expect(wordErrorRate('', '').wer).toBe(0);
    expect(wordErrorRate('', 'something').wer).toBe(1);
    expect(wordErrorRate('two words', '')).toMatchObject({ wer: 1, deletions: 2 });
  });

  it('matches a known alignment', () => {
    const result = wordErrorRate(
      'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.',
      'and then our my arm arrow and not what your country can do for you and when you can you read up on me',
    );
    expect(result.referenceWords).toBe(22);
    expect(result.substitutions + result.deletions + result.insertions).toBe(Math.round(result.wer * 22));
    expect(result.wer).toBeGreaterThan(0.4);
    expect(result.wer).toBeLessThan(0.7);
  });
});
