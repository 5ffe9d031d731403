/** /interface/organizations/:organizationId — organization settings (docs/PRODUCT.md, Screens and routes). */
import { Alert, Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isMissing } from '../../../api/client.ts';
import { usePublicConfig } from '../../../api/queries.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { ApiKeysPanel } from '../../apiKeys/ApiKeysPanel.tsx';
import { useFormatDate } from '../../../components/format.ts';
import { DangerZone } from './DangerZone.tsx';
import { GeneralSection } from './GeneralSection.tsx';
import { MatchingEmailsSection } from './MatchingEmailsSection.tsx';
import { MembersSection } from './MembersSection.tsx';
import { useOrganization } from './organizationApi.ts';
import { PermissionsSection } from './PermissionsSection.tsx';
import { useOrganizationRoleLabel } from './roles.ts';
import { StatisticsSection } from './StatisticsSection.tsx';
import { TranscriberProfilesNote } from './TranscriberProfilesNote.tsx';
import { WebhooksSection } from '../../webhooks/WebhooksSection.tsx';

export function OrganizationSettingsPage() {
  const { organizationId } = useParams();
  const { t } = useTranslation(['organizations', 'common']);
  const invitationsDisabled = usePublicConfig().data?.invitationsDisabled ?? false;
  const query = useOrganization('member', organizationId);
  const roleLabel = useOrganizationRoleLabel();
  const formatDate = useFormatDate();

  if (query.isPending) {
    return <CenteredLoader />;
  }
  if (!query.data) {
    const missing = isMissing(query.error);
    return (
      <Container size="sm" py="xl">
        <Alert color={missing ? 'gray' : 'red'} title={missing ? t('organizations:notFound') : t('organizations:loadError')}>
          {missing ? null : query.error?.message}
        </Alert>
      </Container>
    );
  }
  const org = query.data;
  const editable = org.abilities.update;
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <div>
          <Group gap="sm" align="center">
            <Title order={1}>{org.name}</Title>
            <Badge variant="light">{roleLabel(org.myRole)}</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('organizations:createdOn', { date: formatDate(org.created) })}
          </Text>
        </div>
        <GeneralSection org={org} scope="member" editable={editable} />
        <StatisticsSection org={org} />
        <MembersSection org={org} scope="member" />
        <PermissionsSection org={org} scope="member" editable={editable} />
        {org.abilities.manageMembers && <MatchingEmailsSection org={org} scope="member" editable={editable} canInvite={org.abilities.manageMembers && !invitationsDisabled} />}
        {org.abilities.manageMembers && <ApiKeysPanel owner={org._id} />}
        <TranscriberProfilesNote />
        {editable && <WebhooksSection organizationId={org._id} />}
        <DangerZone org={org} />
      </Stack>
    </Container>
  );
}
