/** The session settings' videoconference bots: each channel's bots while the session runs (docs/meetings.md). */
import { Fieldset, Stack } from '@mantine/core';
import type { Session } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { BotPanel } from './BotPanel.tsx';

export function SessionBots({ session }: { session: Session }) {
  const { t } = useTranslation('bots');
  return (
    <Fieldset legend={t('panel.title')}>
      <Stack gap="lg">
        {session.channels.map((channel) => (
          <BotPanel key={channel._id} organizationId={session.organizationId} sessionId={session._id} channelId={channel._id} title={channel.name} />
        ))}
      </Stack>
    </Fieldset>
  );
}
