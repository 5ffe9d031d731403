/**
 * The one wrapper around the system's ffmpeg and ffprobe.
 *
 * - Argument builders are pure and return arrays; processes are spawned without a shell, and every
 *   path is passed as `file:<path>` so a name such as `-y`, `concat:…` or `http://…` can never be
 *   read as an option or another protocol.
 * - A user's file is read only by a media demuxer, through the file protocol, from a private folder
 *   (containers.ts): never as a playlist or a script that opens other files.
 * - ffmpeg writes machine-readable progress with `-progress pipe:3` (file descriptor 3), which
 *   leaves stdout free for data (raw PCM for peaks) and stderr for errors only (`-v error`), of
 *   which a bounded tail is kept for the media's error log.
 * - stdin is closed (`-nostdin`) so ffmpeg never waits for a keypress; corrupted input makes
 *   ffprobe/ffmpeg exit non-zero, which becomes an EngineError with ffmpeg's own message.
 */
import { z } from 'zod';
import { EngineError } from '../errors.ts';
import { lastLines, runProcess } from '../process.ts';
import { fileArg, inputArgs, withMediaInput, type MediaInput } from './containers.ts';

export { fileArg };

export const ENGINE_SAMPLE_RATE = 16_000;

export interface MediaToolsOptions {
  ffmpegPath?: string | undefined;
  ffprobePath?: string | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /** Run at a lower CPU priority (work nobody waits for, see RunOptions.background). */
  background?: boolean | undefined;
}

export const COMMON_INPUT = ['-hide_banner', '-nostdin', '-v', 'error'] as const;
export const PROGRESS = ['-progress', 'pipe:3', '-nostats'] as const;

/** Output sample rate and codec of engine PCM (16 kHz, signed 16-bit little-endian). */
const ENGINE_PCM = ['-ar', String(ENGINE_SAMPLE_RATE), '-c:a', 'pcm_s16le'] as const;

// ---------------------------------------------------------------------------------------------
// Argument builders (pure)
// ---------------------------------------------------------------------------------------------

/** A user's file to read: a path (probed among the allowed demuxers only) or a MediaInput naming its demuxer. */
export type InputFile = string | MediaInput;

