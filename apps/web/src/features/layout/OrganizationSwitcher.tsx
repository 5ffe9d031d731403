/**
 * Organization switcher of the header, plus the "create an organization" link when the platform
 * role allows it, and the invitations waiting for an answer when there are some.
 */
import { ActionIcon, Group, Indicator, Popover, Select, Text, Tooltip } from '@mantine/core';
import { canCreateOrganization } from '@palabre/shared';
import { IconMail, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { PendingInvitations } from '../organizations/PendingInvitations.tsx';
import { usePendingInvitations } from '../organizations/invitationsApi.ts';

export function OrganizationSwitcher({ role }: { role: number }) {
  const { t } = useTranslation('layout');
  const { organizations, current, setScope } = useOrganizationScope();
  return (
    <Group gap={6} wrap="nowrap">
      <Select
        aria-label={t('organizationSwitcher.label')}
        data={organizations.map((o) => ({ value: o._id, label: o.name }))}
        value={current?._id ?? null}
        onChange={(id) => id && id !== current?._id && setScope(id)}
        allowDeselect={false}
        searchable={organizations.length > 7}
        w={{ base: 140, sm: 240 }}
        // Long names end with an ellipsis; the full name is in the title and in the options' titles.
        title={current?.name}
        styles={{ input: { textOverflow: 'ellipsis' } }}
        renderOption={({ option }) => (
          <Text size="sm" truncate="end" title={option.label} maw="100%">
            {option.label}
          </Text>
        )}
        // The list is rendered when opened only: kept mounted (hidden), it is positioned on every page's
        // first render, a forced layout while the page loads.
        comboboxProps={{ withinPortal: true, keepMounted: false }}
      />
      <InvitationsButton />
      {canCreateOrganization(role) && (
        <Tooltip label={t('organizationSwitcher.create')}>
          <ActionIcon visibleFrom="sm" component={Link} to={paths.organizationCreate} variant="light" size="lg" aria-label={t('organizationSwitcher.create')}>
            <IconPlus size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** A mail button with the number of pending invitations, opening them with Accept and Decline. */
function InvitationsButton() {
  const { t } = useTranslation('organizations');
  const { organizations, setScope } = useOrganizationScope();
  const invitations = usePendingInvitations();
  const [opened, setOpened] = useState(false);
  // The organization just joined becomes the scope once the list of organizations holds it.
  const [joined, setJoined] = useState<string | null>(null);
  useEffect(() => {
    if (joined && organizations.some((o) => o._id === joined)) {
      setJoined(null);
      setScope(joined);
    }
  }, [joined, organizations, setScope]);
  const count = invitations.data?.length ?? 0;
  if (count === 0) return null;
  const label = t('pending.open', { count });
  return (
    <Indicator label={count} size={16} offset={4}>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} trapFocus withinPortal shadow="md">
        <Popover.Target>
          <Tooltip label={label}>
            <ActionIcon variant="light" size="lg" aria-label={label} aria-haspopup="dialog" aria-expanded={opened} onClick={() => setOpened((o) => !o)}>
              <IconMail size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown aria-label={label}>
          <PendingInvitations
            titleOrder={2}
            onAccepted={(organization) => {
              setOpened(false);
              setJoined(organization._id);
            }}
          />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
