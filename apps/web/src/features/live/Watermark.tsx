/** The session's watermark over the captions' top (docs/PRODUCT.md, Entities), on its schedule from the page's opening. */
import type { Watermark as WatermarkSettings } from '@palabre/shared';
import { useEffect, useState } from 'react';
import classes from './Live.module.css';
import { watermarkPhase } from './watermark.ts';

export function Watermark({ watermark }: { watermark: WatermarkSettings }) {
  const [openedAt] = useState(() => Date.now());
  const [visible, setVisible] = useState(() => watermarkPhase(watermark, 0).visible);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const phase = watermarkPhase(watermark, (Date.now() - openedAt) / 1000);
      setVisible(phase.visible);
      if (phase.changesIn !== null) timer = setTimeout(tick, Math.max(50, phase.changesIn * 1000));
    };
    tick();
    return () => clearTimeout(timer);
  }, [watermark, openedAt]);

  if (!visible) return null;
  return (
    <div className={classes.watermark} data-testid="live-watermark">
      {watermark.text}
    </div>
  );
}
