/**
 * The waveform strip: the media's peaks (GET …/media?mediatype=json) drawn on a canvas for the
 * stretch around playback, the screens in it as regions, and the playhead. A click listens from
 * there; a double click adds a screen in the gap there. Writers drag a region's edges to retime it
 * (neighbours are pushed, never overlapped; a refused move leaves it where it was), or focus an
 * edge handle and move it with ← / → by a tenth of a second.
 */
import { Group, Text } from '@mantine/core';
import type { Screen, SubtitleSettings, WaveformPeaks } from '@palabre/shared';
import { minGapSeconds } from '@palabre/shared/subtitles';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TooltipIconButton } from '../../../components/TooltipIconButton.tsx';
import { usePlayerState, type PlayerController } from '../../player/player.ts';
import classes from './SubtitleEditor.module.css';
import { nudgeOf } from './shortcuts.ts';
import { clamp, clock, edgeBounds, peakColumns, timeToX, windowAround, xToTime, type TimeWindow } from './timeline.ts';
import type { WarningMap } from './warnings.ts';

const SPANS = [5, 10, 20, 40, 80];

interface Props {
  screens: Screen[];
  settings: SubtitleSettings;
  warnings: WarningMap;
  peaks: WaveformPeaks | undefined;
  duration: number;
  player: PlayerController;
  writable: boolean;
  onRetime(screenId: string, times: { start?: number; end?: number }): boolean;
  onAddAt(time: number): void;
}

type Drag = { screenId: string; edge: 'start' | 'end'; bounds: { min: number; max: number }; time: number };

/** The stretch shown: it turns a page when playback nears its edge, so the regions do not slide under the pointer. */
function useView(player: PlayerController, span: number, duration: number): TimeWindow {
  const [view, setView] = useState<TimeWindow>(() => windowAround(player.getSnapshot().time, span, duration));
  useEffect(() => {
    const update = () => {
      const time = player.getSnapshot().time;
      setView((current) => {
        const width = current.end - current.start;
        const inside = time >= current.start + width * 0.05 && time <= current.end - width * 0.1;
        if (inside && width === span) return current;
        return windowAround(time, span, duration);
      });
    };
    update();
    const unsubscribe = player.subscribe(update);
    return () => void unsubscribe();
  }, [player, span, duration]);
  return view;
}

function Playhead({ view, width }: { view: TimeWindow; width: number }) {
  const time = usePlayerState((s) => s.time);
  if (time < view.start || time > view.end) return null;
  return <div className={classes.playhead} style={{ left: timeToX(time, view, width) - 1 }} aria-hidden />;
}

