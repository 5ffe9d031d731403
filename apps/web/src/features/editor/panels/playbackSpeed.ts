/** Playback speeds offered by the editor, and the one remembered in this browser. */
export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

const STORAGE_KEY = 'palabre.editor.playbackRate';

/**
 * A speed as shown in the speed selector, "1.25×" or "1,25×" with the language's decimal separator
 * (written by hand: the first number formatter of a page costs tens of milliseconds as it opens).
 */
export function speedLabel(speed: PlaybackSpeed, decimalSeparator: string): string {
  return `${String(speed).replace('.', decimalSeparator)}×`;
}

/** A stored value back to a speed we offer (anything else: normal speed). */
export function parseSpeed(value: string | null | undefined): PlaybackSpeed {
  const n = Number(value);
  return PLAYBACK_SPEEDS.find((s) => s === n) ?? 1;
}

/** The next faster (+1) or slower (-1) speed, staying within the range. */
export function stepSpeed(current: number, direction: 1 | -1): PlaybackSpeed {
  const index = PLAYBACK_SPEEDS.indexOf(parseSpeed(String(current)));
  const next = Math.min(PLAYBACK_SPEEDS.length - 1, Math.max(0, index + direction));
  return PLAYBACK_SPEEDS[next]!;
}

export function storedSpeed(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): PlaybackSpeed {
  try {
    return parseSpeed(storage?.getItem(STORAGE_KEY));
  } catch {
    return 1;
  }
}

export function storeSpeed(speed: PlaybackSpeed, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(STORAGE_KEY, String(speed));
  } catch {
    // Private browsing may refuse storage: the speed then lasts for this page only.
  }
}
