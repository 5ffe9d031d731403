/**
 * Each channel's audio input, for those who operate the session: its stream and transcriber status
 * (refreshed by the session notices), its stream key hidden until revealed, and the addresses
 * encoders send to (RTMP and SRT carry the key, so they are hidden with it; the WebSocket address
 * takes the key in its hello), each with a copy button.
 */
import { ActionIcon, Badge, CopyButton, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { SessionChannel, SessionStatus, StreamStatus, TranscriberStatus } from '@palabre/shared';
import { IconCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const STREAM_COLORS: Record<StreamStatus, string> = { inactive: 'gray', active: 'green', errored: 'red' };
const TRANSCRIBER_COLORS: Record<TranscriberStatus, string> = { idle: 'gray', streaming: 'green', closed: 'gray', errored: 'red' };

interface CopyFieldProps {
  label: string;
  value: string;
  copyLabel: string;
  /** Shown as a password field. */
  hidden?: boolean;
  /** The button that shows or hides the channel's secrets. */
  reveal?: { revealed: boolean; onToggle: () => void; label: string };
}

export function CopyField({ label, value, copyLabel, hidden = false, reveal }: CopyFieldProps) {
  const { t } = useTranslation('sessions');
  return (
    <TextInput
      label={label}
      type={hidden ? 'password' : 'text'}
      value={value}
      readOnly
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      rightSectionWidth={reveal ? 72 : 40}
      rightSection={
        <Group gap={4} wrap="nowrap">
          {reveal && (
            <ActionIcon variant="subtle" onClick={reveal.onToggle} aria-pressed={reveal.revealed} aria-label={reveal.label}>
              {reveal.revealed ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
            </ActionIcon>
          )}
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <ActionIcon variant="subtle" color={copied ? 'green' : undefined} onClick={copy} aria-label={copied ? t('settings.copied') : copyLabel}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            )}
          </CopyButton>
        </Group>
      }
    />
  );
}

function ChannelInput({ channel, status }: { channel: SessionChannel; status: SessionStatus }) {
  const { t } = useTranslation('sessions');
  const [revealed, setRevealed] = useState(false);
  const reveal = { revealed, onToggle: () => setRevealed(!revealed), label: t('settings.revealKey', { name: channel.name }) };
  const endpoints = channel.endpoints;
  const notStarted = status === 'scheduled';
  const off = (protocol: 'RTMP' | 'SRT') => (
    <Text size="sm" c="dimmed">
      {notStarted ? t('ingest.notStarted', { protocol }) : t('ingest.off', { protocol })}
    </Text>
  );
  return (
    <Fieldset legend={channel.name} variant="filled">
      <Stack gap="sm">
        <Group gap="xs" aria-live="polite">
          <Badge color={STREAM_COLORS[channel.streamStatus]} variant="light">
            {t(`ingest.stream.${channel.streamStatus}`)}
          </Badge>
          <Badge color={TRANSCRIBER_COLORS[channel.transcriberStatus]} variant="light">
            {t(`ingest.transcriber.${channel.transcriberStatus}`)}
          </Badge>
        </Group>
        {channel.streamKey && (
          <CopyField label={t('settings.streamKey')} value={channel.streamKey} copyLabel={t('settings.copyKey', { name: channel.name })} hidden={!revealed} reveal={reveal} />
        )}
        {endpoints && (
          <>
            {endpoints.rtmp ? (
              <CopyField label={t('ingest.rtmp')} value={endpoints.rtmp} copyLabel={t('ingest.copy', { protocol: 'RTMP', name: channel.name })} hidden={!revealed} />
            ) : (
              off('RTMP')
            )}
            {endpoints.srt ? (
              <CopyField label={t('ingest.srt')} value={endpoints.srt} copyLabel={t('ingest.copy', { protocol: 'SRT', name: channel.name })} hidden={!revealed} />
            ) : (
              off('SRT')
            )}
            <CopyField label={t('ingest.websocket')} value={endpoints.websocket} copyLabel={t('ingest.copy', { protocol: 'WebSocket', name: channel.name })} />
          </>
        )}
      </Stack>
    </Fieldset>
  );
}

export function StreamKeys({ channels, status }: { channels: SessionChannel[]; status: SessionStatus }) {
  const { t } = useTranslation('sessions');
  return (
    <Fieldset legend={t('settings.streamKeys')}>
      <Stack gap="sm">
        {channels.map((channel) => (
          <ChannelInput key={channel._id} channel={channel} status={status} />
        ))}
      </Stack>
    </Fieldset>
  );
}
