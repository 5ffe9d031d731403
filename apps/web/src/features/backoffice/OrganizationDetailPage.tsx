/** /backoffice/organizations/:organizationId: information, members, permissions, visibility, deletion. */
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isMissing } from '../../api/client.ts';
import { paths } from '../../routes/paths.ts';
import { queryKeys } from '../../api/queries.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { DeleteOrganizationModal } from '../organizations/settings/DeleteOrganizationModal.tsx';
import { GeneralSection } from '../organizations/settings/GeneralSection.tsx';
import { MatchingEmailsSection } from '../organizations/settings/MatchingEmailsSection.tsx';
import { MembersSection } from '../organizations/settings/MembersSection.tsx';
import { useOrganization } from '../organizations/settings/organizationApi.ts';
import { PermissionsSection } from '../organizations/settings/PermissionsSection.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useFormatDate } from '../../components/format.ts';
import { backofficeKeys, deleteOrganization } from './backofficeApi.ts';
import { ownerOf } from './OrganizationsListPage.tsx';

export function OrganizationDetailPage() {
  const { organizationId } = useParams();
  const { t, i18n } = useTranslation(['backoffice', 'organizations', 'common']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useOrganization('admin', organizationId);
  const formatDate = useFormatDate();
  const [deleting, setDeleting] = useState(false);
  const number = new Intl.NumberFormat(i18n.language);

  const remove = useMutation({
    mutationFn: () => deleteOrganization(organizationId!),
    onSuccess: async () => {
      const name = query.data?.name ?? '';
      setDeleting(false);
      // Leave the page first so the deleted organization is not fetched again.
      await navigate('/backoffice/organizations');
      client.removeQueries({ queryKey: ['backoffice', 'organizations', organizationId] });
      void client.invalidateQueries({ queryKey: backofficeKeys.organizationsAll });
      void client.invalidateQueries({ queryKey: backofficeKeys.counts });
      void client.invalidateQueries({ queryKey: queryKeys.organizations });
      notifySuccess(t('organizations:delete.done', { name }));
    },
    onError: (err) => notifyError(err, t('organizations:delete.error')),
  });

  if (query.isPending) return <CenteredLoader />;
  if (isMissing(query.error)) return <Navigate to={paths.notFound} replace />;
  if (!query.data)
    return (
      <Alert color="red" title={t('organizations:loadError')}>
        {query.error?.message}
      </Alert>
    );
  const org = query.data;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/backoffice/organizations" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('backoffice:organizations.back')}
        </Group>
      </Anchor>
      <Title order={1}>{org.name}</Title>
      <Paper withBorder p="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {[
            [t('backoffice:organizations.owner'), ownerOf(org)],
            [t('backoffice:common.created'), formatDate(org.created)],
            [t('backoffice:organizations.members'), number.format(org.statistics.memberCount)],
            [t('backoffice:organizations.media'), number.format(org.statistics.mediaCount)],
          ].map(([label, value]) => (
            <Stack gap={2} key={label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Text size="sm">{value}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Paper>
      <GeneralSection org={org} scope="admin" editable />
      <MembersSection org={org} scope="admin" />
      <PermissionsSection org={org} scope="admin" editable />
      <MatchingEmailsSection org={org} scope="admin" editable canInvite={false} />
      <Paper withBorder p="lg" component="section" aria-labelledby="bo-org-danger" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
        <Group justify="space-between">
          <div>
            <Title order={3} id="bo-org-danger" c="red.7">
              {t('organizations:danger.title')}
            </Title>
            <Text size="sm">{t('organizations:delete.explanation')}</Text>
          </div>
          <Button color="red" onClick={() => setDeleting(true)}>
            {t('organizations:delete.button')}
          </Button>
        </Group>
      </Paper>
      <DeleteOrganizationModal opened={deleting} name={org.name} loading={remove.isPending} onClose={() => setDeleting(false)} onConfirm={() => remove.mutate()} />
    </Stack>
  );
}
