/** The platform role bitmask (docs/PRODUCT.md, Roles and permissions) as one checkbox per flag. */
import { Checkbox, Stack } from '@mantine/core';
import { PLATFORM_ROLE, hasPlatformFlag, type PlatformRoleName } from '@palabre/shared';
import { useTranslation } from 'react-i18next';

export const PLATFORM_FLAGS = (Object.keys(PLATFORM_ROLE) as PlatformRoleName[]).filter((name) => PLATFORM_ROLE[name] !== 0);

export function usePlatformRoleLabel() {
  const { t } = useTranslation('settings');
  return (name: PlatformRoleName) => t(`platformRoles.${name}`);
}

/** Names of the flags held, translated, for tables. */
export function usePlatformRoleSummary() {
  const label = usePlatformRoleLabel();
  const { t } = useTranslation('settings');
  return (role: number) => {
    const names = PLATFORM_FLAGS.filter((name) => hasPlatformFlag(role, PLATFORM_ROLE[name])).map(label);
    return names.length ? names.join(', ') : t('platformRoles.NONE');
  };
}

export interface PlatformRoleCheckboxesProps {
  label: string;
  description?: string;
  value: number;
  onChange: (next: number, flag: PlatformRoleName, checked: boolean) => void;
  /** Whether a flag may be changed in its current state (e.g. only turned off). */
  canToggle?: (flag: PlatformRoleName, checked: boolean) => boolean;
  disabled?: boolean;
}

export function PlatformRoleCheckboxes({ label, description, value, onChange, canToggle, disabled }: PlatformRoleCheckboxesProps) {
  const roleLabel = usePlatformRoleLabel();
  return (
    <Checkbox.Group label={label} description={description} value={PLATFORM_FLAGS.filter((f) => hasPlatformFlag(value, PLATFORM_ROLE[f]))}>
      <Stack gap="xs" mt="xs">
        {PLATFORM_FLAGS.map((flag) => {
          const checked = hasPlatformFlag(value, PLATFORM_ROLE[flag]);
          return (
            <Checkbox
              key={flag}
              value={flag}
              label={roleLabel(flag)}
              disabled={disabled || (canToggle ? !canToggle(flag, checked) : false)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                onChange(on ? value | PLATFORM_ROLE[flag] : value & ~PLATFORM_ROLE[flag], flag, on);
              }}
            />
          );
        })}
      </Stack>
    </Checkbox.Group>
  );
}
