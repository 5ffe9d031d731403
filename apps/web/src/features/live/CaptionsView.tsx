/**
 * The captions of one channel in one language on a high-contrast stage: the finals in order, then the
 * utterance in progress (greyed; only in the spoken language), following the newest with a way back
 * to live when the viewer scrolls up. Finals are announced politely to screen readers, partials not.
 * The stage can take the whole screen (Esc leaves it) and carries the session's watermark above the
 * captions, so it never covers their last line. Translated captions carry a notice that they are
 * machine translated, on the stage and told once to screen readers (not with every caption).
 */
import { ActionIcon, Button, Group, Stack, Tooltip } from '@mantine/core';
import type { LivePartial, Watermark as WatermarkSettings } from '@palabre/shared';
import { IconArrowDown, IconLanguage, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptionLine } from './captions.ts';
import type { FontSize } from './fontSize.ts';
import classes from './Live.module.css';
import { useFollowLive } from './useFollowLive.ts';
import { Watermark } from './Watermark.tsx';

/** How long after showing a channel its captions arrive without being announced. */
const BACKLOG_QUIET_MS = 1500;

interface CaptionsViewProps {
  lines: CaptionLine[];
  /** The utterance in progress, shown after the finals (null: none, or a translation is shown). */
  partial: LivePartial | null;
  /** The spoken language, for the partial's `lang`. */
  spokenLanguage: string | undefined;
  fontSize: FontSize;
  watermark: WatermarkSettings;
  /** Shown while there is nothing yet. */
  empty: string;
  /** Changes with the channel and language shown: a new list is not read out line by line. */
  listKey: string;
  /** Controls shown above the captions, and on the stage while it fills the screen. */
  controls: ReactNode;
  /** A translation is shown: the notice that it is machine translated (null: the spoken language). */
  translationNotice: string | null;
}

function useFullscreen(element: React.RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === element.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [element]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void element.current?.requestFullscreen?.().catch(() => undefined);
  };
  return { active, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled };
}

export function CaptionsView({ lines, partial, spokenLanguage, fontSize, watermark, empty, listKey, controls, translationNotice }: CaptionsViewProps) {
  const { t } = useTranslation('live');
  const stage = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const follow = useFollowLive(scroller, `${lines.length}:${lines.at(-1)?.text ?? ''}:${partial?.text ?? ''}`);
  const fullscreen = useFullscreen(stage);
  // The recent finals a join brings come at once: they are not read out, what follows is.
  const [announce, setAnnounce] = useState(false);
  useEffect(() => {
    setAnnounce(false);
    const timer = setTimeout(() => setAnnounce(true), BACKLOG_QUIET_MS);
    return () => clearTimeout(timer);
  }, [listKey]);
  const noticeId = useId();
  const fullscreenLabel = fullscreen.active ? t('captions.exitFullscreen') : t('captions.fullscreen');

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {controls}
        {fullscreen.supported && (
          <Button variant="default" size="xs" leftSection={<IconMaximize size={16} aria-hidden />} onClick={fullscreen.toggle}>
            {fullscreenLabel}
          </Button>
        )}
      </Group>
      <div ref={stage} className={classes.stage}>
        <Watermark watermark={watermark} />
        {/* Always there, so the notice is announced once when a translation is chosen. */}
        <div role="status">
          {translationNotice && (
            <p className={classes.translationNotice} id={noticeId}>
              <IconLanguage size={16} aria-hidden />
              {translationNotice}
            </p>
          )}
        </div>
        <div className={classes.stageBar}>
          {controls}
          <Tooltip label={fullscreenLabel}>
            <ActionIcon variant="default" size="lg" onClick={fullscreen.toggle} aria-label={fullscreenLabel}>
              <IconMinimize size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </div>
        <div
          ref={scroller}
          className={classes.captions}
          style={{ fontSize }}
          tabIndex={0}
          role="region"
          aria-label={t('captions.label')}
          aria-describedby={translationNotice ? noticeId : undefined}
        >
          <div key={listKey} aria-live={announce ? 'polite' : 'off'} aria-relevant="additions text">
            {lines.map((line) => (
              <p key={line.key} lang={line.language} className={line.untranslated ? `${classes.line} ${classes.untranslated}` : classes.line}>
                {line.text}
              </p>
            ))}
          </div>
          {partial && partial.text.trim() !== '' ? (
            <p className={classes.partial} lang={spokenLanguage} data-testid="live-partial">
              {partial.text}
            </p>
          ) : (
            lines.length === 0 && <p className={classes.waiting}>{empty}</p>
          )}
        </div>
        {follow.away && (
          <Button className={classes.backToLive} leftSection={<IconArrowDown size={16} aria-hidden />} onClick={follow.backToLive}>
            {t('captions.backToLive')}
          </Button>
        )}
      </div>
    </Stack>
  );
}
