/** /backoffice/users: paginated, searchable list of accounts, with user creation. */
import { Anchor, Badge, Button, Center, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { DEFAULT_PAGE_SIZE } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlatformRoleSummary } from '../users/PlatformRoleCheckboxes.tsx';
import { fullName, useFormatDate } from '../users/shared.ts';
import { useAdminUsers } from './backofficeApi.ts';
import { CreateUserModal } from './CreateUserModal.tsx';

const SIZES = ['10', '25', '50', '100'];

export function UsersListPage() {
  const { t } = useTranslation(['backoffice', 'settings', 'common']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [creating, { open, close }] = useDisclosure(false);
  const users = useAdminUsers(page, size, debounced);
  const roles = usePlatformRoleSummary();
  const formatDate = useFormatDate();
  const pages = Math.max(1, Math.ceil((users.data?.count ?? 0) / size));

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('backoffice:users.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={open}>{t('backoffice:users.create')}</Button>
      </Group>
      <TextInput
        label={t('backoffice:users.search')}
        placeholder={t('backoffice:users.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(0);
        }}
        maw={420}
      />
      {users.isPending ? (
        <Center py="xl"><Loader aria-label={t('common:app.loading')} /></Center>
      ) : users.isError ? (
        <Text c="red">{users.error.message}</Text>
      ) : users.data.list.length === 0 ? (
        <Text c="dimmed">{t('backoffice:users.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('backoffice:users.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backoffice:users.name')}</Table.Th>
                <Table.Th>{t('settings:profile.email')}</Table.Th>
                <Table.Th>{t('backoffice:users.roles')}</Table.Th>
                <Table.Th>{t('backoffice:users.status')}</Table.Th>
                <Table.Th>{t('backoffice:common.created')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.list.map((user) => (
                <Table.Tr key={user._id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={`/backoffice/users/${user._id}`} size="sm">{fullName(user)}</Anchor>
                  </Table.Td>
                  <Table.Td><Text size="sm">{user.email}</Text></Table.Td>
                  <Table.Td><Text size="sm">{roles(user.role)}</Text></Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge variant="light" color={user.status === 'active' ? 'green' : 'red'} styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>{t(`backoffice:status.${user.status}`)}</Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}><Text size="sm">{formatDate(user.created)}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{t('backoffice:users.total', { count: users.data?.count ?? 0 })}</Text>
        <Group gap="md">
          <Select
            aria-label={t('backoffice:common.pageSize')}
            data={SIZES}
            value={String(size)}
            onChange={(value) => {
              if (!value) return;
              setSize(Number(value));
              setPage(0);
            }}
            allowDeselect={false}
            w={90}
          />
          <Pagination
            total={pages}
            value={page + 1}
            onChange={(p) => setPage(p - 1)}
            getControlProps={(control) => ({ 'aria-label': t(`backoffice:common.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('backoffice:common.page', { page: p }) })}
          />
        </Group>
      </Group>
      <CreateUserModal opened={creating} onClose={close} />
    </Stack>
  );
}
