/**
 * The geometry of the waveform strip: which stretch of time it shows, time ↔ horizontal position,
 * how far a screen's edge may be dragged (the neighbour it pushes keeps MIN_EDIT_DURATION and the
 * minimum gap, as retimeScreen's push mode requires), and where a new screen fits.
 */
import { MIN_EDIT_DURATION } from '@palabre/shared/subtitles';

export interface TimeWindow {
  start: number;
  end: number;
}

interface Timed {
  start: number;
  end: number;
}

const round = (t: number) => Math.round(t * 1000) / 1000;

/** The stretch shown: `span` seconds holding `time`, a third of the way in, within [0, duration]. */
export function windowAround(time: number, span: number, duration: number): TimeWindow {
  if (duration <= span) return { start: 0, end: Math.max(duration, span) };
  const start = Math.min(Math.max(0, time - span / 3), duration - span);
  return { start, end: start + span };
}

export function timeToX(time: number, view: TimeWindow, width: number): number {
  return ((time - view.start) / (view.end - view.start)) * width;
}

export function xToTime(x: number, view: TimeWindow, width: number): number {
  return view.start + (x / width) * (view.end - view.start);
}

/**
 * The times an edge of screen `index` may take: the screen keeps MIN_EDIT_DURATION, and the
 * neighbour on that side is pushed no further than leaving it MIN_EDIT_DURATION past the gap.
 */
export function edgeBounds(screens: readonly Timed[], index: number, edge: 'start' | 'end', gap: number, duration: number): { min: number; max: number } {
  const screen = screens[index]!;
  if (edge === 'start') {
    const previous = screens[index - 1];
    return { min: round(previous ? previous.start + MIN_EDIT_DURATION + gap : 0), max: round(screen.end - MIN_EDIT_DURATION) };
  }
  const next = screens[index + 1];
  const last = Math.max(duration, screen.end);
  return { min: round(screen.start + MIN_EDIT_DURATION), max: round(next ? next.end - MIN_EDIT_DURATION - gap : last) };
}

export const clamp = (value: number, bounds: { min: number; max: number }) => round(Math.min(bounds.max, Math.max(bounds.min, value)));

/**
 * Times for a new screen after screen `index` (-1: before the first), in the gap up to the next
 * one: from the minimum gap after the previous screen (or from `from`, when later), `length`
 * seconds at most. Null when the gap cannot hold MIN_EDIT_DURATION.
 */
export function roomAfter(screens: readonly Timed[], index: number, gap: number, length: number, duration: number, from = 0): Timed | null {
  const previous = screens[index];
  const next = screens[index + 1];
  const start = Math.max(from, previous ? previous.end + gap : 0);
  const limit = next ? next.start - gap : Math.max(duration, start + length);
  const end = Math.min(limit, start + length);
  if (end - start < MIN_EDIT_DURATION - 1e-6) return null;
  return { start: round(start), end: round(end) };
}

/** Index of the last screen that ends at or before `time`, or -1 (screens in time order): a screen added at `time` goes after it. */
export function screenBefore(screens: readonly Timed[], time: number): number {
  let low = 0;
  let high = screens.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (screens[mid]!.end <= time) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** Index of the screen showing at `time`, or -1 (screens in time order). */
export function screenAt(screens: readonly Timed[], time: number): number {
  let low = 0;
  let high = screens.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const screen = screens[mid]!;
    if (time < screen.start) high = mid - 1;
    else if (time >= screen.end) low = mid + 1;
    else return mid;
  }
  return -1;
}

/** "1:02.35", "1:01:02.35": a screen's time to the hundredth of a second. */
export function clock(seconds: number): string {
  const hundredths = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(hundredths / 360_000);
  const m = Math.floor((hundredths % 360_000) / 6000);
  const s = Math.floor((hundredths % 6000) / 100);
  const rest = String(hundredths % 100).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}.${rest}` : `${m}:${ss}.${rest}`;
}

/**
 * The waveform of a stretch, one column per pixel: [min, max] pairs (in [-1, 1], scaled so the
 * loudest peak of the media reaches 1) from the interleaved min/max peaks at `peaksPerSecond`.
 */
export function peakColumns(data: readonly number[], peaksPerSecond: number, view: TimeWindow, width: number): Float32Array {
  const columns = new Float32Array(Math.max(0, Math.floor(width)) * 2);
  const pairs = Math.floor(data.length / 2);
  let loudest = 0;
  for (const value of data) loudest = Math.max(loudest, Math.abs(value));
  const scale = loudest > 0 ? 1 / loudest : 0;
  for (let x = 0; x < columns.length / 2; x += 1) {
    const from = Math.floor(xToTime(x, view, width) * peaksPerSecond);
    const to = Math.max(from + 1, Math.floor(xToTime(x + 1, view, width) * peaksPerSecond));
    let low = 0;
    let high = 0;
    for (let i = Math.max(0, from); i < Math.min(to, pairs); i += 1) {
      low = Math.min(low, data[2 * i]!);
      high = Math.max(high, data[2 * i + 1]!);
    }
    columns[2 * x] = low * scale;
    columns[2 * x + 1] = high * scale;
  }
  return columns;
}
