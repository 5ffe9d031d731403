/**
 * The create page's videoconference tab: a quick meeting whose audio a bot takes from a videoconference,
 * set up here, then followed on the organization's quick session page (its live step: the page is told
 * which meeting was just started, so that it does not offer to restore it). Members who may not create
 * sessions are told so instead of a form the server would refuse.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { paths } from '../../routes/paths.ts';
import { useSessionCreateAllowed } from '../sessions/access.ts';
import { VideoconferenceSetup } from './VideoconferenceSetup.tsx';

export function VideoconferenceTab() {
  const { t } = useTranslation('bots');
  const navigate = useNavigate();
  const { current } = useOrganizationScope();
  const allowed = useSessionCreateAllowed();
  if (!current) return null;
  if (!allowed) {
    return (
      <Alert color="orange" icon={<IconLock size={18} />} title={t('tab.noRightTitle')} role="alert">
        {t('tab.noRight')}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        {t('tab.intro')}
      </Text>
      <VideoconferenceSetup
        organizationId={current._id}
        onStarted={(meeting) => void navigate(paths.quickSession(meeting.organizationId), { state: { startedMeetingId: meeting._id } })}
      />
    </Stack>
  );
}
