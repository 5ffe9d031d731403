/** /interface/404: not found, or no rights (both answer the same, on purpose). */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RainIllustration } from '../../components/RainIllustration.tsx';
import { paths } from '../../routes/paths.ts';

export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <Center mih="60vh">
      <Stack align="center" ta="center" gap="md" maw={480}>
        <RainIllustration size={140} />
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.message')}</Text>
        <Button component={Link} to={paths.root} variant="light">
          {t('backToHome')}
        </Button>
      </Stack>
    </Center>
  );
}
