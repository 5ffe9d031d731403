/**
 * A report tab before the AI reports exist: what the report will hold, and plainly that it is not
 * available in this version. No sample or invented content.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PublishTab } from './tabs.ts';

export function ReportTab({ tab }: { tab: Exclude<PublishTab, 'verbatim'> }) {
  const { t } = useTranslation('publish');
  return (
    <Stack gap="md" maw={760}>
      <Title order={2} size="h3">
        {t(`tabs.${tab}.label`)}
      </Title>
      <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} title={t('report.unavailableTitle')}>
        {t('report.unavailable')}
      </Alert>
      <Text>{t(`tabs.${tab}.what`)}</Text>
    </Stack>
  );
}
