/**
 * /backoffice/aiProfiles: every AI profile of the platform (global and per organization) with its
 * availability; creation and edition in a modal, deletion after a confirmation.
 */
import { ActionIcon, Alert, Button, Group, Loader, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { AiProfile } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AvailabilityBadge } from '../../components/AvailabilityBadge.tsx';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { AiProfileForm } from './AiProfileForm.tsx';
import { ProfileNameCell } from './ProfileFormParts.tsx';
import { useAdminAiProfiles, useDeleteAiProfile } from './aiProfilesApi.ts';
import { useScopeOrganizations } from './transcriberProfilesApi.ts';

/** null: closed; "new": creating; else the profile edited. */
type Editing = null | 'new' | AiProfile;

export function AiProfilesPage() {
  const { t } = useTranslation(['aiProfiles', 'common']);
  const profiles = useAdminAiProfiles();
  const organizations = useScopeOrganizations();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AiProfile | null>(null);
  const organizationName = (id: string) => organizations.data?.find((o) => o._id === id)?.name ?? id;
  const close = () => setEditing(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('aiProfiles:title')}</Title>
          <Text c="dimmed">{t('aiProfiles:subtitle')}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('aiProfiles:create')}
        </Button>
      </Group>
      {profiles.isPending && <Loader aria-label={t('common:app.loading')} />}
      {profiles.isError && (
        <Alert color="red" role="alert">
          {t('aiProfiles:loadError')}
        </Alert>
      )}
      {profiles.data && profiles.data.length === 0 && <Text c="dimmed">{t('aiProfiles:empty')}</Text>}
      {profiles.data && profiles.data.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover aria-label={t('aiProfiles:title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('aiProfiles:name')}</Table.Th>
                <Table.Th>{t('aiProfiles:model')}</Table.Th>
                <Table.Th>{t('aiProfiles:endpoint')}</Table.Th>
                <Table.Th>{t('aiProfiles:scope')}</Table.Th>
                <Table.Th>{t('aiProfiles:availability')}</Table.Th>
                <Table.Th w={90}>
                  <VisuallyHidden>{t('aiProfiles:actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {profiles.data.map((profile) => (
                <Table.Tr key={profile._id} data-testid="ai-profile-row">
                  <Table.Td>
                    <ProfileNameCell name={profile.name} isDefault={profile.isDefault} defaultLabel={t('aiProfiles:default')} description={profile.description} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{profile.config.model}</Text>
                    <Text size="xs" c="dimmed">
                      {t('aiProfiles:contextTokensValue', { count: profile.config.contextTokens })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {profile.config.endpoint}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{profile.organizationId ? organizationName(profile.organizationId) : t('aiProfiles:global')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <AvailabilityBadge availability={profile.availability} showReason />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={t('aiProfiles:editOne', { name: profile.name })} onClick={() => setEditing(profile)}>
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t('aiProfiles:deleteOne', { name: profile.name })} onClick={() => setDeleting(profile)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={editing !== null} onClose={close} title={editing === 'new' ? t('aiProfiles:create') : t('aiProfiles:edit')} centered size="lg">
        {/* Mounted while open only, so every opening starts from the profile as saved. */}
        {editing !== null && <AiProfileForm profile={editing === 'new' ? undefined : editing} onSaved={close} onCancel={close} />}
      </Modal>
      <DeleteAiProfileModal profile={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function DeleteAiProfileModal({ profile, onClose }: { profile: AiProfile | null; onClose: () => void }) {
  const { t } = useTranslation(['aiProfiles', 'common']);
  const remove = useDeleteAiProfile();
  const confirm = () => {
    if (!profile) return;
    remove.mutate(profile._id, {
      onSuccess: () => {
        notifySuccess(t('aiProfiles:deleted', { name: profile.name }));
        onClose();
      },
      onError: (error) => notifyError(error, t('aiProfiles:deleteError')),
    });
  };
  return (
    <ConfirmDelete
      opened={profile !== null}
      title={t('aiProfiles:deleteTitle')}
      message={t('aiProfiles:deleteConfirm', { name: profile?.name ?? '' })}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
