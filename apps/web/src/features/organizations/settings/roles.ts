/** Organization roles (docs/PRODUCT.md, Roles and permissions) and what the caller may hand out (the rules themselves are shared with the server). */
import { organizationRoleName } from '@palabre/shared';
import { useTranslation } from 'react-i18next';

export function useOrganizationRoleLabel() {
  const { t } = useTranslation('organizations');
  return (level: number) => t(`roles.${organizationRoleName(level)}`);
}

export { invitableRoles, mayAssignRole, mayRemoveMember } from '@palabre/shared';
