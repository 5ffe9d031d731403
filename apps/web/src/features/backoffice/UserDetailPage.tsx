/** /backoffice/users/:userId: account details, organizations, platform roles, suspension and deletion. */
import { Alert, Anchor, Avatar, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, User } from '@palabre/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isMissing } from '../../api/client.ts';
import { paths } from '../../routes/paths.ts';
import { useMe } from '../../api/queries.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { useOrganizationRoleLabel } from '../organizations/settings/roles.ts';
import { PlatformRoleCheckboxes } from '../users/PlatformRoleCheckboxes.tsx';
import { fullName, useFormatDate } from '../../components/format.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { backofficeKeys, deleteUser, updateUser, useAdminUser } from './backofficeApi.ts';

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

export function UserDetailPage() {
  const { userId } = useParams();
  const { t } = useTranslation(['backoffice', 'settings', 'common']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = useMe();
  const query = useAdminUser(userId);
  const formatDate = useFormatDate();
  const orgRole = useOrganizationRoleLabel();
  const [role, setRole] = useState(0);
  useEffect(() => setRole(query.data?.role ?? 0), [query.data?.role]);

  const update = useMutation({
    mutationFn: (patch: { role?: number; status?: User['status'] }) => updateUser(userId!, patch),
    onSuccess: (user) => {
      client.setQueryData<AdminUser>(backofficeKeys.user(user._id), (old) => (old ? { ...old, ...user } : old));
      void client.invalidateQueries({ queryKey: backofficeKeys.usersAll });
      notifySuccess(t('backoffice:user.updated'));
    },
    onError: (err) => notifyError(err, t('backoffice:user.updateError')),
  });
  const remove = useMutation({
    mutationFn: () => deleteUser(userId!),
    onSuccess: async () => {
      // Leave the page first so the deleted user is not fetched again.
      await navigate('/backoffice/users');
      client.removeQueries({ queryKey: backofficeKeys.user(userId ?? '') });
      void client.invalidateQueries({ queryKey: backofficeKeys.usersAll });
      void client.invalidateQueries({ queryKey: backofficeKeys.counts });
      notifySuccess(t('backoffice:user.deleted'));
    },
    onError: (err) => notifyError(err, t('backoffice:user.deleteError')),
  });

  if (query.isPending) return <CenteredLoader />;
  if (isMissing(query.error)) return <Navigate to={paths.notFound} replace />;
  if (!query.data)
    return (
      <Alert color="red" title={t('backoffice:user.loadError')}>
        {query.error?.message}
      </Alert>
    );
  const user = query.data;
  const self = user._id === me.data?._id;
  const suspended = user.status === 'suspended';

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('backoffice:user.deleteTitle'),
      children: <Text size="sm">{t('backoffice:user.deleteText', { name: fullName(user), email: user.email })}</Text>,
      labels: { confirm: t('common:actions.delete'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(),
    });
  const toggleStatus = () =>
    modals.openConfirmModal({
      title: t(suspended ? 'backoffice:user.reactivateTitle' : 'backoffice:user.suspendTitle'),
      children: <Text size="sm">{t(suspended ? 'backoffice:user.reactivateText' : 'backoffice:user.suspendText', { name: fullName(user) })}</Text>,
      labels: { confirm: t(suspended ? 'backoffice:user.reactivate' : 'backoffice:user.suspend'), cancel: t('common:actions.cancel') },
      confirmProps: { color: suspended ? 'green' : 'orange' },
      onConfirm: () => update.mutate({ status: suspended ? 'active' : 'suspended' }),
    });

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/backoffice/users" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('backoffice:user.back')}
        </Group>
      </Anchor>
      <Group gap="md">
        <Avatar src={user.picture} alt={fullName(user)} size={64} radius={64} name={fullName(user)} color="initials" />
        <div>
          <Group gap="sm">
            <Title order={1}>{fullName(user)}</Title>
            <Badge variant="light" color={suspended ? 'red' : 'green'}>
              {t(`backoffice:status.${user.status}`)}
            </Badge>
          </Group>
          <Text c="dimmed">{user.email}</Text>
        </div>
      </Group>
      <Paper withBorder p="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Info label={t('backoffice:common.created')}>{formatDate(user.created)}</Info>
          <Info label={t('backoffice:user.lastUpdate')}>{formatDate(user.last_update)}</Info>
          <Info label={t('settings:preferences.private')}>{t(user.private ? 'backoffice:common.yes' : 'backoffice:common.no')}</Info>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg" component="section" aria-labelledby="user-orgs-title">
        <Stack>
          <Title order={3} id="user-orgs-title">
            {t('backoffice:user.organizations')}
          </Title>
          {user.organizations.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('backoffice:user.noOrganization')}
            </Text>
          ) : (
            <Table aria-labelledby="user-orgs-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('backoffice:organizations.name')}</Table.Th>
                  <Table.Th>{t('backoffice:user.role')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {user.organizations.map((org) => (
                  <Table.Tr key={org._id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/backoffice/organizations/${org._id}`} size="sm">
                        {org.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{orgRole(org.role)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="lg" component="section" aria-labelledby="user-roles-title">
        <Stack>
          <Title order={3} id="user-roles-title">
            {t('backoffice:user.access')}
          </Title>
          <PlatformRoleCheckboxes label={t('backoffice:users.roles')} value={role} onChange={(next) => setRole(next)} disabled={update.isPending} />
          <Group justify="flex-end">
            {role !== user.role && (
              <Button variant="subtle" onClick={() => setRole(user.role)}>
                {t('common:actions.cancel')}
              </Button>
            )}
            <Button disabled={role === user.role} loading={update.isPending && update.variables?.role !== undefined} onClick={() => update.mutate({ role })}>
              {t('backoffice:user.saveRoles')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {!self && (
        <Paper withBorder p="lg" component="section" aria-labelledby="user-account-title">
          <Stack>
            <Title order={3} id="user-account-title">
              {t('backoffice:user.account')}
            </Title>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ flex: 1 }}>
                {t(suspended ? 'backoffice:user.reactivateHelp' : 'backoffice:user.suspendHelp')}
              </Text>
              <Button variant="outline" color={suspended ? 'green' : 'orange'} onClick={toggleStatus}>
                {t(suspended ? 'backoffice:user.reactivate' : 'backoffice:user.suspend')}
              </Button>
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ flex: 1 }}>
                {t('backoffice:user.deleteHelp')}
              </Text>
              <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
                {t('backoffice:user.delete')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
