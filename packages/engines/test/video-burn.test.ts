/** The video rendition and burned-in subtitles: pure decisions, then the real ffmpeg. */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { burnFilters, burnSubtitles, burnSubtitlesArgs, filterValue, subtitlesFilterAvailable } from '../src/media/burn.ts';
import { parseProbe, probeMedia, type MediaInfo } from '../src/media/ffmpeg.ts';
import { fitShortSide, makeVideoRendition, playableVideoType, VIDEO_HEAD_BYTES } from '../src/media/video.ts';

const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

const info = (video: { codec: string; pixelFormat?: string } | null, audio: string[] = ['aac']): MediaInfo => ({
  durationSeconds: 10,
  format: 'mov,mp4,m4a,3gp,3g2,mj2',
  audioStreams: audio.map((codec, n) => ({ index: n + 1, codec, channels: 2, sampleRate: 48000 })),
  hasVideo: video !== null,
  video: video && { index: 0, codec: video.codec, width: 640, height: 360, pixelFormat: video.pixelFormat ?? 'yuv420p' },
});
const mp4Head = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(48)]);
const ebmlHead = (docType: string) =>
  Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length]), Buffer.from(docType, 'latin1'), Buffer.alloc(40)]);

describe('which originals a browser plays as they are', () => {
  it('takes MP4 with H.264 and AAC, WebM with VP8/VP9/AV1 and Opus/Vorbis', () => {
    expect(playableVideoType(info({ codec: 'h264' }), mp4Head('isom'))).toBe('video/mp4');
    expect(playableVideoType(info({ codec: 'h264' }, ['mp3']), mp4Head('mp42'))).toBe('video/mp4');
    expect(playableVideoType(info({ codec: 'vp9' }, ['opus']), ebmlHead('webm'))).toBe('video/webm');
    expect(playableVideoType(info({ codec: 'vp8' }, ['vorbis']), ebmlHead('webm'))).toBe('video/webm');
    expect(playableVideoType(info({ codec: 'av1' }, ['opus']), ebmlHead('webm'))).toBe('video/webm');
  });

  it('refuses QuickTime, 3GP, Matroska, other codecs, 4:4:4 pictures and audio-only files', () => {
    expect(playableVideoType(info({ codec: 'h264' }), mp4Head('qt  '))).toBeNull();
    expect(playableVideoType(info({ codec: 'h264' }), mp4Head('3gp5'))).toBeNull();
    expect(playableVideoType(info({ codec: 'vp9' }, ['opus']), ebmlHead('matroska'))).toBeNull();
    expect(playableVideoType(info({ codec: 'hevc' }), mp4Head('isom'))).toBeNull();
    expect(playableVideoType(info({ codec: 'mpeg4' }), mp4Head('isom'))).toBeNull();
    expect(playableVideoType(info({ codec: 'h264', pixelFormat: 'yuv444p' }), mp4Head('isom'))).toBeNull();
    expect(playableVideoType(info({ codec: 'h264' }, ['pcm_s16le']), mp4Head('isom'))).toBeNull();
    expect(playableVideoType(info({ codec: 'h264' }, ['aac', 'ac3']), mp4Head('isom'))).toBeNull();
    expect(playableVideoType(info({ codec: 'vp9' }, ['aac']), ebmlHead('webm'))).toBeNull();
    expect(playableVideoType(info(null), mp4Head('isom'))).toBeNull();
    expect(playableVideoType(info({ codec: 'h264' }), Buffer.alloc(4))).toBeNull();
  });
});

describe('filter arguments', () => {
  it('escapes a path for the option and for the graph', () => {
    expect(filterValue("/a b/it's: [x], y;z\\w.srt")).toBe("/a b/it\\\\\\'s\\\\: \\[x\\]\\, y\\;z\\\\\\\\w.srt");
    expect(filterValue('plain/path.srt')).toBe('plain/path.srt');
  });

  it('fits the short side, never enlarging, in even sizes', () => {
    expect(fitShortSide(720)).toBe("scale=w='if(gte(iw,ih),-2,trunc(min(720,iw)/2)*2)':h='if(gte(iw,ih),trunc(min(720,ih)/2)*2,-2)'");
    expect(() => fitShortSide(1)).toThrow(RangeError);
  });

  it('burns into H.264/AAC MP4 with faststart and progress on fd 3', () => {
    const args = burnSubtitlesArgs('/in.mp4', '/work/screens.srt', '/out.mp4');
    expect(after(args, '-i')).toBe('file:/in.mp4');
    expect(after(args, '-vf')).toBe(`${burnFilters('/work/screens.srt')},format=yuv420p`);
    expect(after(args, '-vf')).toContain('subtitles=filename=file\\\\:/work/screens.srt:charenc=UTF-8:force_style=FontName=DejaVu Sans\\,');
    expect(after(args, '-c:v')).toBe('libx264');
    expect(after(args, '-preset')).toBe('veryfast');
    expect(after(args, '-c:a')).toBe('aac');
    expect(after(args, '-movflags')).toBe('+faststart');
    expect(after(args, '-progress')).toBe('pipe:3');
    expect(args.at(-1)).toBe('file:/out.mp4');
  });
});

