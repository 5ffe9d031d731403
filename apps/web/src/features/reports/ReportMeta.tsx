/** What produced a report's text (the extractive methods, or which AI profile's model) and when. */
import { Text } from '@mantine/core';
import type { Report } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from './format.ts';

export function ReportMeta({ report }: { report: Report }) {
  const { t } = useTranslation('publish');
  const formatDate = useFormatDateTime();
  const method =
    report.method === 'extractive' ? t('report.methodExtractive') : report.profileName ? t('report.methodModel', { profile: report.profileName }) : t('report.methodModelUnnamed');
  return (
    <Text size="sm" c="dimmed" data-testid="report-method">
      {method}
      {report.generatedAt && ` · ${t('report.generatedAt', { date: formatDate(report.generatedAt) })}`}
    </Text>
  );
}
