/** The upload button (create / sending / retry, spec §4), the progress bar and the error message. */
import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UploadState } from './useCreateMedia.ts';

export function UploadControls({
  state,
  progress,
  error,
  onCancel,
  disabled,
}: {
  state: UploadState;
  progress: number;
  error: string | null;
  onCancel: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(['conversations', 'common']);
  const percent = Math.round(progress * 100);
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={t('errors.title')}>
          {t(error)}
        </Alert>
      )}
      {state === 'sending' && (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" id="upload-progress-label">
              {progress >= 1 ? t('upload.processing') : t('upload.progress')}
            </Text>
            <Text size="sm" c="dimmed">
              {percent} %
            </Text>
          </Group>
          <Progress value={percent} aria-labelledby="upload-progress-label" animated={progress >= 1} />
        </Stack>
      )}
      <Group justify="flex-end">
        {state === 'sending' && (
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
        )}
        <Button
          type="submit"
          disabled={disabled || state === 'sending'}
          leftSection={state === 'sending' ? <Loader size={14} color="gray" /> : state === 'retry' ? <IconRefresh size={16} /> : <IconUpload size={16} />}
          data-state={state}
        >
          {t(`upload.button.${state}`)}
        </Button>
      </Group>
    </Stack>
  );
}
