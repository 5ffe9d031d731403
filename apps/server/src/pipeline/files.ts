/**
 * Files of a media in storage, and local paths for the tools that need them (ffmpeg, engines).
 * Outputs are written to a private work folder, then put into storage (which renames them into
 * place), so a step that fails never leaves a half-written file under a media's keys.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../context.ts';
import { LocalStorage } from '../storage/storage.ts';

export const mediaKeys = {
  folder: (id: string) => `media/${id}`,
  channel: (id: string, n: number) => `media/${id}/channel-${n}.wav`,
  web: (id: string) => `media/${id}/web.m4a`,
  peaks: (id: string) => `media/${id}/peaks.json`,
  /** Intermediate results between steps (removed when the transcript is stored). */
  work: (id: string, name: string) => `media/${id}/work/${name}.json`,
};

export const WEB_MIME_TYPE = 'audio/mp4';

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

/**
 * A local path for a stored file: the file itself with local storage, otherwise a copy in the
 * work folder (object storage).
 */
export async function localCopy(ctx: AppContext, key: string, work: { file(name: string): string }): Promise<string> {
  if (ctx.storage instanceof LocalStorage) return path.join(ctx.storage.root, key);
  const target = work.file(`in-${crypto.randomBytes(4).toString('hex')}-${path.basename(key)}`);
  await pipeline(ctx.storage.read(key), fs.createWriteStream(target));
  return target;
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
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.storage.read(key)) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
}

/** Every derived file of a media (not the originals). */
export function derivedKeys(id: string, channels: number): string[] {
  return [
    ...Array.from({ length: channels }, (_, n) => mediaKeys.channel(id, n)),
    mediaKeys.web(id),
    mediaKeys.peaks(id),
    ...workKeys(id, channels),
  ];
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
  // Local storage: drop the now empty work folder.
  if (ctx.storage instanceof LocalStorage) {
    const folders = new Set(keys.filter((k) => k.includes('/work/')).map((k) => path.join((ctx.storage as LocalStorage).root, path.dirname(k))));
    for (const folder of folders) await fsp.rmdir(folder).catch(() => undefined);
  }
}
