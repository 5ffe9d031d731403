import { DEFAULT_WATERMARK, type Watermark } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { watermarkPhase } from './watermark.ts';

const mark = (patch: Partial<Watermark>): Watermark => ({ ...DEFAULT_WATERMARK, text: 'Palabre', ...patch });

describe('the watermark schedule', () => {
  it('shows for `duration` seconds every `frequency` seconds from the opening', () => {
    const w = mark({ frequency: 60, duration: 10 });
    expect(watermarkPhase(w, 0)).toEqual({ visible: true, changesIn: 10 });
    expect(watermarkPhase(w, 9.5)).toEqual({ visible: true, changesIn: 0.5 });
    expect(watermarkPhase(w, 10)).toEqual({ visible: false, changesIn: 50 });
    expect(watermarkPhase(w, 59)).toEqual({ visible: false, changesIn: 1 });
    expect(watermarkPhase(w, 125)).toEqual({ visible: true, changesIn: 5 });
  });

  it('always shows when pinned, or when it lasts the whole period', () => {
    expect(watermarkPhase(mark({ pinned: true }), 1234)).toEqual({ visible: true, changesIn: null });
    expect(watermarkPhase(mark({ frequency: 10, duration: 30 }), 15)).toEqual({ visible: true, changesIn: null });
  });

  it('never shows when off or without text', () => {
    expect(watermarkPhase(mark({ enabled: false, pinned: true }), 0).visible).toBe(false);
    expect(watermarkPhase(mark({ text: '  ' }), 0).visible).toBe(false);
  });
});
