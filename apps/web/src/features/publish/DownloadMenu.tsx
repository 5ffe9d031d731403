/**
 * The download menu: the export formats of a request (the verbatim tab's choices, or a report), saved
 * under the server's file name. While a file is made the button says so; the outcome (saved, or why
 * not) is announced.
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
  /** The formats offered, in order (default: every format of the transcript export). */
  formats?: readonly ExportFormat[];
  /** Where the formats' names are in the publish namespace (`formats.docx`, …). */
  labels?: 'formats' | 'reportFormats';
}

export function DownloadMenu({ conversationId, request, title, disabled, formats = DOWNLOAD_FORMATS, labels = 'formats' }: Props) {
  const { t } = useTranslation('publish');
  const label = (value: ExportFormat) => t(`${labels}.${value}` as `formats.${ExportFormat}`);
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
          {formats.map((value) => (
            <Menu.Item key={value} onClick={() => download.mutate(value)} data-format={value}>
              {label(value)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <div role="status" aria-live="polite">
        {download.isPending && format && (
          <Text size="sm" c="dimmed">
            {t('download.preparing', { format: label(format) })}
          </Text>
        )}
        {download.isSuccess && (
          <Text size="sm" c="teal.8" style={{ overflowWrap: 'anywhere' }}>
            {t('download.saved', { filename: download.data })}
          </Text>
        )}
      </div>
      {download.isError && format && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('download.failed', { format: label(format) })} role="alert">
          {errors.message(download.error)}
        </Alert>
      )}
    </Stack>
  );
}
