/**
 * Burning subtitles into a video: ffmpeg's `subtitles` filter (libass) draws a SubRip file's
 * screens onto the picture, and the result is encoded as the H.264/AAC MP4 every player reads.
 *
 * The SubRip path goes inside the filter graph, where `:`, `'`, `\`, `,`, `;`, `[` and `]` mean
 * something: it is escaped twice, once as the filter's option value and once for the graph (see
 * ffmpeg-filters, "Notes on filtergraph escaping"), and given as a `file:` URL so it is never read
 * as another protocol. Failures carry ffmpeg's message for the logs only; callers show a stable code.
 */
import { runProcess } from '../process.ts';
import { withMediaInput } from './containers.ts';
import { runFfmpeg, type ConvertOptions, type InputFile, type MediaToolsOptions } from './ffmpeg.ts';
import { fitShortSide, h264Mp4Args, type VideoEncodeOptions } from './video.ts';

/** Escapes a filter option value (first level). */
function escapeOptionValue(value: string): string {
  return value.replace(/[\\':]/g, (c) => `\\${c}`);
}

/** Escapes a filter's arguments for the filter graph description (second level). */
function escapeGraph(value: string): string {
  return value.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

/** A filter option value as it must be written inside a -vf chain. */
export function filterValue(value: string): string {
  return escapeGraph(escapeOptionValue(value));
}

/**
 * The look of burned-in screens, in libass terms. Sizes are in the script's own units (288 lines
 * for the full height, whatever the video's size): the text is about 6 % of the picture's height,
 * white with a black outline and no box, so it reads on any picture, 16 units (about 5.5 %) above
 * the bottom. DejaVu Sans is installed with ffmpeg's fontconfig on Debian and covers Latin, Greek
 * and Cyrillic; libass falls back to another font for missing glyphs.
 */
export const BURN_STYLE = {
  FontName: 'DejaVu Sans',
  FontSize: 17,
  PrimaryColour: '&H00FFFFFF',
  OutlineColour: '&H00000000',
  BorderStyle: 1,
  Outline: 1.6,
  Shadow: 0.8,
  MarginV: 16,
  Alignment: 2,
} as const;

export function forceStyle(style: Record<string, string | number> = BURN_STYLE): string {
  return Object.entries(style)
    .map(([key, value]) => `${key}=${value}`)
    .join(',');
}

/** The largest short side of a burned-in video (1080p; smaller videos keep their size). */
export const BURN_SHORT_SIDE = 1080;

/** `subtitles` filter over the picture fitted within BURN_SHORT_SIDE. */
export function burnFilters(subtitlesPath: string): string {
  const subtitles = `subtitles=filename=${filterValue(`file:${subtitlesPath}`)}:charenc=UTF-8:force_style=${filterValue(forceStyle())}`;
  return `${fitShortSide(BURN_SHORT_SIDE)},${subtitles}`;
}

export function burnSubtitlesArgs(input: InputFile, subtitlesPath: string, output: string, options: VideoEncodeOptions = {}): string[] {
  return h264Mp4Args(input, output, burnFilters(subtitlesPath), { crf: 21, ...options });
}

/**
 * Writes `output`: `input`'s video with the screens of the SubRip file `subtitlesPath` drawn on it.
 * Progress (0..1) follows the encoded position against `durationSeconds`; the signal stops ffmpeg.
 */
export function burnSubtitles(input: string, subtitlesPath: string, output: string, options: ConvertOptions & VideoEncodeOptions = {}): Promise<{ stderrTail: string }> {
  return withMediaInput(input, (media) => runFfmpeg(burnSubtitlesArgs(media, subtitlesPath, output, options), { ...options, description: 'Burning the subtitles into the video' }));
}

/**
 * Whether this ffmpeg can burn subtitles: its `subtitles` filter exists only when it was built with
 * libass (Debian's is). False when ffmpeg is missing or does not answer.
 */
export async function subtitlesFilterAvailable(options: Pick<MediaToolsOptions, 'ffmpegPath'> = {}): Promise<boolean> {
  const chunks: Buffer[] = [];
  try {
    await runProcess(options.ffmpegPath ?? 'ffmpeg', ['-hide_banner', '-nostdin', '-filters'], {
      timeoutMs: 15_000,
      onStdout: (chunk) => chunks.push(chunk),
      failureCode: 'engine_unavailable',
      description: 'Listing the filters of ffmpeg',
    });
  } catch {
    return false;
  }
  // Lines read " ... subtitles         V->V       Render text subtitles …".
  return /^\s*\S+\s+subtitles\s+V->V\b/m.test(Buffer.concat(chunks).toString('utf8'));
}
