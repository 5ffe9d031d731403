/**
 * A session's recordings: while a session records (keep audio on, or live transcription off), each
 * channel's audio is appended as raw PCM in `LIVE_AUDIO`'s format (16 kHz mono s16le) to
 * `<dataDir>/live/{sessionId}/channel-{index}.pcm`. Saving the session turns them into media
 * originals (WAV files: the same samples behind a header), then removes the folder.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { wavHeader } from '@palabre/engines';
import { LIVE_AUDIO } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { MediaFiles } from '../db/schema.ts';

/** The folder holding a session's recordings. */
export const recordingsFolder = (dataDir: string, sessionId: string) => path.join(dataDir, 'live', sessionId);

/** A channel's recording (`index` is the channel's position in the session). */
export const recordingFile = (dataDir: string, sessionId: string, index: number) => path.join(recordingsFolder(dataDir, sessionId), `channel-${index}.pcm`);

const SAMPLE_BYTES = LIVE_AUDIO.bytesPerSample * LIVE_AUDIO.channels;

/** The bytes of whole samples a channel has recorded (0 when it has no recording). */
export async function recordedBytes(dataDir: string, sessionId: string, index: number): Promise<number> {
  const stat = await fsp.stat(recordingFile(dataDir, sessionId, index)).catch(() => null);
  if (!stat?.isFile()) return 0;
  return stat.size - (stat.size % SAMPLE_BYTES);
}

/** Seconds of audio in `bytes` of recording. */
export const recordedSeconds = (bytes: number) => bytes / (SAMPLE_BYTES * LIVE_AUDIO.sampleRate);

/**
 * Stores a channel's recording under `key` as a WAV file (its header, then the recorded samples,
 * streamed: never whole in memory). Answers the media original it becomes.
 */
export async function storeRecording(
  ctx: AppContext,
  recording: { sessionId: string; index: number; bytes: number },
  key: string,
  name: string,
): Promise<MediaFiles['originals'][number]> {
  const file = recordingFile(ctx.config.dataDir, recording.sessionId, recording.index);
  const { bytes } = recording;
  const body = Readable.from(
    (async function* () {
      yield wavHeader(bytes, LIVE_AUDIO.sampleRate);
      // Only the samples measured: audio appended meanwhile (there should be none) is left out.
      yield* fs.createReadStream(file, { start: 0, end: bytes - 1 });
    })(),
  );
  const { size } = await ctx.storage.put(key, body);
  return { key, name, size, mimeType: 'audio/wav' };
}

/** Removes a session's recordings (nothing when there are none). */
export async function removeRecordings(ctx: AppContext, sessionId: string): Promise<void> {
  await fsp.rm(recordingsFolder(ctx.config.dataDir, sessionId), { recursive: true, force: true });
}
