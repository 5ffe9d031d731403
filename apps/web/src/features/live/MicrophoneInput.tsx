/**
 * A microphone that is on: its input device (choosing another restarts it) and its level meter.
 * Shared by the live page's microphone and the quick meeting's microphone step.
 */
import { Group, Progress, Select, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Live.module.css';
import type { Microphone } from './useMicrophone.ts';

export function MicrophoneInput({ microphone, onDeviceChange, actions }: { microphone: Microphone; onDeviceChange?: () => void; actions?: ReactNode }) {
  const { t } = useTranslation('live');
  return (
    <>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('microphone.device')}
          data={microphone.devices.map((device, index) => ({ value: device.deviceId, label: device.label || t('microphone.deviceNumber', { number: index + 1 }) }))}
          value={microphone.deviceId}
          onChange={(deviceId) => {
            if (!deviceId || deviceId === microphone.deviceId) return;
            onDeviceChange?.();
            void microphone.start(deviceId);
          }}
          allowDeselect={false}
          style={{ flex: 1, minWidth: 200 }}
        />
        {actions}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" aria-hidden>
          {t('microphone.level')}
        </Text>
        <Progress.Root className={classes.meter}>
          <Progress.Section value={microphone.level} color={microphone.level > 90 ? 'red' : 'green'} aria-label={t('microphone.level')} />
        </Progress.Root>
      </Group>
    </>
  );
}
