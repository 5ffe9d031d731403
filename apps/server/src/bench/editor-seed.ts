/**
 * What `palabre bench editor` opens: a three-hour media in the "done" state holding the synthetic
 * transcript, with a small web-playable rendition of the same length (a quiet tone, AAC at 8 kb/s:
 * about 11 MB) so that the player can play while the benchmark types. The audio is made by ffmpeg
 * once per run in a temporary folder; the rows are inserted directly in the bench server's database,
 * as the pipeline leaves a processed media.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Transcript } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { conversations } from '../db/schema.ts';
import { mediaKeys, WEB_MIME_TYPE } from '../pipeline/files.ts';

const run = promisify(execFile);

/** An AAC (MP4) file of `seconds` of a quiet 220 Hz tone, 8 kHz mono, 8 kb/s; answers its path and size. */
export async function quietAudio(dir: string, seconds: number): Promise<{ file: string; size: number; ms: number }> {
  const file = path.join(dir, `tone-${seconds}s.m4a`);
  const started = performance.now();
  await run(
    'ffmpeg',
    // prettier-ignore
    ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=8000,volume=0.05',
     '-t', String(seconds), '-ac', '1', '-c:a', 'aac', '-b:a', '8k', '-movflags', '+faststart', '-f', 'mp4', file],
    { timeout: 300_000 },
  );
  return { file, size: fs.statSync(file).size, ms: performance.now() - started };
}

/** The file's duration as ffprobe reads it (seconds). */
export async function probeDuration(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file], { timeout: 60_000 });
  return Number(stdout.trim());
}

export interface EditorMediaSeed {
  organizationId: string;
  ownerId: string;
  transcript: Transcript;
  duration: number;
  audio: { file: string; size: number };
  count: number;
}

/**
 * Inserts `count` processed media sharing the transcript and the audio (each its own copy in
 * storage, as uploads would have); answers their ids.
 */
export async function seedEditorMedia(ctx: AppContext, seed: EditorMediaSeed): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < seed.count; i++) {
    const id = crypto.randomUUID();
    const key = mediaKeys.web(id);
    const stored = await ctx.storage.put(key, fs.createReadStream(seed.audio.file));
    await ctx.db.insert(conversations).values({
      id,
      organizationId: seed.organizationId,
      ownerId: seed.ownerId,
      name: `Three-hour meeting ${i + 1}`,
      status: 'done',
      progress: 1,
      requestedLanguage: 'en',
      language: 'en',
      duration: seed.duration,
      files: { originals: [{ key, name: 'meeting.m4a', size: stored.size, mimeType: WEB_MIME_TYPE }], web: { key, mimeType: WEB_MIME_TYPE, size: stored.size } },
      transcript: seed.transcript,
    });
    ids.push(id);
  }
  return ids;
}
