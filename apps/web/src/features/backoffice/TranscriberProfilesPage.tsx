/**
 * /backoffice/transcriberProfiles[/:transcriberProfileId]: every transcriber profile of the platform
 * (global and per organization) below the server's speech models, creation in a modal, deletion of
 * one or several; with an id, that profile's page.
 */
import { ActionIcon, Button, Checkbox, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TranscriberProfile } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PaginatedTable, usePagination } from './PaginatedTable.tsx';
import { SpeechModelsPanel } from './SpeechModelsPanel.tsx';
import { TranscriberProfileDetail } from './TranscriberProfileDetail.tsx';
import { TranscriberProfileModal } from './TranscriberProfileModal.tsx';
import { AvailabilityBadge } from '../../components/AvailabilityBadge.tsx';
import { ProfileNameCell } from './ProfileFormParts.tsx';
import { DeleteProfilesModal, useProfileLabels } from './TranscriberProfileParts.tsx';
import { useAdminTranscriberProfiles, useScopeOrganizations } from './transcriberProfilesApi.ts';

export function TranscriberProfilesPage() {
  const { transcriberProfileId } = useParams();
  return transcriberProfileId ? <TranscriberProfileDetail id={transcriberProfileId} /> : <TranscriberProfilesList />;
}

function TranscriberProfilesList() {
  const { t } = useTranslation(['backoffice', 'common']);
  const pagination = usePagination();
  const profiles = useAdminTranscriberProfiles(pagination.page, pagination.size);
  const organizations = useScopeOrganizations();
  const labels = useProfileLabels();
  const [creating, { open, close }] = useDisclosure(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<TranscriberProfile[]>([]);

  const all = profiles.data?.all ?? [];
  // Only profiles that still exist stay selected.
  const selection = all.filter((p) => selected.includes(p._id));
  const pageItems = profiles.data?.list ?? [];
  const pageSelected = pageItems.filter((p) => selected.includes(p._id)).length;
  const organizationName = (id: string) => organizations.data?.find((o) => o._id === id)?.name ?? id;
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('backoffice:transcriberProfiles.title')}</Title>
          <Text c="dimmed">{t('backoffice:transcriberProfiles.subtitle')}</Text>
        </div>
        <Group>
          {selection.length > 0 && (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(selection)}>
              {t('backoffice:transcriberProfiles.deleteSelected', { count: selection.length })}
            </Button>
          )}
          <Button leftSection={<IconPlus size={16} />} onClick={open}>
            {t('backoffice:transcriberProfiles.create')}
          </Button>
        </Group>
      </Group>
      <SpeechModelsPanel />
      <PaginatedTable
        query={profiles}
        pagination={pagination}
        label={t('backoffice:transcriberProfiles.title')}
        minWidth={900}
        head={
          <>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('backoffice:transcriberProfiles.selectPage')}
                checked={pageItems.length > 0 && pageSelected === pageItems.length}
                indeterminate={pageSelected > 0 && pageSelected < pageItems.length}
                onChange={(event) => {
                  const ids = pageItems.map((p) => p._id);
                  const on = event.currentTarget.checked;
                  setSelected((s) => (on ? [...new Set([...s, ...ids])] : s.filter((x) => !ids.includes(x))));
                }}
              />
            </Table.Th>
            <Table.Th>{t('backoffice:transcriberProfiles.name')}</Table.Th>
            <Table.Th>{t('backoffice:transcriberProfiles.type')}</Table.Th>
            <Table.Th>{t('backoffice:transcriberProfiles.languages')}</Table.Th>
            <Table.Th>{t('backoffice:transcriberProfiles.scope')}</Table.Th>
            <Table.Th>{t('backoffice:transcriberProfiles.availability')}</Table.Th>
            <Table.Th w={50}>
              <VisuallyHidden>{t('common:actions.delete')}</VisuallyHidden>
            </Table.Th>
          </>
        }
        row={(profile) => (
          <Table.Tr key={profile._id}>
            <Table.Td>
              <Checkbox
                aria-label={t('backoffice:transcriberProfiles.select', { name: profile.name })}
                checked={selected.includes(profile._id)}
                onChange={(event) => toggle(profile._id, event.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td>
              <ProfileNameCell
                name={profile.name}
                isDefault={profile.isDefault}
                defaultLabel={t('backoffice:transcriberProfiles.default')}
                to={`/backoffice/transcriberProfiles/${profile._id}`}
              />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{labels.type(profile.type)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{labels.languages(profile.languages)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{profile.organizationId ? organizationName(profile.organizationId) : t('backoffice:transcriberProfiles.global')}</Text>
            </Table.Td>
            <Table.Td>
              <AvailabilityBadge availability={profile.availability} showReason />
            </Table.Td>
            <Table.Td>
              <ActionIcon variant="subtle" color="red" aria-label={t('backoffice:transcriberProfiles.deleteOne', { name: profile.name })} onClick={() => setDeleting([profile])}>
                <IconTrash size={16} />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        )}
        empty={t('backoffice:transcriberProfiles.empty')}
        total={(count) => t('backoffice:transcriberProfiles.total', { count })}
      />
      <TranscriberProfileModal opened={creating} onClose={close} />
      <DeleteProfilesModal profiles={deleting} onClose={() => setDeleting([])} onDeleted={(ids) => setSelected((s) => s.filter((id) => !ids.includes(id)))} />
    </Stack>
  );
}
