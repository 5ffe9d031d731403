/**
 * The download menu: every export format of the current choices, saved under the server's file
 * name. While a file is made the button says so; the outcome (saved, or why not) is announced.
 */
import { Alert, Button, Menu, Stack, Text } from '@mantine/core';
import type { ExportFormat } from '@palabre/shared';
import { IconAlertTriangle, IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiErrors } from '../../components/FormFailure.tsx';
import { downloadExport } from './api.ts';
import { DOWNLOAD_FORMATS, type ExportRequest } from './choices.ts';

interface Props {
  conversationId: string;
  request: ExportRequest;
  title: string;
  disabled?: boolean;
}

export function DownloadMenu({ conversationId, request, title, disabled }: Props) {
  const { t } = useTranslation('publish');
  const errors = useApiErrors();
  const download = useMutation({ mutationFn: (format: ExportFormat) => downloadExport(conversationId, request, format, title) });
  const format = download.variables;

  return (
    <Stack gap="xs">
      <Menu position="bottom-start" width={260} withinPortal>
        <Menu.Target>
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            rightSection={<IconChevronDown size={16} aria-hidden />}
            loading={download.isPending}
            disabled={disabled}
            fullWidth
          >
            {t('download.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('download.label')}</Menu.Label>
          {DOWNLOAD_FORMATS.map((value) => (
            <Menu.Item key={value} onClick={() => download.mutate(value)} data-format={value}>
              {t(`formats.${value}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <div role="status" aria-live="polite">
        {download.isPending && format && (
          <Text size="sm" c="dimmed">
            {t('download.preparing', { format: t(`formats.${format}`) })}
          </Text>
        )}
        {download.isSuccess && (
          <Text size="sm" c="teal.8" style={{ overflowWrap: 'anywhere' }}>
            {t('download.saved', { filename: download.data })}
          </Text>
        )}
      </div>
      {download.isError && format && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('download.failed', { format: t(`formats.${format}`) })} role="alert">
          {errors.message(download.error)}
        </Alert>
      )}
    </Stack>
  );
}
