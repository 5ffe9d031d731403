/**
 * The panels' controls in the editor's toolbar: playback speed (remembered in this browser), the low-confidence marks,
 * the channel of a multi-track media, and the buttons opening each panel. It also binds the keys
 * opening panels (Ctrl+F find, Ctrl+H find and replace) for the whole page.
 */
import { ActionIcon, Group, NativeSelect, Switch, Tooltip } from '@mantine/core';
import { IconBookmarks, IconGauge, IconHelp, IconHighlight, IconHistory, IconMessageQuestion, IconSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorSession } from '../session.ts';
import { ChannelSelector } from './ChannelSelector.tsx';
import { shortcutKeys, type EditorPanel } from './keys.ts';
import { PLAYBACK_SPEEDS, parseSpeed, speedLabel, storeSpeed, storedSpeed, type PlaybackSpeed } from './playbackSpeed.ts';
import { useComboText } from '../ShortcutKeys.tsx';
import { usePanelShortcuts, useShortcut } from './usePanelShortcuts.ts';

interface ToolbarButton {
  /** The panel it opens, or the highlight action. */
  id: Exclude<EditorPanel, 'replace'> | 'highlight';
  icon: ReactNode;
  shortcut?: string;
}

const PANEL_BUTTONS: ToolbarButton[] = [
  { id: 'find', icon: <IconSearch size={18} aria-hidden />, shortcut: 'find' },
  { id: 'speakers', icon: <IconUsers size={18} aria-hidden /> },
  { id: 'history', icon: <IconHistory size={18} aria-hidden /> },
  { id: 'chat', icon: <IconMessageQuestion size={18} aria-hidden /> },
];
const HIGHLIGHT_BUTTONS: ToolbarButton[] = [
  { id: 'highlight', icon: <IconHighlight size={18} aria-hidden />, shortcut: 'highlight' },
  { id: 'highlights', icon: <IconBookmarks size={18} aria-hidden /> },
];
const HELP_BUTTON: ToolbarButton = { id: 'help', icon: <IconHelp size={18} aria-hidden /> };

interface EditorControlsProps {
  onOpen(panel: EditorPanel): void;
  /** The "Highlight" action on the selected words; absent when highlights are off or not allowed here. */
  onHighlight?: () => void;
  /** Highlights are on (the experimental flag): their panel is offered. */
  highlights: boolean;
}

export function EditorControls({ onOpen, onHighlight, highlights }: EditorControlsProps) {
  const { t } = useTranslation('editorPanels');
  const session = useEditorSession();
  const comboText = useComboText();
  usePanelShortcuts(onOpen);
  useShortcut('highlight', onHighlight);
  const buttons = [...PANEL_BUTTONS, ...(highlights ? HIGHLIGHT_BUTTONS.filter((button) => button.id !== 'highlight' || onHighlight) : []), HELP_BUTTON];
  const [speed, setSpeed] = useState<PlaybackSpeed>(() => storedSpeed());
  // The audio element may attach after the toolbar: apply the speed once it is ready.
  const ready = useSyncExternalStore(session.player.subscribe, () => session.player.getSnapshot().ready);
  useEffect(() => {
    const audio = session.player.audio;
    if (!audio) return;
    audio.defaultPlaybackRate = speed;
    audio.playbackRate = speed;
  }, [session.player, speed, ready]);

  const decimalSeparator = t('controls.decimalSeparator');
  const speeds = useMemo(() => PLAYBACK_SPEEDS.map((value) => ({ value: String(value), label: speedLabel(value, decimalSeparator) })), [decimalSeparator]);

  return (
    <Group gap="sm" wrap="wrap">
      <NativeSelect
        size="sm"
        w={96}
        aria-label={t('controls.speed')}
        title={t('controls.speed')}
        leftSection={<IconGauge size={16} aria-hidden />}
        value={String(speed)}
        data={speeds}
        onChange={(event) => {
          const next = parseSpeed(event.currentTarget.value);
          setSpeed(next);
          storeSpeed(next);
        }}
      />
      <ChannelSelector conversationId={session.conversationId} enabled={session.sync !== 'connecting'} />
      <Switch size="sm" label={t('controls.confidence')} checked={session.showConfidence} onChange={(event) => session.setShowConfidence(event.currentTarget.checked)} />
      <Group gap={4}>
        {buttons.map(({ id, icon, shortcut }) => {
          const name = t(`panels.${id}`);
          const keys = shortcut ? shortcutKeys(shortcut).map(comboText).join(', ') : '';
          const title = keys ? `${name} (${keys})` : name;
          return (
            <Tooltip key={id} label={title} withArrow>
              <ActionIcon
                variant="default"
                size="lg"
                // The highlight action keeps the focus (and the selection) where it is.
                onMouseDown={id === 'highlight' ? (event) => event.preventDefault() : undefined}
                onClick={() => (id === 'highlight' ? onHighlight?.() : onOpen(id))}
                aria-label={name}
                aria-keyshortcuts={
                  shortcut
                    ? shortcutKeys(shortcut)
                        .map((combo) => combo.replace('Ctrl', 'Control'))
                        .join(' ')
                    : undefined
                }
                data-panel-button={id}
              >
                {icon}
              </ActionIcon>
            </Tooltip>
          );
        })}
      </Group>
    </Group>
  );
}
