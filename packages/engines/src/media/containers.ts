/**
 * Which media containers users' files may be, and how ffmpeg/ffprobe are allowed to read them.
 *
 * A user's file is never handed to ffmpeg's format probing as it is: probing also recognises
 * playlists and scripts (HLS, DASH, concat, image sequences…) whose demuxers open other files,
 * relative to the input's own folder or by absolute path. So every input is read
 * - by the demuxer its first bytes name (`-f`), when they name exactly one;
 * - in any case only by a demuxer of MEDIA_DEMUXERS (`-format_whitelist`, also applied to what
 *   probing picks when `-f` is absent), none of which opens another file;
 * - through the file protocol only (`-protocol_whitelist file`);
 * - from a private temporary folder holding nothing but a link to it, so that no relative path
 *   leads to another media's folder (defence in depth: see withMediaInputs).
 * A file whose first bytes match no container here is not read at all.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EngineError } from '../errors.ts';

/** A path as an ffmpeg URL of the file protocol: never an option, never another protocol. */
export function fileArg(path: string): string {
  if (path.length === 0) throw new TypeError('empty media path');
  return `file:${path}`;
}

/** Bytes of a file's start that containerOf looks at (two MPEG-TS packets of 192 bytes and a margin). */
export const CONTAINER_HEAD_BYTES = 512;

/**
 * The demuxers allowed to read a user's file. None of them follows a reference to another file
 * (the MP4 demuxer's external data references stay off, its default).
 */
export const MEDIA_DEMUXERS = ['wav', 'w64', 'avi', 'mp3', 'aac', 'ogg', 'flac', 'mov', 'aiff', 'amr', 'caf', 'au', 'matroska', 'asf', 'mpeg', 'mpegts', 'rm', 'flv'] as const;

export type MediaDemuxer = (typeof MEDIA_DEMUXERS)[number];

export interface Container {
  /** Our name for the container (what the upload sniffing reports). */
  name: string;
  /** The demuxer to force, or null when the first bytes allow several (ID3 tags precede MP3, AAC or FLAC). */
  demuxer: MediaDemuxer | null;
}

const ascii = (head: Buffer, offset: number, text: string) => head.subarray(offset, offset + text.length).toString('latin1') === text;
const u32 = (head: Buffer, offset: number) => (head.length >= offset + 4 ? head.readUInt32BE(offset) : -1);

/** MPEG-TS packets (188 bytes, or 192 in M2TS/AVCHD) start with the sync byte 0x47. */
function isTransportStream(head: Buffer): boolean {
  const syncAt = (first: number, size: number) => head.length > first + size && head[first] === 0x47 && head[first + size] === 0x47;
  return syncAt(0, 188) || syncAt(4, 192);
}

/** A media container recognised from its first bytes, or null. */
export function containerOf(head: Buffer): Container | null {
  const is = (name: string, demuxer: MediaDemuxer | null): Container => ({ name, demuxer });
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return is('wav', 'wav');
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI ')) return is('avi', 'avi');
  if (ascii(head, 0, 'RF64') || ascii(head, 0, 'BW64')) return is('wav', 'wav');
  if (ascii(head, 0, 'riff') && ascii(head, 24, 'wave')) return is('w64', 'w64');
  if (ascii(head, 0, 'ID3')) return is('mp3', null);
  if (ascii(head, 0, 'OggS')) return is('ogg', 'ogg');
  if (ascii(head, 0, 'fLaC')) return is('flac', 'flac');
  if (ascii(head, 4, 'ftyp')) return is('mp4', 'mov');
  if (ascii(head, 0, 'FORM') && (ascii(head, 8, 'AIFF') || ascii(head, 8, 'AIFC'))) return is('aiff', 'aiff');
  if (ascii(head, 0, '#!AMR')) return is('amr', 'amr');
  if (ascii(head, 0, 'caff')) return is('caf', 'caf');
  if (ascii(head, 0, '.snd')) return is('au', 'au');
  if (ascii(head, 0, '.RMF')) return is('rm', 'rm');
  if (ascii(head, 0, 'FLV\u0001')) return is('flv', 'flv');
  if (u32(head, 0) === 0x1a45dfa3) return is('matroska', 'matroska');
  if (u32(head, 0) === 0x3026b275) return is('asf', 'asf');
  if (u32(head, 0) === 0x000001ba) return is('mpeg-ps', 'mpeg');
  // Frame sync: 12 bits set for ADTS (AAC, layer bits 00), 11 for MPEG audio layers 1–3.
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xf6) === 0xf0) return is('mpeg-audio', 'aac');
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return is('mpeg-audio', 'mp3');
  if (isTransportStream(head)) return is('mpeg-ts', 'mpegts');
  return null;
}

/** A user's file as ffmpeg may read it: its path and the demuxer its first bytes name (null: probe among MEDIA_DEMUXERS). */
export interface MediaInput {
  path: string;
  demuxer: MediaDemuxer | null;
}

/**
 * The options and `-i` of one input: whitelists, the forced demuxer when known, the file URL. A bare
 * path (no demuxer known) still gets the whitelists.
 */
export function inputArgs(input: string | MediaInput): string[] {
  const { path: file, demuxer } = typeof input === 'string' ? { path: input, demuxer: null } : input;
  return ['-protocol_whitelist', 'file', '-format_whitelist', MEDIA_DEMUXERS.join(','), ...(demuxer ? ['-f', demuxer] : []), '-i', fileArg(file)];
}

/** The first bytes of a local file (fewer when it is shorter). */
export async function readHead(file: string, bytes = CONTAINER_HEAD_BYTES): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The container of a local file, refused (media_unreadable) when its first bytes name none we read. */
export async function containerOfFile(file: string): Promise<Container> {
  let head: Buffer;
  try {
    head = await readHead(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'No such file or directory' : 'the file cannot be opened';
    throw new EngineError('media_unreadable', `Reading the media file failed: ${path.basename(file)}: ${reason}`, { cause: error });
  }
  const container = containerOf(head);
  if (!container) throw new EngineError('media_unreadable', `Reading the media file failed: ${path.basename(file)}: not a known audio or video format`);
  return container;
}

/**
 * Runs `use` with the files (in their order) as ffmpeg may read them: each recognised from its
 * first bytes (refused otherwise), and reached through a symbolic link alone in a fresh private
 * folder, so that a path relative to the input resolves to nothing. The folder goes afterwards.
 */
export async function withMediaInputs<T>(files: readonly string[], use: (inputs: MediaInput[]) => Promise<T>): Promise<T> {
  const containers = await Promise.all(files.map((file) => containerOfFile(file)));
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'palabre-input-'));
  const inputs: MediaInput[] = [];
  try {
    for (const [n, file] of files.entries()) {
      // The extension is kept: probing (ID3-tagged files) weighs it.
      const ext = path.extname(file).toLowerCase();
      const link = path.join(folder, `input-${n}${/^\.[a-z0-9]{1,8}$/.test(ext) ? ext : ''}`);
      await fsp.symlink(path.resolve(file), link);
      inputs.push({ path: link, demuxer: containers[n]!.demuxer });
    }
    return await use(inputs);
  } catch (error) {
    // ffmpeg's message names the links: name the files instead (never a path).
    if (error instanceof Error) for (const [n, input] of inputs.entries()) error.message = error.message.replaceAll(input.path, path.basename(files[n]!));
    throw error;
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
  }
}

/** withMediaInputs for one file. */
export function withMediaInput<T>(file: string, use: (input: MediaInput) => Promise<T>): Promise<T> {
  return withMediaInputs([file], ([input]) => use(input!));
}
