/** The policy module: who may do what in an organization. */
import { describe, expect, it } from 'vitest';
import { ORGANIZATION_ROLE, PLATFORM_ROLE } from '@palabre/shared';
import { mayAssignRole, organizationAbilities, organizationLevel, platform, type OrganizationFacts } from '../../src/policy.ts';

const { NONE, MEMBER, MAINTAINER, ADMIN, OWNER } = ORGANIZATION_ROLE;
const open: OrganizationFacts = { ownerId: 'owner', permissions: { upload: true, summary: true, session: true } };
const locked: OrganizationFacts = { ownerId: 'owner', permissions: { upload: false, summary: false, session: false } };

describe('organizationLevel', () => {
  it('counts the owner as 6 whatever is stored, members by their stored role, strangers as 0', () => {
    expect(organizationLevel({ id: 'owner', role: 1 }, open, 1)).toBe(6);
    expect(organizationLevel({ id: 'owner', role: 1 }, open, null)).toBe(6);
    expect(organizationLevel({ id: 'u', role: 31 }, open, MAINTAINER)).toBe(MAINTAINER);
    // Platform administrators are not organization members by virtue of their platform role.
    expect(organizationLevel({ id: 'u', role: 31 }, open, null)).toBe(0);
  });
});

describe('organizationAbilities', () => {
  it('gives a non-member nothing', () => {
    expect(Object.values(organizationAbilities(NONE, open)).every((v) => v === false)).toBe(true);
  });

  it('lets a member read, leave and use the permitted tools only', () => {
    expect(organizationAbilities(MEMBER, open)).toEqual({
      read: true, update: false, delete: false, invite: false, manageMembers: false, leave: true,
      upload: true, summary: true, session: true,
    });
    const restricted = organizationAbilities(MEMBER, locked);
    expect([restricted.upload, restricted.summary, restricted.session]).toEqual([false, false, false]);
  });

  it('lets a maintainer invite and keep every tool even when members lose them', () => {
    const a = organizationAbilities(MAINTAINER, locked);
    expect(a).toMatchObject({ read: true, invite: true, update: false, manageMembers: false, delete: false, leave: true });
    expect([a.upload, a.summary, a.session]).toEqual([true, true, true]);
  });

  it('lets an admin update and manage members but not delete', () => {
    expect(organizationAbilities(ADMIN, open)).toMatchObject({ update: true, manageMembers: true, invite: true, delete: false, leave: true });
  });

  it('lets only the owner delete, and the owner cannot leave', () => {
    expect(organizationAbilities(OWNER, open)).toMatchObject({ delete: true, update: true, manageMembers: true, leave: false });
  });
});

describe('mayAssignRole', () => {
  it('refuses members and maintainers', () => {
    expect(mayAssignRole(MEMBER, MEMBER, MEMBER)).toBe(false);
    expect(mayAssignRole(MAINTAINER, MEMBER, MAINTAINER)).toBe(false);
    expect(mayAssignRole(MAINTAINER, MEMBER, ADMIN)).toBe(false);
  });

  it('lets an admin change roles of members and maintainers', () => {
    expect(mayAssignRole(ADMIN, MEMBER, MAINTAINER)).toBe(true);
    expect(mayAssignRole(ADMIN, MAINTAINER, MEMBER)).toBe(true);
  });

  it('does not let an admin touch another admin or the owner', () => {
    expect(mayAssignRole(ADMIN, ADMIN, MEMBER)).toBe(false);
    expect(mayAssignRole(ADMIN, OWNER, MEMBER)).toBe(false);
  });

  it('lets the owner change anyone but the owner', () => {
    expect(mayAssignRole(OWNER, ADMIN, MEMBER)).toBe(true);
    expect(mayAssignRole(OWNER, MEMBER, ADMIN)).toBe(true);
    expect(mayAssignRole(OWNER, OWNER, ADMIN)).toBe(false);
  });
});

describe('platform', () => {
  it('lets organization initiators create organizations and system administrators use the backoffice', () => {
    expect(platform.createOrganization({ id: 'u', role: PLATFORM_ROLE.USER })).toBe(false);
    expect(platform.createOrganization({ id: 'u', role: PLATFORM_ROLE.USER | PLATFORM_ROLE.ORGANIZATION_INITIATOR })).toBe(true);
    expect(platform.backoffice({ id: 'u', role: 7 })).toBe(false);
    expect(platform.backoffice({ id: 'u', role: PLATFORM_ROLE.SYSTEM_ADMINISTRATOR })).toBe(true);
    expect(platform.backoffice({ id: 'u', role: PLATFORM_ROLE.SUPER_ADMINISTRATOR })).toBe(true);
  });
});
