/**
 * An honest placeholder for screens that later features will fill: no fake data. Optionally says
 * what the screen will do and offers a way back to where it was opened from.
 */
import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface NotAvailableYetProps {
  title: string;
  /** What the screen will offer once it is there. */
  description?: string;
  back?: { to: string; label: string };
}

export function NotAvailableYet({ title, description, back }: NotAvailableYetProps) {
  const { t } = useTranslation('errors');
  return (
    <Stack gap="lg">
      {back && (
        <Anchor component={Link} to={back.to} size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Title order={1} size="h2">
        {title}
      </Title>
      {description && <Text maw={720}>{description}</Text>}
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
