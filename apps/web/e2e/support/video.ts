/**
 * Video media for tests of the picture: the English fixture's speech over ffmpeg's test pattern in an
 * H.264/AAC MP4 (a file browsers play as it is, so the media serves it as its video), and the tools
 * that read a video back: ffprobe, and the grey levels of a frame's bottom third, where subtitles go.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from './env.ts';
import { FIXTURE, type UploadFile } from './media.ts';

/** The video's length: the 11 s of speech, then 2 s of picture without any screen. */
export const VIDEO_SECONDS = 13;
export const VIDEO_SIZE = { width: 480, height: 270 } as const;

let made: string | undefined;

/** The fixture video's path, made once per worker in the run's folder (removed with the run). */
export function fixtureVideo(): string {
  if (made && fs.existsSync(made)) return made;
  const folder = path.join(path.dirname(dataDir()), 'videos');
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `speech-${process.pid}.mp4`);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${VIDEO_SIZE.width}x${VIDEO_SIZE.height}:rate=25:duration=${VIDEO_SECONDS}`, '-i', FIXTURE],
    ...['-map', '0:v', '-map', '1:a', '-af', 'apad', '-t', String(VIDEO_SECONDS)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', file],
  ]);
  made = file;
  return file;
}

export const fixtureVideoUpload = (): UploadFile => ({ name: 'address.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(fixtureVideo()) });

export interface VideoInfo {
  video: { codec: string; width: number; height: number } | null;
  audioCodecs: string[];
  durationSeconds: number;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
}

export function probeVideo(file: string): VideoInfo {
  const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { encoding: 'utf8' })) as {
    streams?: ProbeStream[];
    format?: { duration?: string };
  };
  const streams = out.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  return {
    video: video ? { codec: video.codec_name ?? '', width: video.width ?? 0, height: video.height ?? 0 } : null,
    audioCodecs: streams.filter((s) => s.codec_type === 'audio').map((s) => s.codec_name ?? ''),
    durationSeconds: Number(out.format?.duration ?? NaN),
  };
}

/** The grey levels of the bottom third of the frame at `seconds`. */
export function bottomThird(file: string, seconds: number): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-vf', 'crop=iw:ih/3:0:ih*2/3,format=gray', '-f', 'rawvideo', '-'], {
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** How many pixels of two same-sized grey frames differ clearly (more than a quarter of the range, well above encoding noise). */
export function changedPixels(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) throw new Error(`frames of different sizes: ${a.length} and ${b.length} bytes`);
  return a.reduce((n, value, i) => n + (Math.abs(value - b[i]!) > 64 ? 1 : 0), 0);
}
