/**
 * The version's files: SubRip and WebVTT, made by the server from the screens as they are now and
 * saved under its file name. (The burned-in video has its own panel beside the player.)
 */
import { Button, Menu, Text } from '@mantine/core';
import { SUBTITLE_EXPORT_TYPES, type SubtitleExportType } from '@palabre/shared';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiErrors } from '../../../components/FormFailure.tsx';
import { notifyError } from '../../../components/notify.ts';
import { downloadSubtitles } from '../api.ts';

interface Props {
  conversationId: string;
  subtitleId: string;
  name: string;
}

export function ExportMenu({ conversationId, subtitleId, name }: Props) {
  const { t } = useTranslation('subtitles');
  const errors = useApiErrors();
  const download = useMutation({
    mutationFn: (type: SubtitleExportType) => downloadSubtitles(conversationId, subtitleId, type, name),
    onError: (error, type) => notifyError(new Error(errors.message(error)), t('export.failed', { format: t(`export.formats.${type}`) })),
  });
  return (
    <>
      <Menu position="bottom-end" width={240} withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />} loading={download.isPending}>
            {t('export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('export.label')}</Menu.Label>
          {SUBTITLE_EXPORT_TYPES.map((type) => (
            <Menu.Item key={type} onClick={() => download.mutate(type)} data-format={type}>
              {t(`export.formats.${type}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Text size="xs" c="dimmed" role="status" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
        {download.isSuccess ? t('export.saved', { filename: download.data }) : ''}
      </Text>
    </>
  );
}
