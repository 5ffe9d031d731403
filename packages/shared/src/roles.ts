/** Platform roles, organization roles and conversation rights (docs/PRODUCT.md, Roles and permissions). */
import { OWNER_ROLE_LEVEL } from './constants.ts';

export const PLATFORM_ROLE = {
  NONE: 0,
  USER: 1,
  ORGANIZATION_INITIATOR: 2,
  SESSION_OPERATOR: 4,
  SYSTEM_ADMINISTRATOR: 8,
  SUPER_ADMINISTRATOR: 16,
} as const;
export type PlatformRoleName = keyof typeof PLATFORM_ROLE;
export const PLATFORM_ROLE_MAX = 31;

/** Per-bit check: the role holds this flag. */
export function hasPlatformFlag(role: number, flag: number): boolean {
  return (role & flag) === flag;
}
/** "At least" check: numeric comparison (docs/PRODUCT.md, Roles and permissions). */
export function isAtLeast(role: number, flag: number): boolean {
  return role >= flag;
}
export function isSystemAdministratorOrHigher(role: number): boolean {
  return hasPlatformFlag(role, PLATFORM_ROLE.SYSTEM_ADMINISTRATOR) || hasPlatformFlag(role, PLATFORM_ROLE.SUPER_ADMINISTRATOR);
}
export function canCreateOrganization(role: number): boolean {
  return isAtLeast(role, PLATFORM_ROLE.ORGANIZATION_INITIATOR);
}
export function platformRoleFlags(role: number): PlatformRoleName[] {
  return (Object.keys(PLATFORM_ROLE) as PlatformRoleName[]).filter((name) => {
    const flag = PLATFORM_ROLE[name];
    return flag !== 0 && hasPlatformFlag(role, flag);
  });
}

/** Organization roles: stored numeric level per member; the owner counts as 6. */
export const ORGANIZATION_ROLE = {
  NONE: 0,
  MEMBER: 1,
  MAINTAINER: 2,
  ADMIN: 3,
  OWNER: OWNER_ROLE_LEVEL,
} as const;
export const ASSIGNABLE_ORGANIZATION_ROLES = [ORGANIZATION_ROLE.MEMBER, ORGANIZATION_ROLE.MAINTAINER, ORGANIZATION_ROLE.ADMIN] as const;
export type AssignableOrganizationRole = (typeof ASSIGNABLE_ORGANIZATION_ROLES)[number];
export function organizationRoleName(level: number): 'owner' | 'admin' | 'maintainer' | 'member' | 'none' {
  if (level >= ORGANIZATION_ROLE.OWNER) return 'owner';
  if (level >= ORGANIZATION_ROLE.ADMIN) return 'admin';
  if (level >= ORGANIZATION_ROLE.MAINTAINER) return 'maintainer';
  if (level >= ORGANIZATION_ROLE.MEMBER) return 'member';
  return 'none';
}

/** Roles a member at `level` may give when inviting: up to their own level, never owner. */
export function invitableRoles(level: number): number[] {
  return ASSIGNABLE_ORGANIZATION_ROLES.filter((role) => role <= level);
}

/**
 * A manager changes the roles of members below their own level, to at most their own level;
 * the owner may change anyone but themselves.
 */
export function mayAssignRole(level: number, current: number, next: number): boolean {
  if (level < ORGANIZATION_ROLE.ADMIN) return false;
  if (level >= ORGANIZATION_ROLE.OWNER) return current < ORGANIZATION_ROLE.OWNER;
  return current < level && next <= level;
}

/** Admins remove members below their own level; the owner removes anyone else; nobody removes the owner. */
export function mayRemoveMember(level: number, role: number): boolean {
  if (level < ORGANIZATION_ROLE.ADMIN || role >= ORGANIZATION_ROLE.OWNER) return false;
  return level >= ORGANIZATION_ROLE.OWNER || role < level;
}

/** Conversation rights bitmask: a right is held when all its bits are set. */
export const RIGHT = {
  UNDEFINED: 0,
  READ: 1,
  COMMENT: 2,
  WRITE: 4,
  DELETE: 8,
  SHARE: 16,
} as const;
export const FULL_RIGHTS = RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE | RIGHT.DELETE | RIGHT.SHARE;
export function hasRight(mask: number, right: number): boolean {
  return (mask & right) === right;
}

/** Right label shown, checked from highest to lowest (docs/PRODUCT.md, States). */
export type RightLabel = 'full' | 'share' | 'write' | 'comment' | 'read' | 'none';
export function rightLabel(mask: number): RightLabel {
  if (hasRight(mask, RIGHT.DELETE)) return 'full';
  if (hasRight(mask, RIGHT.SHARE)) return 'share';
  if (hasRight(mask, RIGHT.WRITE)) return 'write';
  if (hasRight(mask, RIGHT.COMMENT)) return 'comment';
  if (hasRight(mask, RIGHT.READ)) return 'read';
  return 'none';
}
