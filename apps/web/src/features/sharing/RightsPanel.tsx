/**
 * The rights section of the media overview (docs/PRODUCT.md, Roles and permissions): the caller's own right,
 * the organization members' default right, each member's effective right (custom or default), the people
 * outside the organization it is shared with, and sharing with someone found by name or email. What can be
 * changed and given follows the grant rule of `@palabre/shared` (rights.ts), as the server does: controls need
 * the share right, levels above the caller's own right are disabled, and the owner, the organization's admins
 * and anyone holding a right the caller lacks have no controls.
 */
import { ActionIcon, Badge, Button, Group, Loader, Paper, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  acceptableRight,
  mayChangeRightOf,
  mayGiveMembersRight,
  mayGiveRight,
  mayShare,
  RIGHT,
  RIGHT_LEVELS,
  withinReach,
  type Conversation,
  type ConversationUser,
  type PublicUser,
} from '@palabre/shared';
import { IconArrowBackUp, IconInfoCircle, IconUserMinus, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/queries.ts';
import { fullName } from '../../components/format.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useConversationUsers, useRemoveUserRight, useSetMembersRight, useSetUserRight } from './api.ts';
import { holderOf, isFixed, levelOptions, rightText } from './levels.ts';
import { Person } from './Person.tsx';
import { UserSearch } from './UserSearch.tsx';

type Media = Pick<Conversation, '_id' | 'right' | 'membersRight'>;

function UserRow({ media, user, external, selfId }: { media: Media; user: ConversationUser; external: boolean; selfId: string | undefined }) {
  const { t } = useTranslation('sharing');
  const setRight = useSetUserRight(media._id);
  const removeRight = useRemoveUserRight(media._id);
  const name = fullName(user);
  const holder = holderOf(user, selfId);
  const fixed = isFixed(user);
  // Nobody changes the owner's, the admins' or their own right here, nor a right above their own.
  const editable = mayChangeRightOf(media.right, holder);
  const busy = setRight.isPending || removeRight.isPending;

  // The row may be gone once the list is refreshed (an access removed): notify from the promise.
  const change = (value: string | null) => {
    if (value === null || Number(value) === user.right) return;
    const right = Number(value);
    void setRight.mutateAsync({ userId: user._id, right }).then(
      () => notifySuccess(right === RIGHT_LEVELS.none ? t('notify.revoked', { name }) : t('notify.changed', { name, level: rightText(t, right) })),
      (error: unknown) => notifyError(error, t('notify.changeFailed', { name })),
    );
  };
  const remove = () =>
    void removeRight.mutateAsync(user._id).then(
      () => notifySuccess(external ? t('notify.revoked', { name }) : t('notify.reset', { name })),
      (error: unknown) => notifyError(error, external ? t('notify.revokeFailed', { name }) : t('notify.resetFailed', { name })),
    );

  const removeLabel = external ? t('revoke', { name }) : t('reset', { name });
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="wrap" py={6} data-testid="rights-user" data-user-id={user._id} aria-label={name}>
      <Person user={user} strong grow note={holder.self ? t('you') : undefined} />
      <Group gap="xs" wrap="nowrap" ml="auto">
        {fixed ? (
          <Badge variant="light" color="gray" tt="none">
            {user.owner ? t('owner') : t('admin')}
          </Badge>
        ) : (
          user.custom &&
          !external && (
            <Badge variant="light" color="grape" tt="none" title={t('customHint')}>
              {t('custom')}
            </Badge>
          )
        )}
        {editable ? (
          <Select
            size="xs"
            w={150}
            aria-label={t('rightOf', { name })}
            data={levelOptions(t, (right) => mayGiveRight(media.right, holder, right), { withNone: acceptableRight(holder.level, RIGHT.UNDEFINED), current: user.right })}
            value={String(user.right)}
            onChange={change}
            allowDeselect={false}
            disabled={busy}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Badge variant="outline" tt="none" data-testid="rights-user-label">
            {rightText(t, user.right)}
          </Badge>
        )}
        {editable && (external || user.custom) && (
          <Tooltip label={removeLabel}>
            <ActionIcon variant="subtle" color={external ? 'red' : 'gray'} aria-label={removeLabel} onClick={remove} loading={removeRight.isPending} disabled={busy}>
              {external ? <IconUserMinus size={16} aria-hidden /> : <IconArrowBackUp size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}

function UserList({
  media,
  users,
  external,
  selfId,
  empty,
  labelledBy,
}: {
  media: Media;
  users: ConversationUser[];
  external: boolean;
  selfId: string | undefined;
  empty: string;
  labelledBy: string;
}) {
  if (users.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={labelledBy}>
      {users.map((user) => (
        <UserRow key={user._id} media={media} user={user} external={external} selfId={selfId} />
      ))}
    </Stack>
  );
}

function MembersDefault({ media, membersRight }: { media: Media; membersRight: number }) {
  const { t } = useTranslation('sharing');
  const update = useSetMembersRight(media._id);
  return (
    <Select
      label={t('membersRight.label')}
      description={t('membersRight.description')}
      data={levelOptions(t, (right) => mayGiveMembersRight(media.right, right), { withNone: true, current: membersRight })}
      value={String(membersRight)}
      disabled={update.isPending}
      allowDeselect={false}
      rightSection={update.isPending ? <Loader size={14} aria-hidden /> : undefined}
      onChange={(value) => {
        if (value === null || Number(value) === membersRight) return;
        const right = Number(value);
        update.mutate(right, {
          onSuccess: () => notifySuccess(t('notify.membersRight', { level: rightText(t, right) })),
          onError: (error) => notifyError(error, t('notify.membersRightFailed')),
        });
      }}
    />
  );
}

function ShareWithSomeone({ media }: { media: Media }) {
  const { t } = useTranslation('sharing');
  const setRight = useSetUserRight(media._id);
  const [user, setUser] = useState<PublicUser | null>(null);
  const [level, setLevel] = useState<string>(String(RIGHT_LEVELS.read));
  // Keyboard users keep their place: once someone is picked, on to the level; once cleared, back to the search.
  const levelRef = useRef<HTMLInputElement>(null);
  const [searchFocus, setSearchFocus] = useState(false);
  const pick = (picked: PublicUser) => {
    setUser(picked);
    requestAnimationFrame(() => levelRef.current?.focus());
  };
  const clear = () => {
    setUser(null);
    setSearchFocus(true);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const name = fullName(user);
    const right = Number(level);
    setRight.mutate(
      { userId: user._id, right },
      {
        onSuccess: () => {
          notifySuccess(t('notify.shared', { name, level: rightText(t, right) }));
          setUser(null);
        },
        onError: (error) => notifyError(error, t('notify.shareFailed', { name })),
      },
    );
  };

  return (
    <Stack component="form" gap="xs" onSubmit={submit} aria-labelledby="rights-share-heading">
      <Title order={3} size="h6" id="rights-share-heading">
        {t('share.title')}
      </Title>
      {user ? (
        <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="rights-share-user">
          <Person user={user} strong grow />
          <Tooltip label={t('share.clear', { name: fullName(user) })}>
            <ActionIcon variant="subtle" color="gray" aria-label={t('share.clear', { name: fullName(user) })} onClick={clear}>
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : (
        <UserSearch label={t('share.search')} description={t('search.description')} onPick={pick} autoFocus={searchFocus} />
      )}
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          ref={levelRef}
          label={t('share.level')}
          data={levelOptions(t, (right) => withinReach(media.right, right), { withNone: false })}
          value={level}
          onChange={(value) => value && setLevel(value)}
          allowDeselect={false}
          style={{ flex: '1 1 10rem' }}
        />
        <Button type="submit" disabled={!user} loading={setRight.isPending}>
          {t('share.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

export function RightsPanel({ conversation }: { conversation: Media }) {
  const { t } = useTranslation('sharing');
  const me = useMe().data;
  const share = mayShare(conversation.right);
  // Who has access is for those who can share the media.
  const users = useConversationUsers(conversation._id, share);
  const data = users.data;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="rights-heading" data-testid="rights-panel">
      <Stack gap="md">
        <Title order={2} size="h4" id="rights-heading">
          {t('title')}
        </Title>
        <Group gap="xs">
          <Text size="sm">{t('own')}</Text>
          <Badge variant="light" tt="none" data-testid="rights-own">
            {rightText(t, conversation.right)}
          </Badge>
        </Group>
        {!share ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconInfoCircle size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
            <Text size="sm" c="dimmed">
              {t('readOnly')}
            </Text>
          </Group>
        ) : users.isPending ? (
          <Loader size="sm" aria-label={t('loading')} />
        ) : !data ? (
          <Text size="sm" c="red" role="alert">
            {users.error?.message}
          </Text>
        ) : (
          <>
            <MembersDefault media={conversation} membersRight={data.membersRight} />
            <Stack gap={4}>
              <Title order={3} size="h6" id="rights-members-heading">
                {t('members.title')}
              </Title>
              <UserList
                media={conversation}
                users={data.conversationUsers.organizationMembers}
                external={false}
                selfId={me?._id}
                empty={t('members.empty')}
                labelledBy="rights-members-heading"
              />
            </Stack>
            <Stack gap={4}>
              <Title order={3} size="h6" id="rights-external-heading">
                {t('external.title')}
              </Title>
              <UserList
                media={conversation}
                users={data.conversationUsers.externalMembers}
                external
                selfId={me?._id}
                empty={t('external.empty')}
                labelledBy="rights-external-heading"
              />
            </Stack>
          </>
        )}
        {share && <ShareWithSomeone media={conversation} />}
      </Stack>
    </Paper>
  );
}
