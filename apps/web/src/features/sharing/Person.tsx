/** A person as the sharing screens show them: picture or initials, full name (and a note), email. */
import { Avatar, Group, Text } from '@mantine/core';
import type { PublicUser } from '@palabre/shared';
import type { ReactNode } from 'react';
import { fullName } from '../../components/format.ts';

type Shown = Pick<PublicUser, '_id' | 'picture' | 'firstname' | 'lastname' | 'email'>;

export function userPicture(user: Pick<PublicUser, '_id' | 'picture'>): string | null {
  return user.picture ? `/cm-api/api/users/${encodeURIComponent(user._id)}/picture` : null;
}

export function UserAvatar({ user }: { user: Shown }) {
  return <Avatar src={userPicture(user)} alt="" size="sm" radius="xl" color="initials" name={fullName(user)} aria-hidden />;
}

export function Person({ user, note, strong = false, grow = false }: { user: Shown; note?: ReactNode; strong?: boolean; grow?: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, ...(grow ? { flex: '1 1 12rem' } : {}) }}>
      <UserAvatar user={user} />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={strong ? 500 : undefined} truncate>
          {fullName(user)}
          {note && (
            <Text span size="xs" c="dimmed">
              {' '}
              {note}
            </Text>
          )}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {user.email}
        </Text>
      </div>
    </Group>
  );
}
