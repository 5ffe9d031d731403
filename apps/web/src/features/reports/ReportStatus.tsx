/**
 * The state of a report above its text: the progress of a generation on its way (announced politely,
 * at each tenth), the warning of a report the transcript has outgrown, or why the last generation
 * failed (per kind, with the temporary provider error asking to try again).
 */
import { Alert, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Report, ReportKind } from '@palabre/shared';
import { IconAlertTriangle, IconHourglass, IconRefreshAlert } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { announcedPercent, progressPercent, reportPhase } from './state.ts';

interface Props {
  kind: ReportKind;
  report: Report | null;
}

/** The polite status line: always in the page, so assistive technologies hear its changes. */
export function ReportAnnouncer({ report }: { report: Report | null }) {
  const { t } = useTranslation('publish');
  const phase = reportPhase(report);
  const percent = announcedPercent(report?.progress);
  let message = '';
  if (phase === 'running') message = report?.state === 'queued' ? t('report.queued') : percent === null ? t('report.generating') : t('report.generatingPercent', { percent });
  return (
    <VisuallyHidden role="status" aria-live="polite">
      {message}
    </VisuallyHidden>
  );
}

export function ReportStatus({ kind, report }: Props) {
  const { t } = useTranslation('publish');
  const phase = reportPhase(report);
  if (!report) return null;

  if (phase === 'running') {
    const percent = progressPercent(report.progress);
    return (
      <Alert variant="light" color="blue" icon={<IconHourglass aria-hidden />} role="note" data-testid="report-progress">
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {report.state === 'queued' ? t('report.queued') : percent === null ? t('report.generating') : t('report.generatingPercent', { percent })}
          </Text>
          <Progress
            value={percent ?? 0}
            animated={percent === null}
            striped={percent === null}
            aria-label={t('report.progressLabel')}
            aria-valuetext={percent === null ? t('report.queued') : `${percent}%`}
          />
          {report.markdown && (
            <Text size="xs" c="dimmed">
              {t('report.previousText')}
            </Text>
          )}
        </Stack>
      </Alert>
    );
  }
  if (phase === 'outdated') {
    return (
      <Alert variant="light" color="orange" icon={<IconRefreshAlert aria-hidden />} title={t('report.outdatedTitle')} role="status" data-testid="report-outdated">
        {t('report.outdated')}
      </Alert>
    );
  }
  if (phase === 'error') {
    const code = report.error?.code ?? 'internal';
    return (
      <Alert variant="light" color="red" icon={<IconAlertTriangle aria-hidden />} title={t(`tabs.${kind}.error`)} role="alert" data-testid="report-error">
        <Stack gap={4}>
          <Text size="sm">{t(`report.errors.${code}`)}</Text>
          {report.markdown && (
            <Text size="xs" c="dimmed">
              {t('report.previousText')}
            </Text>
          )}
        </Stack>
      </Alert>
    );
  }
  return null;
}
