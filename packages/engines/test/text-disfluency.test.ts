import { describe, expect, it } from 'vitest';
import { removeDisfluencies } from '../src/text/disfluency.ts';

describe('removeDisfluencies', () => {
  it('removes English fillers with their commas', () => {
    expect(removeDisfluencies('Um, so I think the plan is, uh, good.', 'en')).toBe('So I think the plan is good.');
    expect(removeDisfluencies('So, um, we went home. Uh. Then we left.', 'en')).toBe('So we went home. Then we left.');
    expect(removeDisfluencies('We went there, hmm?', 'en')).toBe('We went there?');
  });

  it('removes stutters and immediate repeats', () => {
    expect(removeDisfluencies('I- I think the the store is open.', 'en')).toBe('I think the store is open.');
    expect(removeDisfluencies('We went in the in the morning.', 'en')).toBe('We went in the morning.');
    expect(removeDisfluencies('It was th— the best.', 'en')).toBe('It was the best.');
    expect(removeDisfluencies('We stopped there there.', 'en')).toBe('We stopped there.');
  });

  it('keeps grammatical doublings, emphasis set off by commas and numbers', () => {
    expect(removeDisfluencies('I had had enough, and I think that that is fine.', 'en')).toBe('I had had enough, and I think that that is fine.');
    expect(removeDisfluencies('Very, very good. Room 4 4 is free.', 'en')).toBe('Very, very good. Room 4 4 is free.');
    expect(removeDisfluencies('Nous nous sommes vus.', 'fr')).toBe('Nous nous sommes vus.');
  });

  it('removes French fillers, spaced punctuation included', () => {
    expect(removeDisfluencies('Euh, ben, je pense que le le projet est, euh, bien.', 'fr')).toBe('Je pense que le projet est bien.');
    expect(removeDisfluencies('Il est venu hier, hein ?', 'fr')).toBe('Il est venu hier ?');
    expect(removeDisfluencies('Bah on verra. Heu… voilà le plan.', 'fr')).toBe('On verra. Voilà le plan.');
    expect(removeDisfluencies("C'est- c'est vrai.", 'fr')).toBe("C'est vrai.");
  });

  it('keeps names that look like fillers and the surrounding whitespace', () => {
    expect(removeDisfluencies('Ben est venu.', 'fr')).toBe('Ben est venu.');
    expect(removeDisfluencies('  Hello\nworld  ', 'en')).toBe('  Hello\nworld  ');
    expect(removeDisfluencies('', 'en')).toBe('');
  });
});