describe('with the real ffmpeg', () => {
  let dir = '';
  /** 4 s of a plain colour and a tone, in MPEG-4 part 2 and MP3 inside AVI: no browser plays it. */
  let source = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'palabre-video-'));
    source = path.join(dir, 'source.avi');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=0x204060:size=1280x960:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '4', '-c:v', 'mpeg4', '-q:v', '3', '-c:a', 'libmp3lame', source],
    ]);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The grey levels of the bottom third of the frame at `seconds`. */
  const bottomThird = (file: string, seconds: number): Buffer =>
    execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-vf', 'crop=iw:ih/3:0:ih*2/3,format=gray', '-f', 'rawvideo', '-'], {
      maxBuffer: 64 * 1024 * 1024,
    });
  const changedPixels = (a: Buffer, b: Buffer) => a.reduce((n, value, i) => n + (Math.abs(value - b[i]!) > 64 ? 1 : 0), 0);

  it('makes a 720p H.264/AAC rendition of a video browsers do not play', async () => {
    const probed = await probeMedia(source);
    expect(probed.video).toMatchObject({ codec: 'mpeg4', width: 1280, height: 960 });
    const head = (await readFile(source)).subarray(0, VIDEO_HEAD_BYTES);
    expect(playableVideoType(probed, head)).toBeNull();

    const out = path.join(dir, 'rendition.mp4');
    const fractions: number[] = [];
    await makeVideoRendition(source, out, { durationSeconds: probed.durationSeconds, onProgress: (f) => fractions.push(f) });
    const rendition = await probeMedia(out);
    expect(rendition.video).toMatchObject({ codec: 'h264', width: 960, height: 720, pixelFormat: 'yuv420p' });
    expect(rendition.audioStreams.map((a) => a.codec)).toEqual(['aac']);
    expect(playableVideoType(rendition, (await readFile(out)).subarray(0, VIDEO_HEAD_BYTES))).toBe('video/mp4');
    expect(fractions.at(-1)).toBe(1);
  });

  it('burns the screens of a SubRip file at a path full of filter syntax, with progress', async () => {
    const weird = path.join(dir, "it's: [a], b;c");
    await mkdir(weird);
    const srt = path.join(weird, 'screens.srt');
    await writeFile(srt, '1\n00:00:01,000 --> 00:00:02,500\nBonjour, ça va ?\nÀ demain\n\n');
    const out = path.join(dir, 'burned.mp4');
    const fractions: number[] = [];
    await burnSubtitles(source, srt, out, { durationSeconds: 4, onProgress: (f) => fractions.push(f) });

    const burned = parseProbe(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', out], { encoding: 'utf8' }));
    expect(burned.video).toMatchObject({ codec: 'h264', width: 1280, height: 960 });
    expect(burned.durationSeconds).toBeCloseTo(4, 0);
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
    // During the screen the bottom of the picture holds text; outside it, the picture is untouched.
    expect(changedPixels(bottomThird(source, 1.8), bottomThird(out, 1.8))).toBeGreaterThan(500);
    expect(changedPixels(bottomThird(source, 3.5), bottomThird(out, 3.5))).toBe(0);
  });

  it('tells whether ffmpeg has the subtitles filter (libass)', async () => {
    expect(await subtitlesFilterAvailable()).toBe(true);
    expect(await subtitlesFilterAvailable({ ffmpegPath: path.join(dir, 'no-such-ffmpeg') })).toBe(false);
    // An ffmpeg built without libass lists other filters only.
    const without = path.join(dir, 'ffmpeg-without-libass');
    await writeFile(without, '#!/bin/sh\necho " ... scale             V->V       Scale the input video size and/or convert the image format."\n', { mode: 0o755 });
    expect(await subtitlesFilterAvailable({ ffmpegPath: without })).toBe(false);
  });

  it('stops when aborted and reports a stable code', async () => {
    const srt = path.join(dir, 'one.srt');
    await writeFile(srt, '1\n00:00:00,000 --> 00:00:03,000\nHello\n\n');
    const controller = new AbortController();
    controller.abort();
    await expect(burnSubtitles(source, srt, path.join(dir, 'never.mp4'), { signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
    await expect(burnSubtitles(path.join(dir, 'missing.avi'), srt, path.join(dir, 'never.mp4'))).rejects.toMatchObject({ code: 'media_unreadable' });
  });
});
