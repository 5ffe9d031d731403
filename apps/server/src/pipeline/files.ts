/**
 * Files of a media in storage, and the private work folder of a job. Tools that need paths
 * (ffmpeg, engines) get stored files through `ctx.storage.withLocalFile`; outputs are written to
 * the work folder, then put into storage (which moves them into place whole), so a step that
 * fails never leaves a half-written file under a media's keys.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import type { MediaFiles } from '../db/schema.ts';
import { readBuffer } from '../storage/storage.ts';

export const mediaKeys = {
  folder: (id: string) => `media/${id}`,
  channel: (id: string, n: number) => `media/${id}/channel-${n}.wav`,
  web: (id: string) => `media/${id}/web.m4a`,
  peaks: (id: string) => `media/${id}/peaks.json`,
  /** The video rendition, when the original's video does not play in browsers as it is. */
  video: (id: string) => `media/${id}/video.mp4`,
  /** Videos with a subtitle version burned in (subtitles/burn.ts). */
  burn: (id: string, burnId: string) => `media/${id}/burns/${burnId}.mp4`,
  /** Intermediate results between steps (removed when the transcript is stored). */
  work: (id: string, name: string) => `media/${id}/work/${name}.json`,
};

export const WEB_MIME_TYPE = 'audio/mp4';
export const VIDEO_MIME_TYPE = 'video/mp4';

/** A private folder for one job; removed by `dispose`. */
export async function workFolder(ctx: AppContext, conversationId: string): Promise<{ dir: string; file(name: string): string; dispose(): Promise<void> }> {
  const dir = path.join(ctx.config.dataDir, 'work', `${conversationId}-${crypto.randomBytes(4).toString('hex')}`);
  await fsp.mkdir(dir, { recursive: true });
  return {
    dir,
    file: (name) => path.join(dir, name),
    dispose: () => fsp.rm(dir, { recursive: true, force: true }),
  };
}

export async function putFile(ctx: AppContext, key: string, file: string): Promise<{ size: number }> {
  return ctx.storage.put(key, fs.createReadStream(file));
}

export async function putJson(ctx: AppContext, key: string, value: unknown, work: { file(name: string): string }): Promise<void> {
  const file = work.file(`out-${crypto.randomBytes(4).toString('hex')}.json`);
  await fsp.writeFile(file, JSON.stringify(value));
  await putFile(ctx, key, file);
  await fsp.rm(file, { force: true });
}

export async function readJson<T>(ctx: AppContext, key: string): Promise<T | null> {
  if (!(await ctx.storage.stat(key))) return null;
  return JSON.parse((await readBuffer(ctx.storage, key)).toString('utf8')) as T;
}

/** Every derived file of a media (not the originals). */
export function derivedKeys(id: string, channels: number): string[] {
  return [...Array.from({ length: channels }, (_, n) => mediaKeys.channel(id, n)), mediaKeys.web(id), mediaKeys.peaks(id), mediaKeys.video(id), ...workKeys(id, channels)];
}

/** The files without what preprocessing derives from the originals (the originals and the source stay). */
export function withoutDerived(files: MediaFiles): MediaFiles {
  const { pcm: _pcm, web: _web, peaks: _peaks, video: _video, videoRendition: _videoRendition, ...rest } = files;
  return rest;
}

export function workKeys(id: string, channels: number): string[] {
  return [
    ...Array.from({ length: channels }, (_, n) => mediaKeys.work(id, `asr-channel-${n}`)),
    mediaKeys.work(id, 'asr'),
    mediaKeys.work(id, 'diarized'),
    mediaKeys.work(id, 'punctuated'),
  ];
}

export async function deleteKeys(ctx: AppContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await ctx.storage.delete(key).catch((error: unknown) => ctx.log.warn({ err: error, key }, 'could not delete a media file'));
  }
}