export function TimelineStrip({ screens, settings, warnings, peaks, duration, player, writable, onRetime, onAddAt }: Props) {
  const { t } = useTranslation('subtitles');
  const [spanIndex, setSpanIndex] = useState(2);
  const span = SPANS[spanIndex]!;
  const view = useView(player, span, duration);
  const strip = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const [drag, setDrag] = useState<Drag | null>(null);
  const gap = minGapSeconds(settings);

  useLayoutEffect(() => {
    const element = strip.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);

  // The peaks of the stretch, one column a device pixel.
  useEffect(() => {
    const element = canvas.current;
    if (!element || width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(width * ratio);
    element.height = Math.round(element.clientHeight * ratio);
    const context = element.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, element.width, element.height);
    if (!peaks) return;
    const columns = peakColumns(peaks.data, peaks.peaksPerSecond, view, element.width);
    const middle = element.height / 2;
    context.fillStyle = getComputedStyle(element).color;
    for (let x = 0; x < columns.length / 2; x += 1) {
      const top = middle - columns[2 * x + 1]! * middle * 0.9;
      const bottom = middle - columns[2 * x]! * middle * 0.9;
      context.fillRect(x, top, 1, Math.max(1, bottom - top));
    }
  }, [peaks, view, width]);

  const visible = useMemo(() => {
    const shown: { screen: Screen; index: number }[] = [];
    screens.forEach((screen, index) => {
      if (screen.end >= view.start && screen.start <= view.end) shown.push({ screen, index });
    });
    return shown;
  }, [screens, view]);

  const timeAt = (clientX: number) => xToTime(clientX - (strip.current?.getBoundingClientRect().left ?? 0), view, width);

  const startDrag = (event: PointerEvent<HTMLDivElement>, index: number, edge: 'start' | 'end') => {
    if (!writable || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    const screen = screens[index]!;
    setDrag({ screenId: screen.id, edge, bounds: edgeBounds(screens, index, edge, gap, duration), time: screen[edge] });
  };
  const moveDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    setDrag({ ...drag, time: clamp(timeAt(event.clientX), drag.bounds) });
  };
  const endDrag = () => {
    if (!drag) return;
    const screen = screens.find((s) => s.id === drag.screenId);
    if (screen && screen[drag.edge] !== drag.time) onRetime(drag.screenId, { [drag.edge]: drag.time });
    setDrag(null);
  };

  const onHandleKey = (event: KeyboardEvent<HTMLDivElement>, index: number, edge: 'start' | 'end') => {
    const step = nudgeOf(event);
    if (step === null) return;
    event.preventDefault();
    event.stopPropagation();
    const screen = screens[index]!;
    const next = clamp(screen[edge] + step, edgeBounds(screens, index, edge, gap, duration));
    if (next !== screen[edge]) onRetime(screen.id, { [edge]: next });
  };

  return (
    <div>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="xs" c="dimmed" className={classes.time}>
          {clock(view.start)} – {clock(view.end)}
        </Text>
        <Group gap={4}>
          <TooltipIconButton label={t('editor.zoomIn')} icon={IconZoomIn} disabled={spanIndex === 0} onClick={() => setSpanIndex((i) => Math.max(0, i - 1))} />
          <TooltipIconButton
            label={t('editor.zoomOut')}
            icon={IconZoomOut}
            disabled={spanIndex === SPANS.length - 1}
            onClick={() => setSpanIndex((i) => Math.min(SPANS.length - 1, i + 1))}
          />
        </Group>
      </Group>
      <div
        ref={strip}
        className={classes.strip}
        role="group"
        aria-label={t('editor.strip')}
        data-testid="timeline-strip"
        onClick={(event) => !drag && player.seek(timeAt(event.clientX))}
        onDoubleClick={(event) => writable && onAddAt(timeAt(event.clientX))}
      >
        <canvas ref={canvas} aria-hidden style={{ color: 'var(--mantine-color-gray-5)' }} />
        {width > 0 &&
          visible.map(({ screen, index }) => {
            const start = drag?.screenId === screen.id && drag.edge === 'start' ? drag.time : screen.start;
            const end = drag?.screenId === screen.id && drag.edge === 'end' ? drag.time : screen.end;
            const left = timeToX(start, view, width);
            const right = timeToX(end, view, width);
            const number = index + 1;
            const handle = (edge: 'start' | 'end') => {
              const bounds = edgeBounds(screens, index, edge, gap, duration);
              const value = edge === 'start' ? start : end;
              return (
                <div
                  className={classes.handle}
                  style={{ left: (edge === 'start' ? left : right) - (edge === 'start' ? 0 : 8) }}
                  role="slider"
                  tabIndex={0}
                  aria-label={t(edge === 'start' ? 'editor.startOf' : 'editor.endOf', { number })}
                  aria-valuemin={bounds.min}
                  aria-valuemax={bounds.max}
                  aria-valuenow={value}
                  aria-valuetext={clock(value)}
                  aria-keyshortcuts="ArrowLeft ArrowRight"
                  data-edge={edge}
                  data-screen-id={screen.id}
                  onPointerDown={(event) => startDrag(event, index, edge)}
                  onPointerMove={moveDrag}
                  onPointerUp={endDrag}
                  onPointerCancel={() => setDrag(null)}
                  onClick={(event) => event.stopPropagation()}
                  onKeyDown={(event) => onHandleKey(event, index, edge)}
                />
              );
            };
            return (
              <div key={screen.id}>
                <span className={classes.regionLabel} style={{ left: Math.max(0, left) + 2 }}>
                  {number}
                </span>
                <div
                  className={`${classes.region} ${warnings.has(screen.id) ? classes.regionWarning : ''}`}
                  style={{ left, width: Math.max(2, right - left) }}
                  data-region={screen.id}
                  aria-hidden
                >
                  {screen.text}
                </div>
                {writable && handle('start')}
                {writable && handle('end')}
              </div>
            );
          })}
        {width > 0 && <Playhead view={view} width={width} />}
      </div>
    </div>
  );
}
