/** /backoffice/users: paginated, searchable list of accounts, with user creation. */
import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlatformRoleSummary } from '../users/PlatformRoleCheckboxes.tsx';
import { fullName, useFormatDate } from '../../components/format.ts';
import { useAdminUsers } from './backofficeApi.ts';
import { CreateUserModal } from './CreateUserModal.tsx';
import { PaginatedTable, usePagination } from './PaginatedTable.tsx';

export function UsersListPage() {
  const { t } = useTranslation(['backoffice', 'settings', 'common']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const pagination = usePagination();
  const [creating, { open, close }] = useDisclosure(false);
  const users = useAdminUsers(pagination.page, pagination.size, debounced);
  const roles = usePlatformRoleSummary();
  const formatDate = useFormatDate();

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('backoffice:users.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={open}>
          {t('backoffice:users.create')}
        </Button>
      </Group>
      <TextInput
        label={t('backoffice:users.search')}
        placeholder={t('backoffice:users.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          pagination.setPage(0);
        }}
        maw={420}
      />
      <PaginatedTable
        query={users}
        pagination={pagination}
        label={t('backoffice:users.title')}
        minWidth={760}
        head={
          <>
            <Table.Th>{t('backoffice:users.name')}</Table.Th>
            <Table.Th>{t('settings:profile.email')}</Table.Th>
            <Table.Th>{t('backoffice:users.roles')}</Table.Th>
            <Table.Th>{t('backoffice:users.status')}</Table.Th>
            <Table.Th>{t('backoffice:common.created')}</Table.Th>
          </>
        }
        row={(user) => (
          <Table.Tr key={user._id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Anchor component={Link} to={`/backoffice/users/${user._id}`} size="sm" title={fullName(user)} truncate="end" display="block" maw={260}>
                {fullName(user)}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm" truncate="end" maw={260} title={user.email}>
                {user.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{roles(user.role)}</Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Badge variant="light" color={user.status === 'active' ? 'green' : 'red'} styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
                {t(`backoffice:status.${user.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatDate(user.created)}</Text>
            </Table.Td>
          </Table.Tr>
        )}
        empty={t('backoffice:users.empty')}
        total={(count) => t('backoffice:users.total', { count })}
      />
      <CreateUserModal opened={creating} onClose={close} />
    </Stack>
  );
}
