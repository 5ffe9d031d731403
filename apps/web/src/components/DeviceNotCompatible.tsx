/**
 * Shown instead of a page that is not flagged responsive on a small screen (smaller side under 500 px):
 * never a dead end. It leads back, and to what a phone can do instead: the media's overview and its
 * transcript to read for the editors, the library for other pages.
 */
import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconDeviceMobileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches, useNavigate } from 'react-router';
import { paths } from '../routes/paths.ts';

export function DeviceNotCompatible() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const location = useLocation();
  const conversationId = useMatches().at(-1)?.params.conversationId;
  const home = conversationId ? paths.conversation(conversationId) : paths.explore;
  // Opened straight from a link (no earlier page in this tab), "back" goes to the phone's screen instead.
  const back = () => void (location.key === 'default' ? navigate(home, { replace: true }) : navigate(-1));
  return (
    <Center component="main" mih="100vh" p="lg">
      <Stack align="center" ta="center" gap="sm" maw={360}>
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconDeviceMobileOff size={36} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {t('device.title')}
        </Title>
        <Text c="dimmed">{t(conversationId ? 'device.editorMessage' : 'device.message')}</Text>
        <Group justify="center" gap="sm" mt="sm">
          <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={back}>
            {t('device.back')}
          </Button>
          {conversationId ? (
            <>
              <Button component={Link} to={paths.conversation(conversationId)}>
                {t('device.overview')}
              </Button>
              <Button component={Link} to={paths.conversationPublish(conversationId)} variant="light">
                {t('device.transcript')}
              </Button>
            </>
          ) : (
            <Button component={Link} to={paths.explore}>
              {t('device.library')}
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
