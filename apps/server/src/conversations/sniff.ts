/**
 * Uploads are judged by their first bytes, never by their declared type: a file whose first bytes
 * name no media container we read is refused (a text playlist declared `audio/x-mpegurl` included),
 * as are images, documents and archives. The containers and how ffmpeg may read them are
 * @palabre/engines' (media/containers.ts); ffprobe in the pipeline is the deeper check.
 */
import { CONTAINER_HEAD_BYTES, containerOf } from '@palabre/engines';

/** Bytes to look at: enough for every signature. */
export const SNIFF_BYTES = CONTAINER_HEAD_BYTES;

const ascii = (head: Buffer, offset: number, text: string) => head.subarray(offset, offset + text.length).toString('latin1') === text;

/** A media container recognised from its first bytes, or null. */
export function mediaSignature(head: Buffer): string | null {
  return containerOf(head)?.name ?? null;
}

/** The type a media is served with, from its container as we recognised it (never the declared one). */
const SERVED_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  avi: 'video/x-msvideo',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  mp4: 'audio/mp4',
  aiff: 'audio/aiff',
  amr: 'audio/amr',
  caf: 'audio/x-caf',
  au: 'audio/basic',
  matroska: 'video/x-matroska',
  asf: 'video/x-ms-asf',
  'mpeg-audio': 'audio/mpeg',
  'mpeg-ps': 'video/mpeg',
  'mpeg-ts': 'video/mp2t',
  flv: 'video/x-flv',
};

export const OPAQUE_TYPE = 'application/octet-stream';

/** audio/* or video/* for a container we recognise from its first bytes, else application/octet-stream. */
export function servedMediaType(head: Buffer): string {
  if (nonMediaSignature(head)) return OPAQUE_TYPE;
  const signature = mediaSignature(head);
  return (signature && SERVED_TYPES[signature]) || OPAQUE_TYPE;
}

/** Formats that are certainly not media. */
export function nonMediaSignature(head: Buffer): string | null {
  if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(head, 0, 'GIF8')) return 'gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'webp';
  if (ascii(head, 0, '%PDF')) return 'pdf';
  if (ascii(head, 0, 'PK\u0003\u0004')) return 'zip';
  if (ascii(head, 0, '\u007fELF')) return 'elf';
  if (ascii(head, 0, 'MZ')) return 'exe';
  if (/^\s*<(!doctype|html|\?xml|svg)/i.test(head.toString('latin1'))) return 'markup';
  return null;
}

/** null when the part may be a media file; else why it is refused (whatever type it was declared with). */
export function refuseUpload(head: Buffer): string | null {
  if (head.length === 0) return 'the file is empty';
  const bad = nonMediaSignature(head);
  if (bad) return `a ${bad} file is not an audio or video file`;
  if (mediaSignature(head)) return null;
  return 'the file is not a known audio or video format';
}
