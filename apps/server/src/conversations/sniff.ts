/**
 * Early refusal of obviously wrong uploads from the declared type and the first bytes. The real
 * check is ffprobe in the pipeline; this only keeps images, documents and archives out.
 */

/** Bytes to look at: enough for every signature below. */
export const SNIFF_BYTES = 16;

const ascii = (head: Buffer, offset: number, text: string) => head.subarray(offset, offset + text.length).toString('latin1') === text;

/** A media container recognised from its first bytes, or null. */
export function mediaSignature(head: Buffer): string | null {
  if (ascii(head, 0, 'RIFF') && (ascii(head, 8, 'WAVE') || ascii(head, 8, 'AVI '))) return ascii(head, 8, 'WAVE') ? 'wav' : 'avi';
  if (ascii(head, 0, 'RF64')) return 'wav';
  if (ascii(head, 0, 'ID3')) return 'mp3';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (ascii(head, 4, 'ftyp')) return 'mp4';
  if (ascii(head, 0, 'FORM') && (ascii(head, 8, 'AIFF') || ascii(head, 8, 'AIFC'))) return 'aiff';
  if (ascii(head, 0, '#!AMR')) return 'amr';
  if (ascii(head, 0, 'caff')) return 'caf';
  if (ascii(head, 0, '.snd')) return 'au';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'matroska';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x3026b275) return 'asf';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return 'mpeg-audio'; // MP3 / AAC ADTS frame sync
  if (head.length >= 4 && head.readUInt32BE(0) === 0x000001ba) return 'mpeg-ps';
  return null;
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

const MEDIA_TYPE = /^(audio|video)\/|^application\/(ogg|octet-stream|x-matroska|mp4|vnd\.rn-realmedia)$/i;

/** null when the part may be a media file; else why it is refused. */
export function refuseUpload(declaredType: string | undefined, head: Buffer): string | null {
  if (head.length === 0) return 'the file is empty';
  const bad = nonMediaSignature(head);
  if (bad) return `a ${bad} file is not an audio or video file`;
  if (mediaSignature(head)) return null;
  if (declaredType && MEDIA_TYPE.test(declaredType.split(';')[0]!.trim()) && !/octet-stream/i.test(declaredType)) return null;
  return 'the file is not a known audio or video format';
}
