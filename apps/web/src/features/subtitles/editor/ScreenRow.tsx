/**
 * One screen of the list: its number, times (a click listens from its start), warnings in words, who
 * else is on it, and its text in a textarea of the version's lines. Typing goes through setText (the
 * smallest change, so concurrent typing merges); a remote change keeps the caret beside the same
 * characters. Writers get the screen's actions and their keys (shortcuts.ts).
 */
import { Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { SUBTITLE_LIMITS, type DocPeer, type Screen, type ScreenRule, type SubtitleSettings } from '@palabre/shared';
import { IconAlertTriangle, IconArrowMergeAltRight, IconCut, IconPlus, IconTrash, type TablerIcon } from '@tabler/icons-react';
import { memo, useLayoutEffect, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TooltipIconButton } from '../../../components/TooltipIconButton.tsx';
import { movedOffset } from './caret.ts';
import classes from './SubtitleEditor.module.css';
import { mayAddLine, screenKeyAction, type ScreenKeyAction } from './shortcuts.ts';
import { clock } from './timeline.ts';

/** A screen's buttons: the action, its tooltip and accessible name (keys of the subtitles namespace), its keys (shortcuts.ts). */
interface ScreenActionEntry {
  action: Extract<ScreenKeyAction, 'split' | 'mergeNext' | 'addAfter' | 'deleteScreen'>;
  icon: TablerIcon;
  label: string;
  name: string;
  keys: string;
  color?: string;
}

const SCREEN_ACTIONS: readonly ScreenActionEntry[] = [
  { action: 'split', icon: IconCut, label: 'editor.split', name: 'editor.splitScreen', keys: 'Control+Enter' },
  { action: 'mergeNext', icon: IconArrowMergeAltRight, label: 'editor.mergeNext', name: 'editor.mergeScreen', keys: 'Alt+M' },
  { action: 'addAfter', icon: IconPlus, label: 'editor.addAfter', name: 'editor.addAfterScreen', keys: 'Alt+N' },
  { action: 'deleteScreen', icon: IconTrash, label: 'editor.delete', name: 'editor.deleteScreen', keys: 'Alt+Delete', color: 'red' },
];

function ScreenActionButton({ entry, number, disabled, onClick }: { entry: ScreenActionEntry; number: number; disabled: boolean; onClick(): void }) {
  const { t } = useTranslation('subtitles');
  return (
    <TooltipIconButton label={t(entry.label)} ariaLabel={t(entry.name, { number })} icon={entry.icon} keys={entry.keys} color={entry.color} disabled={disabled} onClick={onClick} />
  );
}

export interface ScreenRowProps {
  screen: Screen;
  index: number;
  isLast: boolean;
  problems: readonly ScreenRule[] | undefined;
  playing: boolean;
  peer: DocPeer | undefined;
  settings: SubtitleSettings;
  writable: boolean;
  onText(screenId: string, text: string): void;
  onAction(action: ScreenKeyAction, screenId: string, caret: number): void;
  onSeek(time: number): void;
  onFocus(screenId: string | null, typing: boolean): void;
}

export const ScreenRow = memo(function ScreenRow({ screen, index, isLast, problems, playing, peer, settings, writable, onText, onAction, onSeek, onFocus }: ScreenRowProps) {
  const { t } = useTranslation('subtitles');
  const area = useRef<HTMLTextAreaElement>(null);
  const number = index + 1;

  // The document changed under the text (another editor, undo): show it, the caret kept in place.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element || element.value === screen.text) return;
    const previous = element.value;
    if (document.activeElement === element) {
      const start = movedOffset(previous, screen.text, element.selectionStart);
      const end = movedOffset(previous, screen.text, element.selectionEnd);
      element.value = screen.text;
      element.setSelectionRange(start, end);
    } else element.value = screen.text;
  }, [screen.text]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    const element = event.currentTarget;
    const action = screenKeyAction(event);
    if (action) {
      event.preventDefault();
      if (!writable && action !== 'playScreen' && action !== 'previousScreen' && action !== 'nextScreen') return;
      onAction(action, screen.id, element.selectionStart);
      return;
    }
    // No more lines than the version allows.
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey && !mayAddLine(element.value, settings.maxLinesPerScreen))
      event.preventDefault();
  };

  const reasons = problems?.map((rule) => t(`rules.${rule}`, settings)) ?? [];
  const style = { '--line-chars': settings.maxCharsPerLine, ...(peer ? { '--peer-color': peer.color } : {}) } as CSSProperties;
  const textId = `screen-text-${screen.id}`;
  const warningsId = `screen-warnings-${screen.id}`;

  return (
    <div
      className={`${classes.screen} ${playing ? classes.playing : ''} ${peer && !playing ? classes.peer : ''}`}
      style={style}
      data-screen-id={screen.id}
      data-screen-index={index}
      data-playing={playing || undefined}
      data-problems={problems?.join(' ') || undefined}
    >
      <div className={classes.index} aria-hidden>
        {number}
      </div>
      <div style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Group gap="xs" wrap="wrap">
            <Tooltip label={t('editor.listenFrom')}>
              <UnstyledButton onClick={() => onSeek(screen.start)} aria-label={t('editor.listenScreen', { number, start: clock(screen.start) })} data-testid="screen-time">
                <Text size="sm" className={classes.time}>
                  {clock(screen.start)} → {clock(screen.end)}
                </Text>
              </UnstyledButton>
            </Tooltip>
            {peer && (
              <Text size="xs" c="dimmed" data-testid="screen-peer">
                {t('editor.peerHere', { name: peer.name })}
              </Text>
            )}
          </Group>
          {writable && (
            <Group gap={4} wrap="nowrap">
              {SCREEN_ACTIONS.map((entry) => (
                <ScreenActionButton
                  key={entry.action}
                  entry={entry}
                  number={number}
                  disabled={entry.action === 'mergeNext' && isLast}
                  onClick={() => onAction(entry.action, screen.id, entry.action === 'split' ? (area.current?.selectionStart ?? 0) : 0)}
                />
              ))}
            </Group>
          )}
        </Group>
        <textarea
          ref={area}
          id={textId}
          className={classes.text}
          defaultValue={screen.text}
          rows={Math.max(settings.maxLinesPerScreen, screen.text.split('\n').length)}
          // A line past the limit runs past the box (as wide as the limit) rather than wrapping into a line that is not there.
          wrap="off"
          readOnly={!writable}
          // The document refuses a longer text: the box never lets one be typed or pasted.
          maxLength={SUBTITLE_LIMITS.maxScreenText}
          spellCheck
          aria-label={t('editor.screenText', { number })}
          aria-describedby={reasons.length > 0 ? warningsId : undefined}
          aria-invalid={reasons.length > 0 || undefined}
          data-screen-text
          onKeyDown={onKeyDown}
          onInput={(event) => {
            onText(screen.id, event.currentTarget.value);
            onFocus(screen.id, true);
          }}
          onFocus={() => onFocus(screen.id, false)}
          onBlur={() => onFocus(null, false)}
        />
        {reasons.length > 0 && (
          <Group gap={6} wrap="nowrap" align="flex-start" id={warningsId} className={classes.warning} data-testid="screen-warnings">
            <IconAlertTriangle size={16} aria-label={t('editor.warning')} style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" c="inherit">
              {reasons.join(' · ')}
            </Text>
          </Group>
        )}
      </div>
    </div>
  );
});
