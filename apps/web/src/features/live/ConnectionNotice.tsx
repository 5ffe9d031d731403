/** The live connection's state as a badge, and what it means for the captions when something is wrong. */
import { Alert, Badge, Button } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LiveRoom, RoomConnection } from './useLiveRoom.ts';

const COLORS: Record<RoomConnection, string> = { connecting: 'yellow', connected: 'green', reconnecting: 'yellow', offline: 'red', closed: 'red' };

export function ConnectionBadge({ connection }: { connection: RoomConnection }) {
  const { t } = useTranslation('live');
  return (
    <Badge color={COLORS[connection]} variant="dot" role="status">
      {t(`connection.${connection}`)}
    </Badge>
  );
}

export function ConnectionNotice({ room }: { room: LiveRoom }) {
  const { t } = useTranslation('live');
  if (room.connection === 'closed') {
    return (
      <Alert color="red" title={room.refused ? t('connection.refusedTitle') : t('connection.closedTitle')}>
        {room.refused ? t('connection.refused') : room.interrupted ? t('connection.closedBroker') : t('connection.lost')}
        <Button mt="sm" display="block" size="xs" leftSection={<IconPlugConnected size={16} aria-hidden />} onClick={room.reconnect}>
          {t('connection.reconnect')}
        </Button>
      </Alert>
    );
  }
  if (room.connection === 'offline') return <Alert color="red">{t('connection.offlineMessage')}</Alert>;
  if (room.interrupted)
    return (
      <Alert color="orange" title={t('connection.interruptedTitle')}>
        {t('connection.interrupted')}
      </Alert>
    );
  return null;
}
