import type { Organization } from '@palabre/shared';
import { organizationAbilities, type ApiKeyCap } from '../policy.ts';
import { presentPublicUser } from '../users/presenter.ts';
import type { UserRow } from '../http/auth.ts';
import type { OrganizationRow } from './repo.ts';

export interface OrganizationDetails {
  org: OrganizationRow;
  members: Array<{ role: number; user: UserRow }>;
  invitations: Array<{ email: string; role: number }>;
  mediaCount: number;
  /** The caller's level (owner 6); administrators looking from the backoffice see it as 0. */
  level: number;
  /** The caller's API key cap, when they came with a key: the abilities it leaves. */
  cap?: ApiKeyCap | null | undefined;
}

export function presentOrganization({ org, members, invitations, mediaCount, level, cap }: OrganizationDetails): Organization {
  return {
    _id: org.id,
    name: org.name,
    description: org.description,
    owner: org.ownerId,
    visibility: org.visibility,
    users: members.map(({ user, role }) => ({
      ...presentPublicUser(user),
      userId: user.id,
      role: user.id === org.ownerId ? 6 : role,
    })),
    invitations: invitations.map((i) => ({ email: i.email, role: i.role, state: 'pending' as const })),
    permissions: org.permissions,
    matchingEmails: org.matchingEmails,
    statistics: { mediaCount, memberCount: members.length },
    myRole: level,
    abilities: organizationAbilities(level, org, cap),
    created: org.createdAt.toISOString(),
    last_update: org.updatedAt.toISOString(),
  };
}
