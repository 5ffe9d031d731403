/**
 * The player's controls under any media element (the audio player, the subtitle editor's video):
 * back and forward 10 s, play and pause, the clock, the position slider (the accessible seek control)
 * and the keyboard shortcuts' list.
 */
import { ActionIcon, Group, Slider, Text, Tooltip } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconRewindBackward10, IconRewindForward10 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../conversations/format.ts';
import { usePlayer, usePlayerState } from './player.ts';
import { ShortcutsHelp } from './ShortcutsHelp.tsx';

const SEEK_KEYS = ['Shift', 'Alt', 'Control'].flatMap((modifier) => [`${modifier}+ArrowLeft`, `${modifier}+ArrowRight`]).join(' ');

export function PlayerControls() {
  const { t } = useTranslation('conversations');
  const player = usePlayer();
  // Tenths of a second: what the slider and the clock can show; a re-render per frame would only cost.
  const time = usePlayerState((s) => Math.floor(s.time * 10) / 10);
  const duration = usePlayerState((s) => s.duration);
  const playing = usePlayerState((s) => s.playing);
  // On a narrow screen the position slider goes to its own line rather than shrinking to nothing.
  return (
    <Group gap="sm" wrap="wrap">
      <Tooltip label={t('player.back10')}>
        <ActionIcon variant="subtle" size="lg" aria-label={t('player.back10')} aria-keyshortcuts="J" onClick={() => player.jump(-10)}>
          <IconRewindBackward10 size={20} />
        </ActionIcon>
      </Tooltip>
      <ActionIcon size="xl" radius="xl" aria-label={playing ? t('player.pause') : t('player.play')} aria-keyshortcuts="Space K" onClick={() => player.toggle()}>
        {playing ? <IconPlayerPauseFilled size={20} /> : <IconPlayerPlayFilled size={20} />}
      </ActionIcon>
      <Tooltip label={t('player.forward10')}>
        <ActionIcon variant="subtle" size="lg" aria-label={t('player.forward10')} aria-keyshortcuts="L" onClick={() => player.jump(10)}>
          <IconRewindForward10 size={20} />
        </ActionIcon>
      </Tooltip>
      <Text ff="monospace" size="sm" miw={100} aria-live="off" data-testid="player-time">
        {formatTime(time)} / {formatTime(duration)}
      </Text>
      <Slider
        style={{ flex: 1, minWidth: 180 }}
        min={0}
        max={Math.max(duration, 0.001)}
        step={0.1}
        value={Math.min(time, duration || time)}
        onChange={(value) => player.seek(value)}
        label={(value) => formatTime(value)}
        thumbLabel={t('player.seek')}
        // On the thumb (the slider role): the root is a plain element, where aria-valuetext is not allowed.
        thumbProps={{ 'aria-keyshortcuts': SEEK_KEYS, 'aria-valuetext': `${formatTime(time)} / ${formatTime(duration)}` }}
      />
      <ShortcutsHelp />
    </Group>
  );
}
