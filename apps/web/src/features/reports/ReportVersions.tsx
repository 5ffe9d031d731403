/**
 * A report's versions in a drawer, newest first: how each came (generated, edited, restored), by whom,
 * when and by which method; any can be previewed, and an earlier one restored (after a confirmation)
 * as a new current version by whoever may edit the media.
 */
import { Alert, Badge, Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { Report, ReportKind } from '@palabre/shared';
import { IconAlertTriangle, IconEye, IconEyeOff, IconRestore } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrors } from '../../components/FormFailure.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useReportVersion, useReportVersions } from './api.ts';
import { useFormatDateTime } from './format.ts';
import { MarkdownView } from '../shared/markdown.ts';
import classes from './Reports.module.css';

interface Props {
  conversationId: string;
  kind: ReportKind;
  opened: boolean;
  onClose: () => void;
  /** Restoring needs the write right. */
  canRestore: boolean;
  restore: UseMutationResult<Report, Error, string>;
}

export function ReportVersions({ conversationId, kind, opened, onClose, canRestore, restore }: Props) {
  const { t } = useTranslation(['publish', 'common']);
  const errors = useApiErrors();
  const formatDate = useFormatDateTime();
  const narrow = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const versions = useReportVersions(conversationId, kind, opened);
  const [previewed, setPreviewed] = useState<string | null>(null);
  const preview = useReportVersion(conversationId, kind, previewed);

  const confirmRestore = (versionId: string) =>
    modals.openConfirmModal({
      title: t('publish:report.versions.restoreTitle'),
      children: <Text size="sm">{t('publish:report.versions.restoreText')}</Text>,
      labels: { confirm: t('publish:report.versions.restore'), cancel: t('common:actions.cancel') },
      onConfirm: () => restore.mutate(versionId, { onSuccess: () => notifySuccess(t('publish:report.versions.restored')) }),
    });

  return (
    <Drawer opened={opened} onClose={onClose} title={t('publish:report.versions.title')} position="right" size={narrow ? '100%' : 'lg'}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('publish:report.versions.intro')}
        </Text>
        {restore.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('publish:report.versions.restoreFailed')} role="alert">
            {errors.message(restore.error)}
          </Alert>
        )}
        {versions.isPending ? (
          <Loader size="sm" aria-label={t('publish:report.versions.loading')} />
        ) : versions.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('publish:report.versions.failed')} role="alert">
            {errors.message(versions.error)}
          </Alert>
        ) : (
          <ol className={classes.versions} aria-label={t('publish:report.versions.title')}>
            {versions.data.map((version) => {
              const date = formatDate(version.createdAt);
              const open = previewed === version._id;
              const previewId = `report-version-${version._id}`;
              return (
                <Paper key={version._id} component="li" withBorder p="sm" radius="sm" data-testid="report-version" aria-label={date}>
                  <Stack gap={6}>
                    <Group gap="xs" wrap="wrap">
                      <Badge variant="light" color={version.origin === 'generated' ? 'blue' : version.origin === 'edited' ? 'grape' : 'teal'}>
                        {t(`publish:report.versions.origin.${version.origin}`)}
                      </Badge>
                      {version.current && (
                        <Badge variant="filled" color="green">
                          {t('publish:report.versions.current')}
                        </Badge>
                      )}
                      <Text size="sm" fw={500}>
                        {date}
                      </Text>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {[
                        version.author ? t('publish:report.versions.by', { name: version.author.name }) : null,
                        t(`publish:report.versions.method.${version.method}`),
                        t('publish:report.versions.size', { count: version.size }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={open ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
                        aria-expanded={open}
                        aria-controls={previewId}
                        onClick={() => setPreviewed(open ? null : version._id)}
                      >
                        {open ? t('publish:report.versions.hidePreview') : t('publish:report.versions.preview')}
                      </Button>
                      {canRestore && !version.current && (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconRestore size={14} aria-hidden />}
                          onClick={() => confirmRestore(version._id)}
                          loading={restore.isPending && restore.variables === version._id}
                        >
                          {t('publish:report.versions.restore')}
                        </Button>
                      )}
                    </Group>
                    <div id={previewId}>
                      {open &&
                        (preview.isPending ? (
                          <Loader size="xs" aria-label={t('publish:report.versions.loading')} />
                        ) : preview.isError ? (
                          <Text size="sm" c="red.8" role="alert">
                            {errors.message(preview.error)}
                          </Text>
                        ) : (
                          <Paper withBorder p="sm" radius="sm" className={classes.versionPreview} tabIndex={0}>
                            <MarkdownView
                              markdown={preview.data.markdown}
                              headingOffset={3}
                              label={t('publish:report.versions.previewOf', { date })}
                              testId="report-version-preview"
                            />
                          </Paper>
                        ))}
                    </div>
                  </Stack>
                </Paper>
              );
            })}
          </ol>
        )}
      </Stack>
    </Drawer>
  );
}
