/** Runs the real ffmpeg/ffprobe (Debian package ffmpeg) on the shared fixtures. */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertToEnginePcm, extractChannel, makeWebRendition, probeMedia } from '../src/media/ffmpeg.ts';
import { readWavInfo } from '../src/media/wav.ts';

const fixtures = path.resolve('../shared/fixtures/audio');
const meeting = path.join(fixtures, 'meeting-fr-60s.mp3');
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'palabre-engines-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ffprobe', () => {
  it('probes the MP3 fixture', async () => {
    const info = await probeMedia(meeting);
    expect(info.format).toBe('mp3');
    expect(info.durationSeconds).toBeCloseTo(60, 0);
    expect(info.audioStreams).toEqual([expect.objectContaining({ codec: 'mp3', channels: 2, sampleRate: 44100 })]);
    expect(info.hasVideo).toBe(false);
  });

  it('gives a clear error for a corrupted file, quickly', async () => {
    const broken = path.join(dir, 'broken.mp3');
    await writeFile(broken, Buffer.from('this is not audio at all, just text pretending to be an mp3'.repeat(50)));
    await expect(probeMedia(broken)).rejects.toMatchObject({
      code: 'media_unreadable',
      message: 'Reading the media file failed: broken.mp3: not a known audio or video format',
    });
  });

  it('reports a missing file', async () => {
    await expect(probeMedia(path.join(dir, 'nope.wav'))).rejects.toMatchObject({
      code: 'media_unreadable',
      message: expect.stringContaining('No such file'),
    });
  });

  it('says when the program is not installed', async () => {
    await expect(probeMedia(meeting, { ffprobePath: 'ffprobe-not-installed' })).rejects.toMatchObject({
      code: 'engine_unavailable',
      message: expect.stringContaining('not installed'),
    });
  });
});

describe('ffmpeg', () => {
  it('converts to engine PCM with increasing progress, and to a web rendition', async () => {
    const wav = path.join(dir, 'meeting.wav');
    const fractions: number[] = [];
    await convertToEnginePcm(meeting, wav, { durationSeconds: 60, onProgress: (f) => fractions.push(f) });
    const info = await readWavInfo(wav);
    expect(info).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    expect(info.durationSeconds).toBeCloseTo(60, 0);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));

    const m4a = path.join(dir, 'meeting.m4a');
    await makeWebRendition(meeting, m4a, { sourceChannels: 2 });
    const rendition = await probeMedia(m4a);
    expect(rendition.format).toContain('mp4');
    expect(rendition.audioStreams[0]).toMatchObject({ codec: 'aac', channels: 2 });
    expect((await stat(m4a)).size).toBeGreaterThan(10_000);
  });

  it('extracts one channel of a stereo file', async () => {
    const left = path.join(dir, 'left.wav');
    await extractChannel(meeting, left, 0);
    expect(await readWavInfo(left)).toMatchObject({ sampleRate: 16000, channels: 1 });
  });

  it('fails with ffmpeg’s message on a corrupted input', async () => {
    // A WAV's signature, then nothing ffmpeg can read; its message names the file, not a path.
    const broken = path.join(dir, 'broken2.wav');
    await writeFile(broken, Buffer.concat([Buffer.from('RIFF\u0000\u0010\u0000\u0000WAVE', 'latin1'), Buffer.alloc(4096, 7)]));
    const failure = convertToEnginePcm(broken, path.join(dir, 'x.wav'));
    await expect(failure).rejects.toMatchObject({ code: 'media_conversion_failed', message: expect.stringContaining('broken2.wav') });
    await expect(failure).rejects.not.toMatchObject({ message: expect.stringContaining(os.tmpdir()) });
    // Bytes of no known container never reach ffmpeg.
    const unknown = path.join(dir, 'broken3.mp3');
    await writeFile(unknown, Buffer.alloc(4096, 7));
    await expect(convertToEnginePcm(unknown, path.join(dir, 'y.wav'))).rejects.toMatchObject({ code: 'media_unreadable' });
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const running = convertToEnginePcm(meeting, path.join(dir, 'aborted.wav'), { signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toMatchObject({ code: 'aborted' });
    await expect(convertToEnginePcm(meeting, path.join(dir, 'aborted2.wav'), { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'aborted' });
  });
});
