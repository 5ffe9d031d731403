/** SubRip and WebVTT of the kept turns, cut into screens by the default subtitle rules. */
import { DEFAULT_SUBTITLE_SETTINGS } from '@palabre/shared';
import { generateScreens, toSrt, toVtt } from '@palabre/shared/subtitles';
import type { ExportDocument } from './model.ts';

export function renderSubtitles(doc: ExportDocument, format: 'srt' | 'vtt'): Buffer {
  const screens = generateScreens(doc.transcript, DEFAULT_SUBTITLE_SETTINGS);
  return Buffer.from(format === 'srt' ? toSrt(screens) : toVtt(screens), 'utf8');
}
