/** Media and member counts of an organization. */
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Organization } from '@palabre/shared';
import { useTranslation } from 'react-i18next';

export function StatisticsSection({ org }: { org: Organization }) {
  const { t, i18n } = useTranslation('organizations');
  const number = new Intl.NumberFormat(i18n.language);
  const stat = (label: string, value: number) => (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {number.format(value)}
      </Text>
    </Paper>
  );
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="org-stats-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3" id="org-stats-title">
            {t('statistics.title')}
          </Title>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {stat(t('statistics.media'), org.statistics.mediaCount)}
          {stat(t('statistics.members'), org.statistics.memberCount)}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
