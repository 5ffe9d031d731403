/** Leaving the organization (members, not the owner) and deleting it (owner only). */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Organization } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearOrganizationScope, readOrganizationScope } from '../../../api/cookies.ts';
import { queryKeys } from '../../../api/queries.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { DeleteOrganizationModal } from './DeleteOrganizationModal.tsx';
import { deleteOrganization, leaveOrganization } from './organizationApi.ts';

export function DangerZone({ org }: { org: Organization }) {
  const { t } = useTranslation(['organizations', 'common']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [deleting, setDeleting] = useState(false);

  const gone = async (message: string) => {
    if (readOrganizationScope() === org._id) clearOrganizationScope();
    // Refresh the list only (not this page's query, which would now fail), then leave.
    await client.invalidateQueries({ queryKey: queryKeys.organizations, exact: true });
    await navigate('/');
    client.removeQueries({ queryKey: queryKeys.organization(org._id) });
    notifySuccess(message);
  };
  const leave = useMutation({
    mutationFn: () => leaveOrganization(org._id),
    onSuccess: () => gone(t('organizations:leave.done', { name: org.name })),
    onError: (err) => notifyError(err, t('organizations:leave.error')),
  });
  const remove = useMutation({
    mutationFn: () => deleteOrganization(org._id),
    onSuccess: () => {
      setDeleting(false);
      return gone(t('organizations:delete.done', { name: org.name }));
    },
    onError: (err) => notifyError(err, t('organizations:delete.error')),
  });

  if (!org.abilities.leave && !org.abilities.delete) return null;
  const confirmLeave = () =>
    modals.openConfirmModal({
      title: t('organizations:leave.title'),
      children: <Text size="sm">{t('organizations:leave.warning', { name: org.name })}</Text>,
      labels: { confirm: t('organizations:leave.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => leave.mutate(),
    });

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="org-danger-title" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack>
        <Title order={2} size="h3" id="org-danger-title" c="red.7">
          {t('organizations:danger.title')}
        </Title>
        {org.abilities.leave && (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" style={{ flex: 1 }}>
              {t('organizations:leave.explanation')}
            </Text>
            <Button variant="outline" color="red" onClick={confirmLeave} loading={leave.isPending}>
              {t('organizations:leave.button')}
            </Button>
          </Group>
        )}
        {org.abilities.delete && (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" style={{ flex: 1 }}>
              {t('organizations:delete.explanation')}
            </Text>
            <Button color="red" onClick={() => setDeleting(true)}>
              {t('organizations:delete.button')}
            </Button>
          </Group>
        )}
      </Stack>
      <DeleteOrganizationModal opened={deleting} name={org.name} loading={remove.isPending} onClose={() => setDeleting(false)} onConfirm={() => remove.mutate()} />
    </Paper>
  );
}
