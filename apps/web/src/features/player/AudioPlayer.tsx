/**
 * The media player of the overview: a native <audio> streamed from GET /conversations/{id}/media
 * (HTTP Range, so playback starts before the whole file is downloaded), custom controls, the
 * waveform drawn by wavesurfer.js from the precomputed peaks, and the keyboard shortcuts (shortcuts.ts) anywhere
 * on the page, listed behind the keyboard button (PlayerControls).
 */
import { Alert, Box, Paper, Stack, Text } from '@mantine/core';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import WaveSurfer from 'wavesurfer.js';
import { mediaUrl, usePeaks } from './api.ts';
import { usePlayer, usePlayerState } from './player.ts';
import { PlayerControls } from './PlayerControls.tsx';
import { usePlayerShortcuts } from './usePlayerShortcuts.ts';

/** A CSS colour (custom properties resolved) as the canvas understands it. */
function resolveColor(element: HTMLElement, css: string, fallback: string): string {
  const probe = document.createElement('span');
  probe.style.color = css;
  element.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color || fallback;
}

function Waveform({ conversationId, enabled, audio }: { conversationId: string; enabled: boolean; audio: HTMLAudioElement | null }) {
  const container = useRef<HTMLDivElement>(null);
  const peaks = usePeaks(conversationId, enabled);

  useEffect(() => {
    const element = container.current;
    if (!element || !audio || !peaks.data) return;
    const wave = WaveSurfer.create({
      container: element,
      media: audio,
      url: audio.src,
      peaks: [peaks.data.data],
      duration: peaks.data.duration,
      normalize: true,
      height: 72,
      barWidth: 2,
      barGap: 1,
      barRadius: 2,
      cursorWidth: 2,
      waveColor: resolveColor(element, 'var(--mantine-color-gray-5)', '#adb5bd'),
      progressColor: resolveColor(element, 'var(--mantine-primary-color-filled)', '#2f9e44'),
      cursorColor: resolveColor(element, 'var(--mantine-color-text)', '#000'),
      dragToSeek: true,
    });
    return () => wave.destroy();
  }, [audio, peaks.data]);

  if (!enabled || peaks.isError) return null;
  // The slider is the accessible seek control; the waveform is a pointer-only picture of it.
  return <Box ref={container} aria-hidden data-testid="waveform" mih={72} style={{ cursor: 'pointer' }} />;
}

/**
 * `hasAudio` false (a media kept without its audio, such as a live session saved without its
 * recording): no player, a note saying so; the transcript still shows and edits. Memoised: the
 * pages around it (the editor's sync state, peers) change often and never concern it.
 */
export const AudioPlayer = memo(function AudioPlayer({ conversationId, hasPeaks, hasAudio = true }: { conversationId: string; hasPeaks: boolean; hasAudio?: boolean }) {
  const { t } = useTranslation('conversations');
  const player = usePlayer();
  const error = usePlayerState((s) => s.error);
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);

  useEffect(() => {
    player.attach(audio);
    return () => player.attach(null);
  }, [player, audio]);

  usePlayerShortcuts(player);

  if (!hasAudio) {
    return (
      <Paper withBorder p="md" radius="md" role="region" aria-label={t('player.label')}>
        <Text size="sm" c="dimmed" data-testid="media-no-audio">
          {t('player.noAudio')}
        </Text>
      </Paper>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label={t('player.label')}>
      <Stack gap="sm">
        <audio ref={setAudio} src={mediaUrl(conversationId)} preload="metadata" data-testid="media-audio" />
        {error && (
          <Alert color="red" role="alert">
            {t('player.error')}
          </Alert>
        )}
        <Waveform conversationId={conversationId} enabled={hasPeaks} audio={audio} />
        <PlayerControls />
      </Stack>
    </Paper>
  );
});
