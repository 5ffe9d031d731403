/**
 * Shares the selected media with several people at once (POST /conversations/shared/access): pick
 * people by name or email, one level, then share. The server shares all or none: when one media
 * cannot be shared (no share right on it, a level above one's own), nothing is, and the modal says so.
 */
import { ActionIcon, Alert, Button, Group, Modal, Select, Stack, Text, Tooltip } from '@mantine/core';
import { RIGHT_LEVELS, type PublicUser } from '@palabre/shared';
import { IconAlertTriangle, IconShare, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../components/format.ts';
import { notifySuccess } from '../../components/notify.ts';
import { useShareAccess } from './api.ts';
import { LEVELS_DESCENDING } from './levels.ts';
import { Person } from './Person.tsx';
import { UserSearch } from './UserSearch.tsx';

interface ShareSelectedButtonProps {
  organizationId: string;
  /** Ids of the selected media. */
  conversationIds: string[];
  variant?: 'light' | 'filled' | 'default';
}

export function ShareSelectedButton({ organizationId, conversationIds, variant = 'light' }: ShareSelectedButtonProps) {
  const { t, i18n } = useTranslation(['sharing', 'common']);
  const [open, setOpen] = useState(false);
  const [users, setUsers] = useState<PublicUser[]>([]);
  const [level, setLevel] = useState<string>(String(RIGHT_LEVELS.read));
  const [error, setError] = useState<string | null>(null);
  const [noUser, setNoUser] = useState(false);
  const share = useShareAccess();
  const count = conversationIds.length;

  const openModal = () => {
    setUsers([]);
    setError(null);
    setNoUser(false);
    setOpen(true);
  };
  const close = () => {
    if (!share.isPending) setOpen(false);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (users.length === 0) {
      setNoUser(true);
      return;
    }
    setError(null);
    const right = Number(level);
    share.mutate(
      { organizationId, conversations: conversationIds, users: users.map((user) => ({ userId: user._id, right })) },
      {
        onSuccess: () => {
          setOpen(false);
          notifySuccess(t('batch.done', { count, names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(users.map(fullName)) }));
        },
        onError: (failure) => setError(failure instanceof Error && failure.message ? failure.message : t('batch.failed')),
      },
    );
  };

  const levels = LEVELS_DESCENDING.filter((name) => name !== 'none').map((name) => ({ value: String(RIGHT_LEVELS[name]), label: t(`levels.${name}`) }));

  return (
    <>
      <Button variant={variant} leftSection={<IconShare size={16} aria-hidden />} onClick={openModal} disabled={count === 0}>
        {t('batch.button')}
      </Button>
      <Modal opened={open} onClose={close} title={t('batch.title', { count })} centered>
        <Stack component="form" onSubmit={submit} gap="md" aria-label={t('batch.title', { count })}>
          <Text size="sm">{t('batch.message', { count })}</Text>
          <UserSearch
            label={t('batch.search')}
            description={t('search.description')}
            excludeIds={users.map((user) => user._id)}
            onPick={(user) => {
              setUsers((previous) => [...previous, user]);
              setNoUser(false);
              setError(null);
            }}
          />
          {users.length > 0 && (
            <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('batch.chosen')}>
              {users.map((user) => (
                <Group component="li" key={user._id} justify="space-between" wrap="nowrap" gap="xs">
                  <Person user={user} />
                  <Tooltip label={t('share.clear', { name: fullName(user) })}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('share.clear', { name: fullName(user) })}
                      onClick={() => setUsers((previous) => previous.filter((u) => u._id !== user._id))}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ))}
            </Stack>
          )}
          <Select label={t('share.level')} data={levels} value={level} onChange={(value) => value && setLevel(value)} allowDeselect={false} />
          {noUser && users.length === 0 && (
            <Text size="sm" c="red" role="alert">
              {t('batch.noUser')}
            </Text>
          )}
          {error && (
            <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t('batch.failed')}>
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={share.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={share.isPending}>
              {t('share.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
