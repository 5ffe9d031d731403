/**
 * A report tab (docs/reports.md): what the kind contains and, for those allowed (the organization's
 * generate-summary permission and the write right), generating it with a chosen method; its progress
 * as the job moves; the text rendered from its Markdown with what made it and when; a warning once the
 * transcript has changed since, or why the last generation failed; editing, the versions and
 * restoring one; and the DOCX, PDF and Markdown downloads. Readers see the text and download it.
 */
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { hasRight, RIGHT, type ReportKind } from '@palabre/shared';
import { IconAlertTriangle, IconEdit, IconHistory, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../components/ErrorView.tsx';
import { useApiErrors } from '../../components/FormFailure.tsx';
import { useReport, useReportMutations } from '../reports/api.ts';
import { GenerationControls } from '../reports/GenerationControls.tsx';
import { MarkdownView } from '../shared/markdown.ts';
import { ReportEditor } from '../reports/ReportEditor.tsx';
import { ReportMeta } from '../reports/ReportMeta.tsx';
import { ReportAnnouncer, ReportStatus } from '../reports/ReportStatus.tsx';
import { ReportVersions } from '../reports/ReportVersions.tsx';
import { reportPhase } from '../reports/state.ts';
import reportClasses from '../reports/Reports.module.css';
import type { PublishMedia } from './api.ts';
import { REPORT_DOWNLOAD_FORMATS, reportExportRequest } from './choices.ts';
import { DownloadMenu } from './DownloadMenu.tsx';

interface Props {
  kind: ReportKind;
  media: PublishMedia;
  /** The organization lets the caller generate summaries (its `summary` ability). */
  summaryAllowed: boolean;
}

export function ReportTab({ kind, media, summaryAllowed }: Props) {
  const { t } = useTranslation('publish');
  const errors = useApiErrors();
  const query = useReport(media._id, kind);
  const mutations = useReportMutations(media._id, kind);
  const [editing, setEditing] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const writable = hasRight(media.right, RIGHT.WRITE);
  const canGenerate = writable && summaryAllowed;
  const ready = media.status === 'done';
  const label = t(`tabs.${kind}.label`);

  if (query.isPending) return <Loader size="sm" aria-label={t('preview.loading')} />;
  if (query.isError && query.data === undefined) return <ErrorView error={query.error} />;
  const report = query.data ?? null;
  const phase = reportPhase(report);
  const text = report?.markdown ?? null;

  return (
    <Stack gap="md">
      <ReportAnnouncer report={report} />
      <Stack gap={2}>
        <Title order={2} size="h3">
          {label}
        </Title>
        {report && text && <ReportMeta report={report} />}
      </Stack>
      <ReportStatus kind={kind} report={report} />
      {!editing && canGenerate && (
        <GenerationControls
          organizationId={media.organizationId}
          report={report}
          disabled={!ready}
          pending={mutations.generate.isPending}
          onGenerate={(profileId) => mutations.generate.mutate({ profileId })}
        />
      )}
      {!editing && report?.versionId && (
        <Group gap="sm" align="flex-start" wrap="wrap">
          {writable && text && (
            <Button variant="default" leftSection={<IconEdit size={18} aria-hidden />} onClick={() => setEditing(true)} disabled={phase === 'running'}>
              {t('report.edit')}
            </Button>
          )}
          <Button variant="default" leftSection={<IconHistory size={18} aria-hidden />} onClick={() => setVersionsOpen(true)}>
            {t('report.versions.button')}
          </Button>
          {text && (
            <div>
              <DownloadMenu
                conversationId={media._id}
                request={reportExportRequest(kind)}
                title={`${label} — ${media.name}`}
                formats={REPORT_DOWNLOAD_FORMATS}
                labels="reportFormats"
              />
            </div>
          )}
        </Group>
      )}
      {mutations.generate.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('report.generateFailed')} role="alert">
          {errors.message(mutations.generate.error)}
        </Alert>
      )}
      {editing && report ? (
        <ReportEditor report={report} save={mutations.save} reload={async () => (await query.refetch()).data} onClose={() => setEditing(false)} />
      ) : text ? (
        <Paper withBorder p="lg" radius="md" className={reportClasses.text} tabIndex={0} aria-label={t('report.textLabel')} component="section">
          <MarkdownView markdown={text} testId="report-text" />
        </Paper>
      ) : (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`report-what-${kind}`}>
          <Stack gap="sm" maw={760}>
            <Title order={3} size="h5" id={`report-what-${kind}`}>
              {t('report.whatTitle')}
            </Title>
            <Text>{t(`tabs.${kind}.what`)}</Text>
            {phase === 'none' && (
              <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} role="note">
                {!ready ? t('report.notReady') : canGenerate ? t('report.noneYet') : `${t('report.noneYet')} ${t('report.noRight')}`}
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
      {report?.versionId && (
        <ReportVersions
          conversationId={media._id}
          kind={kind}
          opened={versionsOpen}
          onClose={() => setVersionsOpen(false)}
          canRestore={writable && phase !== 'running'}
          restore={mutations.restore}
        />
      )}
    </Stack>
  );
}
