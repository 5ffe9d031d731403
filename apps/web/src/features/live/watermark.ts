/**
 * When a session's watermark shows (docs/PRODUCT.md, Entities): its text every `frequency` seconds for `duration`
 * seconds from the page's opening, or all the time when pinned; never when off or empty.
 */
import type { Watermark } from '@palabre/shared';

export interface WatermarkPhase {
  visible: boolean;
  /** Seconds until it changes (null: never). */
  changesIn: number | null;
}

export function watermarkPhase(watermark: Watermark, elapsedSeconds: number): WatermarkPhase {
  if (!watermark.enabled || watermark.text.trim() === '') return { visible: false, changesIn: null };
  if (watermark.pinned) return { visible: true, changesIn: null };
  const frequency = Math.max(1, watermark.frequency);
  const duration = Math.min(watermark.duration, frequency);
  // Shown for the whole period: as good as pinned.
  if (duration >= frequency) return { visible: true, changesIn: null };
  const within = ((elapsedSeconds % frequency) + frequency) % frequency;
  return within < duration ? { visible: true, changesIn: duration - within } : { visible: false, changesIn: frequency - within };
}
