/** /interface/organizations/create: name → create → the new organization becomes the scope → explore. */
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { canCreateOrganization, type Organization } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '../../api/queries.ts';
import { paths } from '../../routes/paths.ts';
import { OrganizationNameForm } from './OrganizationNameForm.tsx';
import { useOptionalOrganizationScope } from '../../app/OrganizationScope.tsx';

export function CreateOrganizationPage() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const me = useMe();
  const scope = useOptionalOrganizationScope();
  const allowed = me.data ? canCreateOrganization(me.data.role) : false;

  const created = (organization: Organization) => {
    if (scope) {
      scope.setScope(organization._id, { stay: true });
      void navigate(paths.explore);
    } else {
      // First organization: the main area has no scope yet; a full load builds it.
      location.assign(paths.explore);
    }
  };
  return (
    <Stack gap="md" maw={520}>
      <Title order={1} size="h2">
        {t('createOrganization.title')}
      </Title>
      <Paper withBorder p="lg" radius="md">
        {allowed ? (
          <Stack gap="md">
            <Text c="dimmed">{t('createOrganization.intro')}</Text>
            <OrganizationNameForm onCreated={created} />
          </Stack>
        ) : (
          <Alert color="yellow" role="status">
            {t('noOrganization.cannotCreate')}
          </Alert>
        )}
      </Paper>
    </Stack>
  );
}
