/** Server-error page (docs/PRODUCT.md, Screens and routes): title, rain illustration, subtitle, and a slot for extra content. */
import { Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RainIllustration } from './RainIllustration.tsx';

export function ServerErrorPage({ title, subtitle, children }: { title?: string; subtitle?: string; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Center mih="70vh" p="lg">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Title order={1} size="h2">
          {title ?? t('error.server_error.title')}
        </Title>
        <RainIllustration />
        <Text c="dimmed">{subtitle ?? t('error.server_error.subtitle')}</Text>
        {children}
      </Stack>
    </Center>
  );
}
