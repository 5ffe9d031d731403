/** docs/PRODUCT.md, Roles and permissions: platform roles, organization roles and conversation rights as bit masks. */
import { describe, expect, it } from 'vitest';
import {
  FULL_RIGHTS,
  ORGANIZATION_ROLE,
  PLATFORM_ROLE,
  RIGHT,
  canCreateOrganization,
  hasPlatformFlag,
  hasRight,
  isAtLeast,
  isSystemAdministratorOrHigher,
  organizationRoleName,
  platformRoleFlags,
  rightLabel,
} from '../src/index.ts';

const { USER, ORGANIZATION_INITIATOR, SESSION_OPERATOR, SYSTEM_ADMINISTRATOR, SUPER_ADMINISTRATOR } = PLATFORM_ROLE;

describe('platform roles', () => {
  it('have the values of docs/PRODUCT.md (Roles and permissions)', () => {
    expect(PLATFORM_ROLE).toEqual({
      NONE: 0,
      USER: 1,
      ORGANIZATION_INITIATOR: 2,
      SESSION_OPERATOR: 4,
      SYSTEM_ADMINISTRATOR: 8,
      SUPER_ADMINISTRATOR: 16,
    });
  });

  it('check single roles per bit', () => {
    const role = USER | SESSION_OPERATOR; // 5
    expect(hasPlatformFlag(role, USER)).toBe(true);
    expect(hasPlatformFlag(role, SESSION_OPERATOR)).toBe(true);
    expect(hasPlatformFlag(role, ORGANIZATION_INITIATOR)).toBe(false);
    expect(platformRoleFlags(role)).toEqual(['USER', 'SESSION_OPERATOR']);
    expect(platformRoleFlags(0)).toEqual([]);
    expect(platformRoleFlags(31)).toEqual(['USER', 'ORGANIZATION_INITIATOR', 'SESSION_OPERATOR', 'SYSTEM_ADMINISTRATOR', 'SUPER_ADMINISTRATOR']);
  });

  it('compare "at least" checks numerically, not per bit', () => {
    // 4 (session operator alone) is numerically above organization initiator although bit 2 is unset.
    expect(isAtLeast(SESSION_OPERATOR, ORGANIZATION_INITIATOR)).toBe(true);
    expect(hasPlatformFlag(SESSION_OPERATOR, ORGANIZATION_INITIATOR)).toBe(false);
    expect(isAtLeast(USER, ORGANIZATION_INITIATOR)).toBe(false);
    expect(isAtLeast(USER | ORGANIZATION_INITIATOR, ORGANIZATION_INITIATOR)).toBe(true);
  });

  it('let organization initiators and anything numerically above create organizations', () => {
    expect(canCreateOrganization(0)).toBe(false);
    expect(canCreateOrganization(USER)).toBe(false);
    expect(canCreateOrganization(ORGANIZATION_INITIATOR)).toBe(true);
    expect(canCreateOrganization(USER | ORGANIZATION_INITIATOR)).toBe(true);
    expect(canCreateOrganization(USER | SESSION_OPERATOR)).toBe(true);
  });

  it('treat bit 8 or bit 16 as system administrator or higher', () => {
    expect(isSystemAdministratorOrHigher(SYSTEM_ADMINISTRATOR)).toBe(true);
    expect(isSystemAdministratorOrHigher(SUPER_ADMINISTRATOR)).toBe(true);
    expect(isSystemAdministratorOrHigher(USER | SUPER_ADMINISTRATOR)).toBe(true);
    expect(isSystemAdministratorOrHigher(31)).toBe(true);
    // 7 is numerically close to 8 but holds neither bit.
    expect(isSystemAdministratorOrHigher(USER | ORGANIZATION_INITIATOR | SESSION_OPERATOR)).toBe(false);
    expect(isSystemAdministratorOrHigher(0)).toBe(false);
  });
});

describe('organization roles', () => {
  it('count the owner as 6 and name each level', () => {
    expect(ORGANIZATION_ROLE).toEqual({ NONE: 0, MEMBER: 1, MAINTAINER: 2, ADMIN: 3, OWNER: 6 });
    expect([0, 1, 2, 3, 6].map(organizationRoleName)).toEqual(['none', 'member', 'maintainer', 'admin', 'owner']);
  });
});

describe('conversation rights', () => {
  it('have the values of docs/PRODUCT.md (Roles and permissions)', () => {
    expect(RIGHT).toEqual({ UNDEFINED: 0, READ: 1, COMMENT: 2, WRITE: 4, DELETE: 8, SHARE: 16 });
    expect(FULL_RIGHTS).toBe(31);
  });

  it('are held only when all their bits are set', () => {
    expect(hasRight(RIGHT.READ | RIGHT.WRITE, RIGHT.WRITE)).toBe(true);
    expect(hasRight(RIGHT.READ | RIGHT.WRITE, RIGHT.COMMENT)).toBe(false);
    expect(hasRight(RIGHT.READ, RIGHT.READ | RIGHT.COMMENT)).toBe(false);
    expect(hasRight(RIGHT.READ | RIGHT.COMMENT, RIGHT.READ | RIGHT.COMMENT)).toBe(true);
    expect(hasRight(0, RIGHT.READ)).toBe(false);
  });

  it('show the label of the highest right, checked full, share, write, comment, read, none', () => {
    expect(rightLabel(FULL_RIGHTS)).toBe('full');
    expect(rightLabel(RIGHT.DELETE)).toBe('full');
    expect(rightLabel(RIGHT.READ | RIGHT.SHARE)).toBe('share');
    expect(rightLabel(RIGHT.SHARE | RIGHT.WRITE)).toBe('share');
    expect(rightLabel(RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE)).toBe('write');
    expect(rightLabel(RIGHT.READ | RIGHT.COMMENT)).toBe('comment');
    expect(rightLabel(RIGHT.READ)).toBe('read');
    expect(rightLabel(RIGHT.UNDEFINED)).toBe('none');
  });
});
