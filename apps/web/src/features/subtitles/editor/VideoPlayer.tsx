/**
 * The video of a media (GET …/media?mediatype=video, HTTP Range) with the playing screen's text
 * over it, at the bottom as subtitles are shown, and the player's controls and keys below.
 */
import { Alert, Paper, Stack } from '@mantine/core';
import type { Screen } from '@palabre/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../player/api.ts';
import { usePlayer, usePlayerState } from '../../player/player.ts';
import { PlayerControls } from '../../player/PlayerControls.tsx';
import { usePlayerShortcuts } from '../../player/usePlayerShortcuts.ts';
import classes from './SubtitleEditor.module.css';
import { screenAt } from './timeline.ts';

export function VideoPlayer({ conversationId, screens }: { conversationId: string; screens: Screen[] }) {
  const { t } = useTranslation(['subtitles', 'conversations']);
  const player = usePlayer();
  const error = usePlayerState((s) => s.error);
  const playing = usePlayerState((s) => screenAt(screens, s.time));
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);

  useEffect(() => {
    player.attach(video);
    return () => player.attach(null);
  }, [player, video]);
  usePlayerShortcuts(player);

  const text = playing >= 0 ? screens[playing]!.text.trim() : '';
  return (
    <Paper withBorder p="xs" radius="md" role="region" aria-label={t('editor.video')}>
      <Stack gap="xs">
        {/* The container's width sizes the overlay's text (cqi). */}
        <div className={classes.video} style={{ containerType: 'inline-size' }}>
          <video ref={setVideo} src={`${mediaUrl(conversationId)}?mediatype=video`} preload="metadata" playsInline data-testid="media-video" />
          {text && (
            <div className={classes.overlay} data-testid="video-overlay" aria-hidden>
              <span>{text}</span>
            </div>
          )}
        </div>
        {error && (
          <Alert color="red" role="alert">
            {t('conversations:player.error')}
          </Alert>
        )}
        <PlayerControls />
      </Stack>
    </Paper>
  );
}
