/** /backoffice/organizations: every organization of the platform, with organization creation. */
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { Organization } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullName, useFormatDate } from '../../components/format.ts';
import { useAdminOrganizations } from './backofficeApi.ts';
import { CreateOrganizationModal } from './CreateOrganizationModal.tsx';
import { PaginatedTable, usePagination } from './PaginatedTable.tsx';

export function ownerOf(org: Organization) {
  const owner = org.users.find((u) => u.userId === org.owner);
  return owner ? fullName(owner) : '—';
}

export function OrganizationsListPage() {
  const { t, i18n } = useTranslation(['backoffice', 'common']);
  const pagination = usePagination();
  const [creating, { open, close }] = useDisclosure(false);
  const orgs = useAdminOrganizations(pagination.page, pagination.size);
  const formatDate = useFormatDate();
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('backoffice:organizations.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={open}>
          {t('backoffice:organizations.create')}
        </Button>
      </Group>
      <PaginatedTable
        query={orgs}
        pagination={pagination}
        label={t('backoffice:organizations.title')}
        minWidth={720}
        head={
          <>
            <Table.Th>{t('backoffice:organizations.name')}</Table.Th>
            <Table.Th>{t('backoffice:organizations.owner')}</Table.Th>
            <Table.Th ta="right">{t('backoffice:organizations.members')}</Table.Th>
            <Table.Th ta="right">{t('backoffice:organizations.media')}</Table.Th>
            <Table.Th>{t('backoffice:common.created')}</Table.Th>
          </>
        }
        row={(org) => (
          <Table.Tr key={org._id}>
            <Table.Td>
              <Anchor component={Link} to={`/backoffice/organizations/${org._id}`} size="sm" title={org.name} truncate="end" display="block" maw={260}>
                {org.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm" truncate="end" maw={220} title={ownerOf(org)}>
                {ownerOf(org)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{number.format(org.statistics.memberCount)}</Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{number.format(org.statistics.mediaCount)}</Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatDate(org.created)}</Text>
            </Table.Td>
          </Table.Tr>
        )}
        empty={t('backoffice:organizations.empty')}
        total={(count) => t('backoffice:organizations.total', { count })}
      />
      <CreateOrganizationModal opened={creating} onClose={close} />
    </Stack>
  );
}
