/**
 * The invitations waiting for the signed-in user, each with Accept and Decline. Shown on the
 * no-organization screen and from the organization switcher; nothing when there are none.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Organization, PendingInvitation } from '@palabre/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useOrganizationRoleLabel } from './settings/roles.ts';
import { useAnswerInvitation, usePendingInvitations, type InvitationAnswer } from './invitationsApi.ts';

type Answer = UseMutationResult<Organization | null, Error, InvitationAnswer>;

interface Props {
  /** Called with the organization just joined. */
  onAccepted?: (organization: Organization) => void;
  /** Heading level of the list's title, to fit where it is shown. */
  titleOrder?: 2 | 3 | 4;
}

export function PendingInvitations({ onAccepted, titleOrder = 2 }: Props) {
  const { t } = useTranslation('organizations');
  const invitations = usePendingInvitations();
  const list = invitations.data ?? [];
  const answer = useAnswerInvitation((variables, joined) => {
    const organization = list.find((i) => i.organization._id === variables.organizationId)?.organization.name ?? joined?.name ?? '';
    notifySuccess(t(variables.answer === 'accept' ? 'pending.accepted' : 'pending.declined', { organization }));
    if (joined) onAccepted?.(joined);
  });
  if (list.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="pending-invitations-title">
      <div>
        <Title order={titleOrder} size="h4" id="pending-invitations-title">
          {t('pending.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('pending.intro')}
        </Text>
      </div>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((invitation) => (
          <InvitationItem key={invitation.organization._id} invitation={invitation} answer={answer} />
        ))}
      </Stack>
    </Stack>
  );
}

function InvitationItem({ invitation, answer }: { invitation: PendingInvitation; answer: Answer }) {
  const { t } = useTranslation('organizations');
  const roleLabel = useOrganizationRoleLabel();
  const mine = answer.isPending && answer.variables?.organizationId === invitation.organization._id;
  const organization = invitation.organization.name;
  const role = roleLabel(invitation.role);
  const inviter = invitation.invitedBy ? `${invitation.invitedBy.firstname} ${invitation.invitedBy.lastname}`.trim() : '';

  const respond = (kind: 'accept' | 'decline') =>
    answer.mutate({ organizationId: invitation.organization._id, answer: kind }, { onError: (error) => notifyError(error, t('pending.error')) });

  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      <Stack gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {organization}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {inviter ? t('pending.from', { name: inviter, role }) : t('pending.asRole', { role })}
          </Text>
        </div>
        <Group gap="xs" justify="flex-end">
          <Button
            size="xs"
            variant="default"
            aria-label={t('pending.declineFor', { organization })}
            loading={mine && answer.variables?.answer === 'decline'}
            disabled={answer.isPending}
            onClick={() => respond('decline')}
          >
            {t('pending.decline')}
          </Button>
          <Button
            size="xs"
            aria-label={t('pending.acceptFor', { organization })}
            loading={mine && answer.variables?.answer === 'accept'}
            disabled={answer.isPending}
            onClick={() => respond('accept')}
          >
            {t('pending.accept')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
