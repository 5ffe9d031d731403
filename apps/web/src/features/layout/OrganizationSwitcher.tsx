/** Organization switcher of the header, plus the "create an organization" link when the platform role allows it. */
import { ActionIcon, Group, Select, Text, Tooltip } from '@mantine/core';
import { canCreateOrganization } from '@palabre/shared';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { useOrganizationScope } from '../organizations/OrganizationScope.tsx';

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
        comboboxProps={{ withinPortal: true }}
      />
      {canCreateOrganization(role) && (
        <Tooltip label={t('organizationSwitcher.create')}>
          <ActionIcon
            visibleFrom="sm" component={Link} to={paths.organizationCreate} variant="light" size="lg" aria-label={t('organizationSwitcher.create')}>
            <IconPlus size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
