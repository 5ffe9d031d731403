/** The captions' font size steps, and the one remembered in this browser. */
export const FONT_SIZES = [20, 24, 28, 34, 40, 48, 60] as const;
export type FontSize = (typeof FONT_SIZES)[number];
export const DEFAULT_FONT_SIZE: FontSize = 28;

const STORAGE_KEY = 'palabre.live.fontSize';

export function parseFontSize(value: string | null | undefined): FontSize {
  const n = Number(value);
  return FONT_SIZES.find((size) => size === n) ?? DEFAULT_FONT_SIZE;
}

/** The next larger (+1) or smaller (-1) size, staying within the range. */
export function stepFontSize(current: FontSize, direction: 1 | -1): FontSize {
  const index = FONT_SIZES.indexOf(current);
  return FONT_SIZES[Math.min(FONT_SIZES.length - 1, Math.max(0, index + direction))]!;
}

export function storedFontSize(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): FontSize {
  try {
    return parseFontSize(storage?.getItem(STORAGE_KEY));
  } catch {
    return DEFAULT_FONT_SIZE;
  }
}

export function storeFontSize(size: FontSize, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(STORAGE_KEY, String(size));
  } catch {
    // Private browsing may refuse storage: the size then lasts for this page only.
  }
}
