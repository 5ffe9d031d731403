/**
 * /interface/conversations/create (docs/PRODUCT.md, Screens and routes): media upload with tabs file,
 * microphone, URL import, quick meeting (one click to the quick session page), videoconference (a bot
 * joins the call), and session, which is marked "coming soon".
 */
import { Badge, Container, Group, Paper, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBroadcast, IconFile, IconLink, IconMicrophone, IconTools, IconUsersGroup, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VideoconferenceTab } from '../bots/VideoconferenceTab.tsx';
import { QuickMeetingTab } from '../quickMeeting/QuickMeetingTab.tsx';
import { SessionTab } from '../sessions/SessionTab.tsx';
import { FileTab } from './FileTab.tsx';
import { MicrophoneTab } from './MicrophoneTab.tsx';
import { UrlTab } from './UrlTab.tsx';
import { NoUploadRight, useUploadAllowed } from './UploadRight.tsx';

const TABS = [
  { value: 'file', icon: IconFile, ready: true },
  { value: 'microphone', icon: IconMicrophone, ready: true },
  { value: 'url', icon: IconLink, ready: true },
  { value: 'session', icon: IconBroadcast, ready: true },
  { value: 'quickMeeting', icon: IconUsersGroup, ready: true },
  { value: 'videoconference', icon: IconVideo, ready: true },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function ComingSoon({ tab }: { tab: TabValue }) {
  const { t } = useTranslation('conversations');
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconTools size={26} />
        </ThemeIcon>
        <Text fw={600}>{t('comingSoon.title', { tab: t(`tabs.${tab}`) })}</Text>
        <Text c="dimmed" size="sm">
          {t('comingSoon.message')}
        </Text>
      </Stack>
    </Paper>
  );
}

export function CreateConversationPage() {
  const { t } = useTranslation('conversations');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabValue = TABS.some((tab) => tab.value === requested) ? (requested as TabValue) : 'file';
  // Without the right, each tab says so before anything is recorded or sent.
  const allowed = useUploadAllowed();

  return (
    <Container size="md" py="lg" w="100%">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('create.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('create.subtitle')}
          </Text>
        </div>
        <Tabs value={active} onChange={(value) => value && setParams({ tab: value }, { replace: true })} keepMounted={false} aria-label={t('create.tabsLabel')}>
          <Tabs.List mb="lg">
            {TABS.map(({ value, icon: Icon, ready }) => (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                <Group gap={6} wrap="nowrap">
                  {t(`tabs.${value}`)}
                  {!ready && (
                    <Badge size="xs" variant="light" color="gray">
                      {t('comingSoon.badge')}
                    </Badge>
                  )}
                </Group>
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="file">{allowed ? <FileTab /> : <NoUploadRight />}</Tabs.Panel>
          <Tabs.Panel value="microphone">{allowed ? <MicrophoneTab /> : <NoUploadRight />}</Tabs.Panel>
          <Tabs.Panel value="url">{allowed ? <UrlTab /> : <NoUploadRight />}</Tabs.Panel>
          <Tabs.Panel value="session">
            <SessionTab />
          </Tabs.Panel>
          <Tabs.Panel value="quickMeeting">
            <QuickMeetingTab />
          </Tabs.Panel>
          <Tabs.Panel value="videoconference">
            <VideoconferenceTab />
          </Tabs.Panel>
          {TABS.filter((tab) => !tab.ready).map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value}>
              <ComingSoon tab={tab.value} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
