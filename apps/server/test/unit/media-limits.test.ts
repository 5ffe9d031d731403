/** Limits on what one media may cost in processing, and tool messages fit for people. */
import { describe, expect, it } from 'vitest';
import { explainFfmpeg, toEnginePcmArgs, withoutAddresses, type MediaInfo } from '@palabre/engines';
import { checkTrack, durationAllowedBySize, outputBounds, ENGINE_PCM_BYTES_PER_SECOND } from '../../src/pipeline/limits.ts';
import { humanReason, PipelineError } from '../../src/pipeline/step.ts';

const info = (durationSeconds: number | null, sampleRate = 44_100): MediaInfo => ({
  durationSeconds,
  format: 'wav',
  hasVideo: false,
  video: null,
  audioStreams: [{ index: 0, codec: 'pcm_s16le', channels: 1, sampleRate }],
});
const SIX_HOURS = 6 * 3600;

describe('checkTrack', () => {
  it('refuses sample rates no recording has', () => {
    for (const rate of [0, 1, 999, 768_001, 10_000_000]) {
      expect(() => checkTrack(info(1, rate), 1_000_000, 'a.wav', SIX_HOURS), String(rate)).toThrow(/sample rate/);
    }
    for (const rate of [1000, 8000, 48_000, 768_000]) expect(() => checkTrack(info(1, rate), 1_000_000, 'a.wav', SIX_HOURS)).not.toThrow();
  });

  it('refuses a duration the file size cannot hold', () => {
    expect(() => checkTrack(info(600, 8000), 1244, 'bomb.wav', SIX_HOURS)).toThrow(/more than its size can hold/);
    // 1 MB at 2 kbit/s is about 67 minutes: a claimed 10 hours is a lie.
    expect(() => checkTrack(info(36_000), 1_000_000, 'lie.mp3', 48 * 3600)).toThrow(/size/);
    expect(checkTrack(info(60), 1_000_000, 'ok.mp3', SIX_HOURS)).toBe(durationAllowedBySize(1_000_000));
  });

  it('refuses media longer than the configured maximum, and bounds the conversions by it', () => {
    expect(() => checkTrack(info(SIX_HOURS + 1), 10_000_000_000, 'long.mp3', SIX_HOURS)).toThrow(/maximum of 6 hours/);
    expect(checkTrack(info(null), 10_000_000_000, 'unknown.mp3', SIX_HOURS)).toBe(SIX_HOURS);
  });

  it('bounds each conversion in time and size', () => {
    const bounds = outputBounds(600, ENGINE_PCM_BYTES_PER_SECOND);
    const args = toEnginePcmArgs('/in.wav', '/out.wav', bounds);
    expect(args).toContain('-t');
    expect(args[args.indexOf('-t') + 1]).toBe('600.000');
    expect(Number(args[args.indexOf('-fs') + 1])).toBeLessThan(600 * 32_000 + 2 * 1024 * 1024);
    expect(args.indexOf('-fs')).toBeLessThan(args.indexOf('file:/out.wav'));
  });
});

describe('messages from ffmpeg', () => {
  it('keep the reason and drop memory addresses and paths', () => {
    const stderr = '[mp3 @ 0x55d4c3a8e2c0] Failed to read frame size: Could not seek to 1026.\nfile:/tmp/palabre-x/media/1/original-0.mp3: Invalid argument\n';
    const explained = explainFfmpeg(stderr);
    expect(explained).toContain('[mp3] Failed to read frame size');
    expect(explained).not.toMatch(/0x[0-9a-f]+/);
    expect(withoutAddresses('at 0x7ffe12345678 here')).toBe('at … here');
    const reason = humanReason(new PipelineError(`Reading failed: ${stderr}`), 'preprocessing');
    expect(reason).not.toMatch(/0x[0-9a-f]{6,}|\/tmp/);
    expect(reason).toContain('original-0.mp3');
  });
});
