import { describe, expect, it } from 'vitest';
import { PLAYBACK_SPEEDS, parseSpeed, speedLabel, stepSpeed, storeSpeed, storedSpeed } from './playbackSpeed.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('playback speed', () => {
  it('offers 0.5× to 2×', () => {
    expect(PLAYBACK_SPEEDS).toEqual([0.5, 0.75, 1, 1.25, 1.5, 2]);
  });

  it("shows a speed with the language's decimal separator, as a number formatter would", () => {
    for (const [language, separator] of [
      ['en-US', '.'],
      ['fr-FR', ','],
    ] as const) {
      const format = new Intl.NumberFormat(language);
      expect(PLAYBACK_SPEEDS.map((speed) => speedLabel(speed, separator))).toEqual(PLAYBACK_SPEEDS.map((speed) => `${format.format(speed)}×`));
    }
  });

  it('steps between the offered speeds and stops at both ends', () => {
    expect(stepSpeed(1, 1)).toBe(1.25);
    expect(stepSpeed(1, -1)).toBe(0.75);
    expect(stepSpeed(2, 1)).toBe(2);
    expect(stepSpeed(0.5, -1)).toBe(0.5);
  });

  it('reads back only a speed it offers', () => {
    expect(parseSpeed('1.5')).toBe(1.5);
    expect(parseSpeed('3')).toBe(1);
    expect(parseSpeed('fast')).toBe(1);
    expect(parseSpeed(null)).toBe(1);
  });

  it('remembers the chosen speed', () => {
    const storage = memoryStorage();
    expect(storedSpeed(storage)).toBe(1);
    storeSpeed(0.75, storage);
    expect(storedSpeed(storage)).toBe(0.75);
  });

  it('falls back to normal speed when storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => storeSpeed(2, refusing)).not.toThrow();
    expect(storedSpeed(refusing)).toBe(1);
  });
});
