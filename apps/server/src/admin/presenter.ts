import type { UserRow } from '../http/auth.ts';
import type { OrganizationRow } from '../organizations/repo.ts';
import { presentUser } from '../users/presenter.ts';

/** An account as the backoffice shows it: the profile and the organizations it belongs to, with its level in each. */
export function presentAccount(user: UserRow, organizations: Array<{ org: OrganizationRow; level: number }>) {
  return {
    ...presentUser(user),
    organizations: organizations.map(({ org, level }) => ({ _id: org.id, name: org.name, role: level })),
  };
}
