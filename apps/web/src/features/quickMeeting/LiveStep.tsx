/**
 * The live step (docs/PRODUCT.md, States): the meeting's captions as they come (partials and finals of its room),
 * the elapsed recording time, Pause (the ingest is closed: nothing is sent; the server keeps the
 * channel) and Resume, and Stop, which asks to save under a name or discard. The screen is kept
 * awake while recording. A videoconference meeting shows its bot's panel instead of the microphone.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { QuickMeeting } from '@palabre/shared';
import { IconPlayerPause, IconPlayerPlay, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BotPanel } from '../bots/BotPanel.tsx';
import { formatTime } from '../conversations/format.ts';
import { linesIn } from '../live/captions.ts';
import { CaptionsView } from '../live/CaptionsView.tsx';
import { ConnectionBadge, ConnectionNotice } from '../live/ConnectionNotice.tsx';
import { storedFontSize } from '../live/fontSize.ts';
import { ingestFailure } from '../live/ingest.ts';
import type { Microphone } from '../live/useMicrophone.ts';
import { useLiveRoom } from '../live/useLiveRoom.ts';
import classes from './QuickMeeting.module.css';
import { StopDialog } from './StopDialog.tsx';
import { useElapsed } from './useElapsed.ts';
import { useWakeLock } from './useWakeLock.ts';

interface LiveStepProps {
  meeting: QuickMeeting;
  microphone: Microphone;
  onEnded: (result: { discarded: boolean; savedConversationId: string | null }) => void;
}

function MicrophoneControls({ meeting, microphone, onStop }: { meeting: QuickMeeting; microphone: Microphone; onStop: () => void }) {
  const { t } = useTranslation('quickMeeting');
  const channel = meeting.channels[0];
  const [paused, setPaused] = useState(false);
  const { ingest, send, stopSending } = microphone;
  const recording = ingest?.phase === 'ready';
  const failure = ingestFailure(ingest);
  // A continued meeting's clock goes on from what it already recorded.
  const elapsed = useElapsed(recording, meeting.receivedSeconds);
  useWakeLock(!paused && failure === null);

  const sendAudio = () => channel?.streamKey && send(channel.streamKey, channel.endpoints?.websocket);
  // Recording starts as the step opens.
  useEffect(() => {
    if (channel?.streamKey) send(channel.streamKey, channel.endpoints?.websocket);
    return stopSending;
  }, [channel?.streamKey, channel?.endpoints?.websocket, send, stopSending]);

  const state = paused ? 'paused' : recording ? 'recording' : 'connecting';
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" role="status" aria-live="polite">
          <Badge color={state === 'recording' ? 'red' : state === 'paused' ? 'gray' : 'yellow'} variant={state === 'recording' ? 'filled' : 'light'} size="lg">
            {t(`live.${state}`)}
          </Badge>
        </Group>
        <Text className={classes.elapsed} aria-label={t('live.elapsed', { time: formatTime(elapsed) })} role="timer">
          {formatTime(elapsed)}
        </Text>
      </Group>
      <Group gap="sm" grow className={classes.controls}>
        {paused ? (
          <Button
            size="md"
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            onClick={() => {
              setPaused(false);
              sendAudio();
            }}
          >
            {t('live.resume')}
          </Button>
        ) : (
          <Button
            size="md"
            variant="default"
            leftSection={<IconPlayerPause size={18} aria-hidden />}
            onClick={() => {
              setPaused(true);
              stopSending();
            }}
          >
            {t('live.pause')}
          </Button>
        )}
        <Button size="md" color="red" leftSection={<IconPlayerStop size={18} aria-hidden />} onClick={onStop}>
          {t('live.stop')}
        </Button>
      </Group>
      {microphone.muted && !paused && (
        <Alert color="orange" role="alert">
          {t('live.muted')}
        </Alert>
      )}
      {failure && !paused && (
        <Alert color="red" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t(`live:microphone.failure.${failure}`)}</Text>
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={sendAudio}>
              {t('live.retrySending')}
            </Button>
          </Group>
        </Alert>
      )}
      {paused && (
        <Text size="sm" c="dimmed">
          {t('live.captionsPaused')}
        </Text>
      )}
    </Stack>
  );
}

export function LiveStep({ meeting, microphone, onEnded }: LiveStepProps) {
  const { t } = useTranslation('quickMeeting');
  const [stopping, setStopping] = useState(false);
  const [fontSize] = useState(storedFontSize);
  const channel = meeting.channels[0];
  const room = useLiveRoom(meeting.organizationId, meeting._id, meeting.liveTranscription);
  const finals = room.captions.finals.get(channel?.index ?? 0);
  const lines = useMemo(() => linesIn(finals ?? [], null), [finals]);
  const partial = room.captions.partials.get(channel?.index ?? 0) ?? null;

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        {meeting.source === 'videoconference' ? (
          <Stack gap="sm">
            {channel && <BotPanel organizationId={meeting.organizationId} sessionId={meeting._id} channelId={channel._id} />}
            <Group justify="flex-end">
              <Button color="red" leftSection={<IconPlayerStop size={18} aria-hidden />} onClick={() => setStopping(true)}>
                {t('live.stop')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <MicrophoneControls meeting={meeting} microphone={microphone} onStop={() => setStopping(true)} />
        )}
      </Paper>
      {meeting.liveTranscription ? (
        <>
          <ConnectionNotice room={room} />
          <CaptionsView
            lines={lines}
            partial={partial}
            spokenLanguage={channel?.languages[0]}
            fontSize={fontSize}
            watermark={meeting.watermark}
            empty={t(meeting.source === 'videoconference' ? 'live.captionsEmptyCall' : 'live.captionsEmpty')}
            listKey={meeting._id}
            controls={<ConnectionBadge connection={room.connection} />}
            translationNotice={null}
          />
        </>
      ) : (
        <Alert color="blue">{t('live.noLiveCaptions')}</Alert>
      )}
      <StopDialog opened={stopping} onClose={() => setStopping(false)} meeting={meeting} beforeEnd={microphone.stopSending} force onEnded={onEnded} />
    </Stack>
  );
}
