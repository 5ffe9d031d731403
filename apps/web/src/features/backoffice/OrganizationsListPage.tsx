/** /backoffice/organizations: every organization of the platform, with organization creation. */
import { Anchor, Button, Center, Group, Loader, Pagination, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { DEFAULT_PAGE_SIZE, type Organization } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullName, useFormatDate } from '../users/shared.ts';
import { useAdminOrganizations } from './backofficeApi.ts';
import { CreateOrganizationModal } from './CreateOrganizationModal.tsx';

const SIZES = ['10', '25', '50', '100'];

export function ownerOf(org: Organization) {
  const owner = org.users.find((u) => u.userId === org.owner);
  return owner ? fullName(owner) : '—';
}

export function OrganizationsListPage() {
  const { t, i18n } = useTranslation(['backoffice', 'common']);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [creating, { open, close }] = useDisclosure(false);
  const orgs = useAdminOrganizations(page, size);
  const formatDate = useFormatDate();
  const number = new Intl.NumberFormat(i18n.language);
  const pages = Math.max(1, Math.ceil((orgs.data?.count ?? 0) / size));

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('backoffice:organizations.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={open}>{t('backoffice:organizations.create')}</Button>
      </Group>
      {orgs.isPending ? (
        <Center py="xl"><Loader aria-label={t('common:app.loading')} /></Center>
      ) : orgs.isError ? (
        <Text c="red">{orgs.error.message}</Text>
      ) : orgs.data.list.length === 0 ? (
        <Text c="dimmed">{t('backoffice:organizations.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('backoffice:organizations.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backoffice:organizations.name')}</Table.Th>
                <Table.Th>{t('backoffice:organizations.owner')}</Table.Th>
                <Table.Th ta="right">{t('backoffice:organizations.members')}</Table.Th>
                <Table.Th ta="right">{t('backoffice:organizations.media')}</Table.Th>
                <Table.Th>{t('backoffice:common.created')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orgs.data.list.map((org) => (
                <Table.Tr key={org._id}>
                  <Table.Td><Anchor component={Link} to={`/backoffice/organizations/${org._id}`} size="sm">{org.name}</Anchor></Table.Td>
                  <Table.Td><Text size="sm">{ownerOf(org)}</Text></Table.Td>
                  <Table.Td ta="right"><Text size="sm">{number.format(org.statistics.memberCount)}</Text></Table.Td>
                  <Table.Td ta="right"><Text size="sm">{number.format(org.statistics.mediaCount)}</Text></Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}><Text size="sm">{formatDate(org.created)}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{t('backoffice:organizations.total', { count: orgs.data?.count ?? 0 })}</Text>
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
      <CreateOrganizationModal opened={creating} onClose={close} />
    </Stack>
  );
}
