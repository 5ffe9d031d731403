/** Members table: name, email, role (editable where the caller may), removal with confirmation. */
import { ActionIcon, Avatar, Group, Paper, Select, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ASSIGNABLE_ORGANIZATION_ROLES, type AssignableOrganizationRole, type Organization, type OrganizationMember } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/queries.ts';
import { fullName } from '../../../components/format.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { InvitationsSection } from './InvitationsSection.tsx';
import { removeMember, updateMember, useStoreOrganization, type OrganizationScope } from './organizationApi.ts';
import { mayAssignRole, mayRemoveMember, useOrganizationRoleLabel } from './roles.ts';

export function MembersSection({ org, scope }: { org: Organization; scope: OrganizationScope }) {
  const { t } = useTranslation(['organizations', 'common']);
  const me = useMe();
  const roleLabel = useOrganizationRoleLabel();
  const store = useStoreOrganization(scope);
  const manage = scope === 'member' && org.abilities.manageMembers;

  const changeRole = useMutation({
    mutationFn: (body: { userId: string; role: AssignableOrganizationRole }) => updateMember(org._id, body),
    onSuccess: (updated) => {
      store(updated);
      notifySuccess(t('organizations:members.roleChanged'));
    },
    onError: (err) => notifyError(err, t('organizations:errors.role')),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => removeMember(org._id, userId),
    onSuccess: (updated) => {
      store(updated);
      notifySuccess(t('organizations:members.removed'));
    },
    onError: (err) => notifyError(err, t('organizations:errors.remove')),
  });

  const confirmRemove = (member: OrganizationMember) =>
    modals.openConfirmModal({
      title: t('organizations:members.removeTitle'),
      children: <Text size="sm">{t('organizations:members.removeText', { name: fullName(member), organization: org.name })}</Text>,
      labels: { confirm: t('organizations:members.removeConfirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(member.userId),
    });

  const roleCell = (member: OrganizationMember) => {
    const self = member.userId === me.data?._id;
    const options = ASSIGNABLE_ORGANIZATION_ROLES.filter((role) => mayAssignRole(org.myRole, member.role, role) || role === member.role);
    if (!manage || self || !mayAssignRole(org.myRole, member.role, member.role)) return <Text size="sm">{roleLabel(member.role)}</Text>;
    return (
      <Select
        aria-label={t('organizations:members.roleOf', { name: fullName(member) })}
        data={options.map((role) => ({ value: String(role), label: roleLabel(role) }))}
        value={String(member.role)}
        allowDeselect={false}
        size="xs"
        w={160}
        disabled={changeRole.isPending}
        onChange={(value) => {
          const role = options.find((option) => String(option) === value);
          if (role) changeRole.mutate({ userId: member.userId, role });
        }}
      />
    );
  };

  const rows = [...org.users]
    .sort((a, b) => b.role - a.role || fullName(a).localeCompare(fullName(b)))
    .map((member) => {
      const self = member.userId === me.data?._id;
      return (
        <Table.Tr key={member.userId}>
          <Table.Td>
            <Group gap="sm" wrap="nowrap">
              <Avatar src={member.picture} alt={fullName(member)} size="sm" radius="xl" name={fullName(member)} color="initials" />
              <Text size="sm" truncate="end" maw={260} title={fullName(member)}>
                {fullName(member)}
                {self && (
                  <Text span c="dimmed" size="xs">
                    {' '}
                    ({t('organizations:members.you')})
                  </Text>
                )}
              </Text>
            </Group>
          </Table.Td>
          <Table.Td>
            <Text size="sm" truncate="end" maw={260} title={member.email}>
              {member.email}
            </Text>
          </Table.Td>
          <Table.Td>{roleCell(member)}</Table.Td>
          {manage && (
            <Table.Td>
              {!self && mayRemoveMember(org.myRole, member.role) && (
                <Tooltip label={t('organizations:members.remove')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('organizations:members.removeNamed', { name: fullName(member) })} onClick={() => confirmRemove(member)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Table.Td>
          )}
        </Table.Tr>
      );
    });

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="org-members-title">
      <Stack>
        <Title order={2} size="h3" id="org-members-title">
          {t('organizations:members.title')}
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-labelledby="org-members-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('organizations:members.name')}</Table.Th>
                <Table.Th>{t('organizations:members.email')}</Table.Th>
                <Table.Th>{t('organizations:members.role')}</Table.Th>
                {manage && (
                  <Table.Th>
                    <VisuallyHidden>{t('organizations:members.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {scope === 'member' && org.abilities.invite && <InvitationsSection org={org} />}
      </Stack>
    </Paper>
  );
}
