/** /backoffice/transcriberProfiles[/:transcriberProfileId]: arrives with the speech engines. */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function TranscriberProfilesPage() {
  const { t } = useTranslation('backoffice');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('transcriberProfiles.title')}</Title>
        <Text c="dimmed">{t('transcriberProfiles.subtitle')}</Text>
      </div>
      <Alert variant="light" color="blue" icon={<IconInfoCircle />} title={t('transcriberProfiles.notYetTitle')}>
        {t('transcriberProfiles.notYet')}
      </Alert>
    </Stack>
  );
}
