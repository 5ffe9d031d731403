/** Each channel's stream key, hidden until revealed, with a copy button (only operators get keys). */
import { ActionIcon, CopyButton, Fieldset, Group, Stack, TextInput } from '@mantine/core';
import type { SessionChannel } from '@palabre/shared';
import { IconCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

function StreamKey({ channel, streamKey }: { channel: SessionChannel; streamKey: string }) {
  const { t } = useTranslation('sessions');
  const [revealed, setRevealed] = useState(false);
  return (
    <TextInput
      label={t('settings.streamKey')}
      description={channel.name}
      type={revealed ? 'text' : 'password'}
      value={streamKey}
      readOnly
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      rightSectionWidth={72}
      rightSection={
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" onClick={() => setRevealed(!revealed)} aria-pressed={revealed} aria-label={t('settings.revealKey', { name: channel.name })}>
            {revealed ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
          </ActionIcon>
          <CopyButton value={streamKey}>
            {({ copied, copy }) => (
              <ActionIcon
                variant="subtle"
                color={copied ? 'green' : undefined}
                onClick={copy}
                aria-label={copied ? t('settings.copied') : t('settings.copyKey', { name: channel.name })}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            )}
          </CopyButton>
        </Group>
      }
    />
  );
}

export function StreamKeys({ channels }: { channels: SessionChannel[] }) {
  const { t } = useTranslation('sessions');
  return (
    <Fieldset legend={t('settings.streamKeys')}>
      <Stack gap="sm">{channels.map((channel) => channel.streamKey && <StreamKey key={channel._id} channel={channel} streamKey={channel.streamKey} />)}</Stack>
    </Fieldset>
  );
}
