import { describe, expect, it } from 'vitest';
import { DEFAULT_FONT_SIZE, FONT_SIZES, parseFontSize, stepFontSize, storedFontSize, storeFontSize } from './fontSize.ts';

describe('the captions font size', () => {
  it('reads back only sizes it offers', () => {
    expect(parseFontSize('40')).toBe(40);
    expect(parseFontSize('41')).toBe(DEFAULT_FONT_SIZE);
    expect(parseFontSize(null)).toBe(DEFAULT_FONT_SIZE);
  });

  it('steps within the range', () => {
    expect(stepFontSize(DEFAULT_FONT_SIZE, 1)).toBeGreaterThan(DEFAULT_FONT_SIZE);
    expect(stepFontSize(FONT_SIZES[0], -1)).toBe(FONT_SIZES[0]);
    expect(stepFontSize(FONT_SIZES.at(-1)!, 1)).toBe(FONT_SIZES.at(-1));
  });

  it('is remembered, and survives a storage that refuses', () => {
    const values = new Map<string, string>();
    const storage = { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
    storeFontSize(48, storage);
    expect(storedFontSize(storage)).toBe(48);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => storeFontSize(48, refusing)).not.toThrow();
    expect(storedFontSize(refusing)).toBe(DEFAULT_FONT_SIZE);
  });
});
