/** Transcriber profiles arrive with the speech engines; until then the section says so plainly. */
import { Alert, Paper, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function TranscriberProfilesNote() {
  const { t } = useTranslation('organizations');
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="org-profiles-title">
      <Stack>
        <Title order={3} id="org-profiles-title">{t('transcriberProfiles.title')}</Title>
        <Alert variant="light" color="blue" icon={<IconInfoCircle />}>{t('transcriberProfiles.notYet')}</Alert>
      </Stack>
    </Paper>
  );
}
