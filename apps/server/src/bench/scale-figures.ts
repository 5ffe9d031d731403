/**
 * The pure part of `palabre bench scale`: latency samples summed up per call or per node, and
 * the throughput of a fixed-length load.
 */
import { percentile } from './library.ts';

export interface Latency {
  count: number;
  /** Milliseconds; 0 when there is no sample. */
  p50: number;
  p95: number;
  max: number;
}

/** p50, p95 and the maximum of latency samples (ms). */
export function latency(samples: readonly number[]): Latency {
  if (samples.length === 0) return { count: 0, p50: 0, p95: 0, max: 0 };
  return { count: samples.length, p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), max: Math.max(...samples) };
}

/** One timed call of a load: which call (or node), how long, and whether it failed. */
export interface Timed {
  key: string;
  ms: number;
  ok: boolean;
}

export interface CallFigures extends Latency {
  key: string;
  errors: number;
  /** Successful calls per second over the load's wall time. */
  perSecond: number;
}

/** Per key (in order of first appearance): latency of the successful calls, errors, and successful calls per second over `wallMs`. */
export function callFigures(calls: readonly Timed[], wallMs: number): CallFigures[] {
  const keys = [...new Set(calls.map((call) => call.key))];
  return keys.map((key) => {
    const mine = calls.filter((call) => call.key === key);
    const ok = mine.filter((call) => call.ok).map((call) => call.ms);
    return { key, ...latency(ok), errors: mine.length - ok.length, perSecond: wallMs > 0 ? (ok.length * 1000) / wallMs : 0 };
  });
}

/** `<p50> / <p95> ms`, for tables. */
export function p50p95(figures: Latency): string {
  return figures.count === 0 ? '–' : `${Math.round(figures.p50)} / ${Math.round(figures.p95)} ms`;
}
