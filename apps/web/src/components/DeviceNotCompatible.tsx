/** Shown instead of a page that is not flagged responsive on a small screen (smaller side under 500 px). */
import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceMobileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function DeviceNotCompatible() {
  const { t } = useTranslation('errors');
  return (
    <Center component="main" mih="100vh" p="lg">
      <Stack align="center" ta="center" gap="sm" maw={360}>
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconDeviceMobileOff size={36} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {t('device.title')}
        </Title>
        <Text c="dimmed">{t('device.message')}</Text>
      </Stack>
    </Center>
  );
}
