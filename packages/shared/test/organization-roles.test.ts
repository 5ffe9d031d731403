import { describe, expect, it } from 'vitest';
import { ORGANIZATION_ROLE } from '@palabre/shared';
import { invitableRoles, mayAssignRole, mayRemoveMember } from '../src/roles.ts';

const { MEMBER, MAINTAINER, ADMIN, OWNER } = ORGANIZATION_ROLE;

describe('organization role rules (server policy and settings screen)', () => {
  it('lets people invite up to their own level, never as owner', () => {
    expect(invitableRoles(MEMBER)).toEqual([MEMBER]);
    expect(invitableRoles(MAINTAINER)).toEqual([MEMBER, MAINTAINER]);
    expect(invitableRoles(OWNER)).toEqual([MEMBER, MAINTAINER, ADMIN]);
  });

  it('lets the owner change anyone but the owner', () => {
    expect(mayAssignRole(OWNER, ADMIN, MEMBER)).toBe(true);
    expect(mayAssignRole(OWNER, OWNER, ADMIN)).toBe(false);
  });

  it('lets an admin change only members below them, up to admin', () => {
    expect(mayAssignRole(ADMIN, MAINTAINER, ADMIN)).toBe(true);
    expect(mayAssignRole(ADMIN, ADMIN, MEMBER)).toBe(false);
    expect(mayAssignRole(MAINTAINER, MEMBER, MAINTAINER)).toBe(false);
  });

  it('never offers to remove the owner, and admins only remove lower roles', () => {
    expect(mayRemoveMember(OWNER, ADMIN)).toBe(true);
    expect(mayRemoveMember(OWNER, OWNER)).toBe(false);
    expect(mayRemoveMember(ADMIN, MAINTAINER)).toBe(true);
    expect(mayRemoveMember(ADMIN, ADMIN)).toBe(false);
    expect(mayRemoveMember(MAINTAINER, MEMBER)).toBe(false);
  });
});
