/**
 * The upload button (create / sending / retry; docs/PRODUCT.md, States), the progress bar and the error message,
 * with the server's reason and the field errors the form has no place for.
 */
import { Alert, Button, Group, List, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CreateMedia } from './useCreateMedia.ts';

export function UploadControls({
  upload: { state, progress, error, reason, fields = {}, cancel: onCancel },
  placed = [],
  disabled,
}: {
  /**
   * The upload's state from useCreateMedia: `reason` is the server's reason, translated, when the
   * message does not say it; `fields` the server's field errors, translated, those not in `placed`
   * being listed here.
   */
  upload: Pick<CreateMedia, 'state' | 'progress' | 'error' | 'reason' | 'fields' | 'cancel'>;
  placed?: readonly string[];
  disabled?: boolean;
}) {
  const { t } = useTranslation(['conversations', 'common']);
  const percent = Math.round(progress * 100);
  const unplaced = Object.entries(fields).filter(([field]) => !placed.includes(field));
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={t('errors.title')}>
          {t(error)}
          {reason && <Text size="sm">{reason}</Text>}
          {unplaced.length > 0 && (
            <List size="sm" mt={4}>
              {unplaced.map(([field, text]) => (
                <List.Item key={field}>{text}</List.Item>
              ))}
            </List>
          )}
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
