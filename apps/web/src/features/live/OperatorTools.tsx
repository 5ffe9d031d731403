/** What those who operate a session get on its live page: start and stop, its settings, the microphone. */
import { Anchor, Group, Stack } from '@mantine/core';
import type { Session, SessionChannel } from '@palabre/shared';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { SessionControls } from '../sessions/SessionControls.tsx';
import { MicrophonePanel } from './MicrophonePanel.tsx';

export function OperatorTools({ session, channel }: { session: Session; channel: SessionChannel }) {
  const { t } = useTranslation('live');
  const running = session.status === 'pending' || session.status === 'active';
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <SessionControls session={session} />
        <Anchor component={Link} to={paths.sessionSettings(session.organizationId, session._id)} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconSettings size={16} aria-hidden />
            {t('operator.settings')}
          </Group>
        </Anchor>
      </Group>
      {session.status !== 'terminated' && <MicrophonePanel key={session._id} channel={channel} running={running} />}
    </Stack>
  );
}
