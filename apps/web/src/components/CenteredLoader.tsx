/** The spinner a page or a list shows while its first data loads (a lighter LoadingView). */
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CenteredLoader() {
  const { t } = useTranslation('common');
  return (
    <Center py="xl">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}
