/** An honest placeholder for screens that later features will fill: no fake data. */
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function NotAvailableYet({ title }: { title: string }) {
  const { t } = useTranslation('errors');
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" ta="center" gap="xs">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconTools size={26} />
          </ThemeIcon>
          <Text fw={600}>{t('notAvailable.title')}</Text>
          <Text c="dimmed" size="sm">
            {t('notAvailable.message')}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
