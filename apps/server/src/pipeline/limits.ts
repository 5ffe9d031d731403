/**
 * What a media may cost before any heavy work starts. A file's header can claim anything (a WAV
 * that says 1 Hz turns 1 KB into ten minutes and megabytes of PCM), so the probed duration is
 * checked against the bytes that carry it, against the configured maximum, and each audio stream's
 * sample rate against what real recordings use; the conversions are then bounded by what was
 * allowed, so a lie that slips through still cannot grow the work files.
 */
import type { MediaInfo } from '@palabre/engines';
import { PipelineError } from './step.ts';

/** Sample rates outside this range are not recordings (telephony is 8 kHz, studio up to 768 kHz). */
export const MIN_SAMPLE_RATE = 1000;
export const MAX_SAMPLE_RATE = 768_000;

/**
 * The lowest bitrate a real recording is stored with, in bytes per second (2 kbit/s, below the
 * lowest speech codecs): a file cannot carry more seconds than its size at this rate.
 */
export const MIN_BYTES_PER_SECOND = 250;
/** Headers, tags and cover art carry no sound: a small allowance before the rate applies. */
const HEADER_ALLOWANCE_SECONDS = 5;

/** Engine PCM: 16 kHz, 16-bit mono. */
export const ENGINE_PCM_BYTES_PER_SECOND = 32_000;
/** The web rendition: at most 128 kbit/s of AAC. */
export const WEB_BYTES_PER_SECOND = 16_000;
/** The video rendition: 720p H.264 at `veryfast` stays well under 8 Mbit/s. */
export const VIDEO_BYTES_PER_SECOND = 1_000_000;
/** Containers and rounding on top of the bytes the duration accounts for. */
const OUTPUT_SLACK_BYTES = 1024 * 1024;

const hours = (seconds: number) => {
  const h = seconds / 3600;
  return Number.isInteger(h) ? `${h} hour${h === 1 ? '' : 's'}` : `${Math.round(seconds / 60)} minutes`;
};

/** The longest duration a file of this size may have. */
export function durationAllowedBySize(bytes: number): number {
  return HEADER_ALLOWANCE_SECONDS + bytes / MIN_BYTES_PER_SECOND;
}

/**
 * Refuses a track whose probe is not believable or too long; answers the duration its conversions
 * are bounded to.
 */
export function checkTrack(info: MediaInfo, bytes: number, name: string, maxDurationSeconds: number): number {
  for (const stream of info.audioStreams) {
    if (stream.sampleRate < MIN_SAMPLE_RATE || stream.sampleRate > MAX_SAMPLE_RATE) {
      throw new PipelineError(`the file "${name}" declares a sample rate of ${stream.sampleRate} Hz, which is not a real recording`);
    }
  }
  const bySize = durationAllowedBySize(bytes);
  const duration = info.durationSeconds;
  if (duration !== null && duration > bySize) {
    throw new PipelineError(`the file "${name}" claims to last ${Math.round(duration)} s, more than its size can hold: its header is damaged`);
  }
  if (duration !== null && duration > maxDurationSeconds) {
    throw new PipelineError(`the file "${name}" is longer than the maximum of ${hours(maxDurationSeconds)}`);
  }
  return Math.min(bySize, maxDurationSeconds);
}

/** ffmpeg bounds for one conversion: never longer than allowed, never larger than that length. */
export function outputBounds(allowedSeconds: number, bytesPerSecond: number): { maxDurationSeconds: number; maxOutputBytes: number } {
  return { maxDurationSeconds: allowedSeconds, maxOutputBytes: Math.ceil(allowedSeconds * bytesPerSecond) + OUTPUT_SLACK_BYTES };
}
