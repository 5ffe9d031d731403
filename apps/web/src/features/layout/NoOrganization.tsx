/**
 * No-organization screen (docs/PRODUCT.md, Screens and routes): invitations waiting for the user come first (accepting one
 * reloads at the root, inside it); a user at least organization initiator names one (then the page
 * reloads at the root); others learn they cannot create one and that the account is not provisioned.
 * An administrator of the platform (the first one, just set up, has no organization) may open the backoffice instead.
 */
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { canCreateOrganization, isSystemAdministratorOrHigher, type User } from '@palabre/shared';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { OrganizationNameForm } from '../organizations/OrganizationNameForm.tsx';
import { PendingInvitations } from '../organizations/PendingInvitations.tsx';

export function NoOrganization({ user }: { user: User }) {
  const { t } = useTranslation('layout');
  const allowed = canCreateOrganization(user.role);
  return (
    <Stack align="center" py="xl" px="md">
      <Paper withBorder radius="md" p="xl" w="100%" maw={460}>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('noOrganization.title')}
          </Title>
          <PendingInvitations onAccepted={() => location.assign('/')} />
          {allowed ? (
            <>
              <Text c="dimmed">{t('noOrganization.createIntro')}</Text>
              <OrganizationNameForm onCreated={() => location.assign('/')} />
            </>
          ) : (
            <>
              <Text>{t('noOrganization.cannotCreate')}</Text>
              <Text c="dimmed">{t('noOrganization.notProvisioned')}</Text>
            </>
          )}
          {isSystemAdministratorOrHigher(user.role) && (
            <>
              <Text c="dimmed">{t('noOrganization.backofficeIntro')}</Text>
              <Button component={Link} to={paths.backoffice} variant="light" leftSection={<IconShieldLock size={16} aria-hidden />}>
                {t('noOrganization.openBackoffice')}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