export function probeArgs(input: InputFile): string[] {
  return ['-hide_banner', '-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...inputArgs(input)];
}

export interface StreamChoice {
  /** Absolute stream index (from parseProbe); defaults to the first audio stream. */
  audioStreamIndex?: number | undefined;
  /**
   * Upper bounds on what one conversion writes (`-t`, `-fs`): a header may claim far more samples
   * than the file carries, and the output must never grow past what the caller allows.
   */
  maxDurationSeconds?: number | undefined;
  maxOutputBytes?: number | undefined;
}

export function outputLimits(options: StreamChoice): string[] {
  const limits: string[] = [];
  if (options.maxDurationSeconds !== undefined && Number.isFinite(options.maxDurationSeconds) && options.maxDurationSeconds > 0) {
    limits.push('-t', options.maxDurationSeconds.toFixed(3));
  }
  if (options.maxOutputBytes !== undefined && Number.isFinite(options.maxOutputBytes) && options.maxOutputBytes > 0) {
    limits.push('-fs', String(Math.ceil(options.maxOutputBytes)));
  }
  return limits;
}

/**
 * The frame every conversion shares: read one audio stream of `input` (video, subtitles and data
 * dropped), encode it with `encode`, report progress on fd 3 and write to `output` (overwritten),
 * or to stdout when `output` is null.
 */
function audioConversionArgs(input: InputFile, output: string | null, options: StreamChoice, encode: readonly string[]): string[] {
  // `0:a:0` = first audio stream; an absolute index comes from parseProbe's audioStreams[].index.
  const stream = options.audioStreamIndex === undefined ? '0:a:0' : `0:${options.audioStreamIndex}`;
  return [
    ...COMMON_INPUT,
    ...(output === null ? [] : ['-y']),
    ...inputArgs(input),
    '-map',
    stream,
    '-vn',
    '-sn',
    '-dn',
    ...encode,
    ...outputLimits(options),
    ...PROGRESS,
    output === null ? 'pipe:1' : fileArg(output),
  ];
}

/** 16 kHz, mono, signed 16-bit little-endian PCM in a WAV container: what every engine reads. */
export function toEnginePcmArgs(input: InputFile, output: string, options: StreamChoice = {}): string[] {
  return audioConversionArgs(input, output, options, ['-ac', '1', ...ENGINE_PCM, '-f', 'wav']);
}

export interface WebRenditionOptions extends StreamChoice {
  /** Channels of the source; the rendition keeps mono as mono and downmixes more than 2 to stereo. */
  sourceChannels?: number | undefined;
  /** AAC bitrate per channel in kbit/s (default 64, i.e. 128 kbit/s stereo). */
  kbpsPerChannel?: number | undefined;
}

/**
 * The rendition the browser player streams: AAC-LC in an MP4 (.m4a) container with
 * `-movflags +faststart`.
 *
 * Why AAC/MP4 rather than Opus/WebM: it is the one audio format every browser we target plays
 * natively, Safari and iOS included (Opus in WebM is missing or partial on older Safari); ffmpeg's
 * native `aac` encoder is in every build (no libfdk or libopus needed); and `+faststart` moves the
 * `moov` index before the data, so with HTTP Range the player starts and seeks after a few small
 * range requests instead of downloading the file first.
 */
export function toWebRenditionArgs(input: InputFile, output: string, options: WebRenditionOptions = {}): string[] {
  const channels = Math.min(Math.max(options.sourceChannels ?? 2, 1), 2);
  const kbps = (options.kbpsPerChannel ?? 64) * channels;
  return audioConversionArgs(input, output, options, ['-ac', String(channels), '-c:a', 'aac', '-b:a', `${kbps}k`, '-movflags', '+faststart', '-f', 'mp4']);
}

/**
 * One channel (0-based) of a multi-channel file as engine PCM (16 kHz mono WAV): used when each
 * speaker was recorded on their own channel.
 */
export function extractChannelArgs(input: InputFile, output: string, channel: number, options: StreamChoice = {}): string[] {
  if (!Number.isInteger(channel) || channel < 0 || channel > 63) {
    throw new RangeError(`channel must be an integer between 0 and 63, got ${channel}`);
  }
  return audioConversionArgs(input, output, options, ['-af', `pan=mono|c0=c${channel}`, ...ENGINE_PCM, '-f', 'wav']);
}

/** Decodes to raw 16 kHz mono s16le on stdout, for streaming into the peaks accumulator. */
export function peaksArgs(input: InputFile, options: StreamChoice = {}): string[] {
  return audioConversionArgs(input, null, options, ['-ac', '1', ...ENGINE_PCM, '-f', 's16le']);
}

// ---------------------------------------------------------------------------------------------
// ffprobe output
// ---------------------------------------------------------------------------------------------

export interface AudioStreamInfo {
  index: number;
  codec: string;
  channels: number;
  sampleRate: number;
}

export interface VideoStreamInfo {
  index: number;
  codec: string;
  width: number;
  height: number;
  /** e.g. "yuv420p"; "unknown" when ffprobe does not say. */
  pixelFormat: string;
}

export interface MediaInfo {
  /** null when neither the container nor a stream states a duration. */
  durationSeconds: number | null;
  /** ffprobe's format_name, e.g. "wav", "mp3", "mov,mp4,m4a,3gp,3g2,mj2". */
  format: string;
  audioStreams: AudioStreamInfo[];
  /** A real video track; cover art (attached_pic, e.g. in MP3 tags) does not count. */
  hasVideo: boolean;
  /** The first real video track, when there is one. */
  video: VideoStreamInfo | null;
}

const numeric = z.union([z.number(), z.string()]).optional();
const probeSchema = z.object({
  format: z
    .object({
      format_name: z.string().optional(),
      duration: numeric,
    })
    .optional(),
  streams: z
    .array(
      z.object({
        index: z.number().int(),
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        channels: z.number().int().optional(),
        width: z.number().int().optional(),
        height: z.number().int().optional(),
        pix_fmt: z.string().optional(),
        sample_rate: numeric,
        duration: numeric,
        disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
      }),
    )
    .default([]),
});

function toSeconds(value: number | string | undefined): number | null {
  if (value === undefined) return null;
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Parses `ffprobe -print_format json -show_format -show_streams` output (string or parsed JSON). */
export function parseProbe(json: unknown): MediaInfo {
  let data: unknown = json;
  if (typeof json === 'string') {
    try {
      data = JSON.parse(json);
    } catch (error) {
      throw new EngineError('media_unreadable', 'ffprobe returned output that is not JSON', { cause: error });
    }
  }
  const parsed = probeSchema.safeParse(data);
  if (!parsed.success) {
    throw new EngineError('media_unreadable', `ffprobe output has an unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`);
  }
  const { format, streams } = parsed.data;
  const audioStreams: AudioStreamInfo[] = streams
    .filter((s) => s.codec_type === 'audio')
    .map((s) => ({
      index: s.index,
      codec: s.codec_name ?? 'unknown',
      channels: s.channels ?? 0,
      sampleRate: Math.round(toSeconds(s.sample_rate) ?? 0),
    }));
  if (audioStreams.length === 0) {
    throw new EngineError('media_no_audio', 'The file has no audio track, so there is nothing to transcribe');
  }
  const videoStream = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const video: VideoStreamInfo | null = videoStream
    ? {
        index: videoStream.index,
        codec: videoStream.codec_name ?? 'unknown',
        width: videoStream.width ?? 0,
        height: videoStream.height ?? 0,
        pixelFormat: videoStream.pix_fmt ?? 'unknown',
      }
    : null;
  const streamDurations = streams.map((s) => toSeconds(s.duration)).filter((d): d is number => d !== null);
  const durationSeconds = toSeconds(format?.duration) ?? (streamDurations.length > 0 ? Math.max(...streamDurations) : null);
  return { durationSeconds, format: format?.format_name ?? 'unknown', audioStreams, hasVideo: video !== null, video };
}

// ---------------------------------------------------------------------------------------------
// -progress output
// ---------------------------------------------------------------------------------------------

export interface FfmpegProgress {
  /** Position reached in the output, in seconds; null before the first packet. */
  outTimeSeconds: number | null;
  /** Processing speed as a multiple of real time (e.g. 42.5), null when unknown. */
  speed: number | null;
  /** True on the last report (`progress=end`). */
  done: boolean;
}

function parseClock(value: string): number | null {
  const match = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/**
 * Parses the key=value lines ffmpeg writes with `-progress`. Each report ends with a
 * `progress=continue|end` line; text after the last complete report is returned in `rest` so a
 * caller feeding chunks keeps it for the next call. Negative or N/A times (before the first
 * packet) give `outTimeSeconds: null`.
 */
export function parseProgress(text: string): { reports: FfmpegProgress[]; rest: string } {
  const reports: FfmpegProgress[] = [];
  let fields = new Map<string, string>();
  let consumed = 0;
  let position = 0;
  while (true) {
    const newline = text.indexOf('\n', position);
    if (newline === -1) break;
    const line = text.slice(position, newline).trim();
    position = newline + 1;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (key !== 'progress') {
      fields.set(key, value);
      continue;
    }
    let outTime: number | null = null;
    // out_time_ms is in microseconds too (a historical ffmpeg quirk); out_time_us is preferred.
    for (const k of ['out_time_us', 'out_time_ms']) {
      const raw = fields.get(k);
      if (raw !== undefined && /^\d+$/.test(raw)) {
        outTime = Number(raw) / 1_000_000;
        break;
      }
    }
    if (outTime === null) {
      const clock = fields.get('out_time');
      if (clock !== undefined) outTime = parseClock(clock);
    }
    const speedMatch = /^(\d+(?:\.\d+)?)x$/.exec(fields.get('speed') ?? '');
    reports.push({ outTimeSeconds: outTime, speed: speedMatch ? Number(speedMatch[1]) : null, done: value === 'end' });
    fields = new Map();
    consumed = position;
  }
  return { reports, rest: text.slice(consumed) };
}

/** Fraction of the work done, in [0, 1]; null when it cannot be known. */
export function progressFraction(progress: FfmpegProgress, durationSeconds: number | null | undefined): number | null {
  if (progress.done) return 1;
  if (progress.outTimeSeconds === null || !durationSeconds || durationSeconds <= 0) return null;
  return Math.min(1, Math.max(0, progress.outTimeSeconds / durationSeconds));
}

// ---------------------------------------------------------------------------------------------
// Running
// ---------------------------------------------------------------------------------------------

/**
 * ffmpeg's messages name inputs as `file:/path` and prefix lines with the component's memory
 * address (`[mp3 @ 0x55d4…]`): people need the reason, not the process's addresses.
 */
export function explainFfmpeg(stderrTail: string): string {
  return withoutAddresses(lastLines(stderrTail, 3).replaceAll('file:', ''));
}

/** Removes memory addresses from a tool's message, keeping the component's name. */
export function withoutAddresses(text: string): string {
  return text.replace(/\s*@\s*0x[0-9a-f]+/gi, '').replace(/\b0x[0-9a-f]{6,}\b/gi, '…');
}

export async function probeMedia(input: string, options: MediaToolsOptions = {}): Promise<MediaInfo> {
  const chunks: Buffer[] = [];
  let size = 0;
  await withMediaInput(input, (media) =>
    runProcess(options.ffprobePath ?? 'ffprobe', probeArgs(media), {
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 60_000,
      onStdout: (chunk) => {
        size += chunk.length;
        // Hundreds of streams would still fit; anything larger is not a media file worth probing.
        if (size > 16 * 1024 * 1024) throw new Error('ffprobe output is larger than 16 MiB');
        chunks.push(chunk);
      },
      failureCode: 'media_unreadable',
      description: 'Reading the media file',
      explain: explainFfmpeg,
    }),
  );
  return parseProbe(Buffer.concat(chunks).toString('utf8'));
}

export interface RunFfmpegOptions extends MediaToolsOptions {
  /** Duration of the input, to turn positions into fractions. */
  durationSeconds?: number | null | undefined;
  onProgress?: ((fraction: number) => void) | undefined;
  onStdout?: ((chunk: Buffer) => void) | undefined;
  /** For error messages, e.g. "Converting the media for the engines". */
  description?: string | undefined;
}

export async function runFfmpeg(args: readonly string[], options: RunFfmpegOptions = {}): Promise<{ stderrTail: string }> {
  let pending = '';
  let last = -1;
  const result = await runProcess(options.ffmpegPath ?? 'ffmpeg', args, {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    background: options.background,
    onStdout: options.onStdout,
    onFd3: (chunk) => {
      const { reports, rest } = parseProgress(pending + chunk.toString('utf8'));
      pending = rest;
      for (const report of reports) {
        const fraction = progressFraction(report, options.durationSeconds);
        // Progress only moves forward, so a UI never jumps back.
        if (fraction !== null && fraction > last) {
          last = fraction;
          options.onProgress?.(fraction);
        }
      }
    },
    failureCode: 'media_conversion_failed',
    description: options.description ?? 'ffmpeg',
    explain: explainFfmpeg,
  });
  if (last < 1) options.onProgress?.(1);
  return result;
}

export interface ConvertOptions extends MediaToolsOptions, StreamChoice {
  durationSeconds?: number | null | undefined;
  onProgress?: ((fraction: number) => void) | undefined;
}

export function convertToEnginePcm(input: string, output: string, options: ConvertOptions = {}): Promise<{ stderrTail: string }> {
  return withMediaInput(input, (media) =>
    runFfmpeg(toEnginePcmArgs(media, output, options), {
      ...options,
      description: 'Converting the media to 16 kHz mono PCM',
    }),
  );
}

export function makeWebRendition(input: string, output: string, options: ConvertOptions & WebRenditionOptions = {}): Promise<{ stderrTail: string }> {
  return withMediaInput(input, (media) => runFfmpeg(toWebRenditionArgs(media, output, options), { ...options, description: 'Making the web-playable rendition' }));
}

export function extractChannel(input: string, output: string, channel: number, options: ConvertOptions = {}): Promise<{ stderrTail: string }> {
  return withMediaInput(input, (media) =>
    runFfmpeg(extractChannelArgs(media, output, channel, options), {
      ...options,
      description: `Extracting channel ${channel + 1}`,
    }),
  );
}
