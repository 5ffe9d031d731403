/** Invite form (email + role, Member by default) and the pending invitations with a cancel button. */
import { ActionIcon, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ASSIGNABLE_ORGANIZATION_ROLES, DEFAULT_INVITED_ROLE, email as emailRule, type AssignableOrganizationRole, type Organization } from '@palabre/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors } from '../../../components/errorText.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { usePublicConfig } from '../../../api/queries.ts';
import { cancelInvitation, inviteMember, useStoreOrganization } from './organizationApi.ts';
import { invitableRoles, useOrganizationRoleLabel } from './roles.ts';

export function InvitationsSection({ org }: { org: Organization }) {
  const { t } = useTranslation(['organizations', 'common', 'settings']);
  const roleLabel = useOrganizationRoleLabel();
  const store = useStoreOrganization('member');
  // Turned off by whoever runs the server: the pending invitations stay listed, and can be cancelled.
  const invitationsDisabled = usePublicConfig().data?.invitationsDisabled ?? false;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState(String(DEFAULT_INVITED_ROLE));
  const [error, setError] = useState<string | null>(null);

  const invite = useMutation({
    mutationFn: (body: { email: string; role: AssignableOrganizationRole }) => inviteMember(org._id, body),
    onSuccess: (updated, body) => {
      store(updated);
      notifySuccess(t('organizations:invite.sent', { email: body.email }));
      setEmail('');
      setRole(String(DEFAULT_INVITED_ROLE));
    },
    onError: (err) => {
      const fields = fieldErrors(t, err);
      if (fields.email) setError(fields.email);
      else notifyError(err, t('organizations:invite.error'));
    },
  });
  const cancel = useMutation({
    mutationFn: (address: string) => cancelInvitation(org._id, address),
    onSuccess: (updated) => {
      store(updated);
      notifySuccess(t('organizations:invitations.cancelled'));
    },
    onError: (err) => notifyError(err, t('organizations:invitations.cancelError')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = emailRule(email);
    setError(errorText(t, checked.error));
    if (checked.error) return;
    invite.mutate({ email: checked.value, role: ASSIGNABLE_ORGANIZATION_ROLES.find((r) => String(r) === role) ?? DEFAULT_INVITED_ROLE });
  };

  return (
    <Stack mt="md">
      {!invitationsDisabled && (
        <>
          <Title order={3} size="h4">
            {t('organizations:invite.title')}
          </Title>
          <form onSubmit={submit} noValidate aria-label={t('organizations:invite.title')}>
            <Group align="flex-start" wrap="wrap">
              <TextInput
                label={t('organizations:invite.email')}
                type="email"
                autoComplete="off"
                placeholder={t('organizations:invite.placeholder')}
                value={email}
                error={error ?? undefined}
                onChange={(e) => setEmail(e.currentTarget.value)}
                style={{ flex: 1, minWidth: 240 }}
              />
              <Select
                label={t('organizations:invite.role')}
                data={invitableRoles(org.myRole).map((r) => ({ value: String(r), label: roleLabel(r) }))}
                value={role}
                onChange={(value) => value && setRole(value)}
                allowDeselect={false}
                w={180}
              />
              <Button type="submit" mt={25} loading={invite.isPending}>
                {t('organizations:invite.submit')}
              </Button>
            </Group>
          </form>
        </>
      )}
      <Title order={3} size="h4">
        {t('organizations:invitations.title')}
      </Title>
      {org.invitations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('organizations:invitations.none')}
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label={t('organizations:invitations.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('organizations:members.email')}</Table.Th>
              <Table.Th>{t('organizations:members.role')}</Table.Th>
              <Table.Th>{t('organizations:invitations.state')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('organizations:members.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {org.invitations.map((invitation) => (
              <Table.Tr key={invitation.email}>
                <Table.Td>
                  <Text size="sm">{invitation.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{roleLabel(invitation.role)}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color="yellow">
                    {t('organizations:invitations.pending')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {/* The server also lets people cancel invitations they sent; the rest is theirs to decide. */}
                  {invitableRoles(org.myRole).includes(invitation.role) && (
                    <Tooltip label={t('organizations:invitations.cancel')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('organizations:invitations.cancelFor', { email: invitation.email })}
                        loading={cancel.isPending && cancel.variables === invitation.email}
                        onClick={() => cancel.mutate(invitation.email)}
                      >
                        <IconX size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
