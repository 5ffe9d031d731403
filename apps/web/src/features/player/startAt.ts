/**
 * A moment of a media in its address: `?t=<seconds>` (a search match in the transcript, a shared
 * moment). The page that holds the player seeks there once the audio is ready.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { PlayerController } from './player.ts';

export const START_PARAM = 't';

/** Seconds from `?t=`: a finite, positive number of seconds ("12.3"); anything else is no start. */
export function parseStartAt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,7}(\.\d+)?$/.test(raw.trim())) return null;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** `path` at a moment (to the tenth of a second, rounded down so the words are not missed); `path` itself without one. */
export function mediaAt(path: string, seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return path;
  return `${path}?${START_PARAM}=${Math.floor(seconds * 10) / 10}`;
}

/** Seeks the player to the address's moment once its audio is ready (and again when the moment changes). */
export function useStartAt(player: PlayerController) {
  const start = parseStartAt(useSearchParams()[0].get(START_PARAM));
  useEffect(() => {
    if (start === null) return;
    let done = false;
    const apply = () => {
      if (done || !player.getSnapshot().ready) return;
      done = true;
      player.seek(start);
    };
    const unsubscribe = player.subscribe(apply);
    apply();
    return () => void unsubscribe();
  }, [player, start]);
}
