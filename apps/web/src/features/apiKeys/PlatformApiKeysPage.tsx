/** /backoffice/apiKeys — the platform's API keys, for platform administrators. */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiKeysPanel } from './ApiKeysPanel.tsx';

export function PlatformApiKeysPage() {
  const { t } = useTranslation('apiKeys');
  return (
    <Stack>
      <Title order={1}>{t('platformTitle')}</Title>
      <ApiKeysPanel owner={null} />
    </Stack>
  );
}
