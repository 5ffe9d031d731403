/** Organization roles (spec §6) and what the caller may hand out (same rule as the server's policy). */
import { ASSIGNABLE_ORGANIZATION_ROLES, ORGANIZATION_ROLE, organizationRoleName } from '@palabre/shared';
import { useTranslation } from 'react-i18next';

export function useOrganizationRoleLabel() {
  const { t } = useTranslation('organizations');
  return (level: number) => t(`roles.${organizationRoleName(level)}`);
}

/** Roles the caller may give when inviting: up to their own level, never owner. */
export function invitableRoles(myLevel: number): number[] {
  return ASSIGNABLE_ORGANIZATION_ROLES.filter((role) => role <= myLevel);
}

/** Whether the caller may change a member's role from `current` to `next`. */
export function mayAssignRole(myLevel: number, current: number, next: number): boolean {
  if (myLevel < ORGANIZATION_ROLE.ADMIN) return false;
  if (myLevel >= ORGANIZATION_ROLE.OWNER) return current < ORGANIZATION_ROLE.OWNER;
  return current < myLevel && next <= myLevel;
}

export function mayRemoveMember(myLevel: number, role: number): boolean {
  if (myLevel < ORGANIZATION_ROLE.ADMIN || role >= ORGANIZATION_ROLE.OWNER) return false;
  return myLevel >= ORGANIZATION_ROLE.OWNER || role < myLevel;
}
