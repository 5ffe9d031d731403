/**
 * The video the player shows and burned-in exports start from: the original itself when every
 * browser plays it as it is, otherwise an H.264/AAC MP4 rendition no larger than 720p.
 *
 * "Plays as it is" means an MP4 (not QuickTime or 3GP) or a WebM (Matroska whose DocType is
 * "webm": browsers refuse other Matroska files) holding H.264, VP8, VP9 or AV1 video in 4:2:0 and
 * AAC, Opus, Vorbis or MP3 audio. The container's brand or DocType is read from the file's first
 * bytes, which ffprobe's format name ("mov,mp4,…", "matroska,webm") does not tell apart.
 */
import { inputArgs, withMediaInput } from './containers.ts';
import { COMMON_INPUT, fileArg, outputLimits, PROGRESS, runFfmpeg, type ConvertOptions, type InputFile, type MediaInfo, type StreamChoice } from './ffmpeg.ts';

export type PlayableVideoType = 'video/mp4' | 'video/webm';

/** Bytes of the file's start that playableVideoType looks at. */
export const VIDEO_HEAD_BYTES = 64;

const PLAYABLE_VIDEO_CODECS: Record<PlayableVideoType, ReadonlySet<string>> = {
  'video/mp4': new Set(['h264', 'vp9', 'av1']),
  'video/webm': new Set(['vp8', 'vp9', 'av1']),
};
const PLAYABLE_AUDIO_CODECS: Record<PlayableVideoType, ReadonlySet<string>> = {
  'video/mp4': new Set(['aac', 'mp3', 'opus']),
  'video/webm': new Set(['opus', 'vorbis']),
};
/** 4:2:0 in 8 bits: what hardware decoders in browsers take (4:4:4 or 10-bit H.264 is refused by several). */
const PLAYABLE_PIXEL_FORMATS: ReadonlySet<string> = new Set(['yuv420p', 'yuvj420p']);

/** The MP4 family's major brand (bytes 8–11 after "ftyp"), or null. */
function mp4Brand(head: Buffer): string | null {
  return head.subarray(4, 8).toString('latin1') === 'ftyp' ? head.subarray(8, 12).toString('latin1') : null;
}

/** A Matroska file whose EBML header names the "webm" DocType (element 0x4282). */
function isWebm(head: Buffer): boolean {
  return head.readUInt32BE(0) === 0x1a45dfa3 && /\x42\x82[\x80-\xff]webm/.test(head.subarray(0, VIDEO_HEAD_BYTES).toString('latin1'));
}

/** The container a browser would play this file as, or null when it needs a rendition. */
export function playableVideoType(info: MediaInfo, head: Buffer): PlayableVideoType | null {
  const video = info.video;
  if (!video || head.length < 12) return null;
  const brand = mp4Brand(head);
  const type: PlayableVideoType | null = brand && !/^(qt |3g)/.test(brand) ? 'video/mp4' : isWebm(head) ? 'video/webm' : null;
  if (!type) return null;
  if (!PLAYABLE_VIDEO_CODECS[type].has(video.codec) || !PLAYABLE_PIXEL_FORMATS.has(video.pixelFormat)) return null;
  // Every audio track must play: the player cannot pick one the browser refuses.
  return info.audioStreams.every((a) => PLAYABLE_AUDIO_CODECS[type].has(a.codec)) ? type : null;
}

/**
 * A scale filter fitting the picture's short side within `shortSide` pixels (never enlarging),
 * keeping its aspect ratio and even dimensions (4:2:0 H.264 needs them).
 */
export function fitShortSide(shortSide: number): string {
  if (!Number.isInteger(shortSide) || shortSide < 2) throw new RangeError(`shortSide must be an integer of at least 2, got ${shortSide}`);
  const even = (side: string) => `trunc(min(${shortSide},${side})/2)*2`;
  // Quoted: the commas belong to the expressions, not to the filter chain.
  return `scale=w='if(gte(iw,ih),-2,${even('iw')})':h='if(gte(iw,ih),${even('ih')},-2)'`;
}

export interface VideoEncodeOptions extends StreamChoice {
  /** Absolute index of the video stream (from parseProbe's video.index); default: the first. */
  videoStreamIndex?: number | undefined;
  /** libx264's constant rate factor (default 23). */
  crf?: number | undefined;
}

/**
 * The H.264/AAC MP4 encoding shared by renditions and burned-in exports: `filters` (a -vf chain)
 * applied to one video stream, one audio stream (when the file has one; `?` keeps ffmpeg from
 * failing without), `-preset veryfast`, `+faststart` so players start after a few range requests.
 */
export function h264Mp4Args(input: InputFile, output: string, filters: string, options: VideoEncodeOptions = {}): string[] {
  const video = options.videoStreamIndex === undefined ? '0:v:0' : `0:${options.videoStreamIndex}`;
  const audio = options.audioStreamIndex === undefined ? '0:a:0?' : `0:${options.audioStreamIndex}`;
  return [
    ...COMMON_INPUT,
    '-y',
    ...inputArgs(input),
    '-map',
    video,
    '-map',
    audio,
    '-sn',
    '-dn',
    '-vf',
    `${filters},format=yuv420p`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    String(options.crf ?? 23),
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    ...outputLimits(options),
    ...PROGRESS,
    fileArg(output),
  ];
}

/** The rendition's short side: 720p. */
export const VIDEO_RENDITION_SHORT_SIDE = 720;

export function toVideoRenditionArgs(input: InputFile, output: string, options: VideoEncodeOptions = {}): string[] {
  return h264Mp4Args(input, output, fitShortSide(VIDEO_RENDITION_SHORT_SIDE), options);
}

/** Makes the ≤720p H.264/AAC MP4 rendition of a video the browser does not play as it is. */
export function makeVideoRendition(input: string, output: string, options: ConvertOptions & VideoEncodeOptions = {}): Promise<{ stderrTail: string }> {
  return withMediaInput(input, (media) => runFfmpeg(toVideoRenditionArgs(media, output, options), { ...options, description: 'Making the web-playable video' }));
}
