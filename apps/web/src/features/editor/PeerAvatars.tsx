/** Who else is in the document: an avatar in their colour per person (two tabs of one person count once). */
import { Avatar, Tooltip } from '@mantine/core';
import type { DocPeer } from '@palabre/shared';
import { useTranslation } from 'react-i18next';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

export function PeerAvatars({ peers }: { peers: DocPeer[] }) {
  const { t } = useTranslation('editor');
  const people = [...new Map(peers.map((peer) => [peer.userId, peer])).values()];
  if (people.length === 0) return null;
  return (
    <Tooltip.Group openDelay={200}>
      <Avatar.Group spacing="sm" role="list" aria-label={t('peers.label', { count: people.length })} data-testid="peers">
        {people.map((peer) => (
          <Tooltip key={peer.userId} label={peer.name} withArrow>
            <Avatar role="listitem" radius="xl" size="md" aria-label={peer.name} color={peer.color} variant="filled" data-peer-name={peer.name}>
              {initials(peer.name)}
            </Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
    </Tooltip.Group>
  );
}
