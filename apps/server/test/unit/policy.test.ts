/** The policy module: who may do what in an organization. */
import { describe, expect, it } from 'vitest';
import { FULL_RIGHTS, ORGANIZATION_ROLE, PLATFORM_ROLE, RIGHT_LEVELS } from '@palabre/shared';
import {
  conversationRight,
  everyMediaAccess,
  mayAssignRole,
  mayCancelInvitation,
  mayCreateSession,
  mayGrantRight,
  mayOperateSession,
  mayRemoveTemplate,
  mediaAccess,
  sessionAccess,
  transcriptEditAccess,
  subtitleAccess,
  organizationAbilities,
  organizationLevel,
  platform,
  type ConversationFacts,
  type OrganizationFacts,
} from '../../src/policy.ts';

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
      read: true,
      update: false,
      delete: false,
      invite: false,
      manageMembers: false,
      leave: true,
      upload: true,
      summary: true,
      session: true,
      manageTags: false,
    });
    expect(organizationAbilities(MAINTAINER, open).manageTags).toBe(true);
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

describe('mayCancelInvitation', () => {
  const me = { id: 'me', role: PLATFORM_ROLE.USER };
  it("follows the rule for inviting: roles up to the canceller's own, and always the invitations they sent", () => {
    expect(mayCancelInvitation(me, MAINTAINER, { role: ADMIN, invitedBy: 'owner' })).toBe(false);
    expect(mayCancelInvitation(me, MAINTAINER, { role: MAINTAINER, invitedBy: 'owner' })).toBe(true);
    expect(mayCancelInvitation(me, MAINTAINER, { role: ADMIN, invitedBy: 'me' })).toBe(true);
    expect(mayCancelInvitation(me, ADMIN, { role: ADMIN, invitedBy: null })).toBe(true);
    expect(mayCancelInvitation(me, OWNER, { role: ADMIN, invitedBy: 'someone' })).toBe(true);
  });
  it('refuses members and strangers, even for their own past invitations', () => {
    expect(mayCancelInvitation(me, MEMBER, { role: MEMBER, invitedBy: 'me' })).toBe(false);
    expect(mayCancelInvitation(me, NONE, { role: MEMBER, invitedBy: 'me' })).toBe(false);
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

describe('platform roles', () => {
  const { USER, ORGANIZATION_INITIATOR, SESSION_OPERATOR, SYSTEM_ADMINISTRATOR, SUPER_ADMINISTRATOR } = PLATFORM_ROLE;
  const admin = { id: 'a', role: USER | SYSTEM_ADMINISTRATOR };
  const root = { id: 'r', role: 31 };

  it('lets nobody grant a flag they do not hold', () => {
    expect(platform.setRole(admin, USER, USER | SESSION_OPERATOR)).toBe(false);
    expect(platform.setRole(admin, admin.role, admin.role | ORGANIZATION_INITIATOR)).toBe(false);
    expect(platform.setRole(admin, USER | SESSION_OPERATOR, USER | SESSION_OPERATOR | SYSTEM_ADMINISTRATOR)).toBe(true);
    expect(platform.setRole(admin, USER | SESSION_OPERATOR, USER)).toBe(true);
  });

  it('keeps the super administrator flag to super administrators', () => {
    expect(platform.setRole(admin, USER, USER | SUPER_ADMINISTRATOR)).toBe(false);
    expect(platform.setRole(admin, root.role, USER)).toBe(false);
    expect(platform.setRole(root, USER, USER | SUPER_ADMINISTRATOR)).toBe(true);
    expect(platform.setRole({ id: 'u', role: USER }, USER, USER | ORGANIZATION_INITIATOR)).toBe(false);
  });

  it('lets a user only drop flags on their own profile', () => {
    expect(platform.setOwnRole(admin, 31)).toBe(false);
    expect(platform.setOwnRole(admin, USER)).toBe(true);
    expect(platform.setOwnRole(root, USER | SUPER_ADMINISTRATOR)).toBe(true);
  });

  it('keeps administrators from locking themselves out of the backoffice', () => {
    expect(platform.backofficeSelfChange(admin, admin.id, { status: 'suspended' })).toBe(false);
    expect(platform.backofficeSelfChange(admin, admin.id, { delete: true })).toBe(false);
    expect(platform.backofficeSelfChange(admin, admin.id, { role: USER })).toBe(false);
    expect(platform.backofficeSelfChange(admin, admin.id, { role: USER | SUPER_ADMINISTRATOR })).toBe(true);
    expect(platform.backofficeSelfChange(admin, admin.id, { status: 'active' })).toBe(true);
    expect(platform.backofficeSelfChange(admin, 'someone', { status: 'suspended', role: USER })).toBe(true);
    expect(platform.backofficeSelfChange(admin, 'someone', { delete: true })).toBe(true);
  });
});

describe('conversationRight', () => {
  const user = { id: 'u', role: 1 };
  const media = (membersRight: number, ownerId: string | null = 'someone'): ConversationFacts => ({ ownerId, membersRight });
  const { read, comment, write, share } = RIGHT_LEVELS;

  it('gives the media owner and organization admins every right, whatever the custom right', () => {
    expect(conversationRight(user, media(0, 'u'), NONE, 0)).toBe(FULL_RIGHTS);
    expect(conversationRight(user, media(0), ADMIN, 0)).toBe(FULL_RIGHTS);
    expect(conversationRight(user, media(0), OWNER, null)).toBe(FULL_RIGHTS);
  });

  it("lets a custom right replace the members' right both ways", () => {
    expect(conversationRight(user, media(write), MEMBER, null)).toBe(write);
    expect(conversationRight(user, media(write), MEMBER, 0)).toBe(0);
    expect(conversationRight(user, media(write), MAINTAINER, read)).toBe(read);
    expect(conversationRight(user, media(0), MEMBER, comment)).toBe(comment);
  });

  it('gives someone outside the organization only their per-user right', () => {
    expect(conversationRight(user, media(FULL_RIGHTS), NONE, null)).toBe(0);
    expect(conversationRight(user, media(0), NONE, share)).toBe(share);
    // Unknown bits are ignored.
    expect(conversationRight(user, media(0), NONE, 64 | read)).toBe(read);
    expect(conversationRight(user, media(64 | write), MEMBER)).toBe(write);
  });

  it('does not mistake a media without owner for one owned by the caller', () => {
    expect(conversationRight({ id: 'u', role: 1 }, media(read, null), MEMBER)).toBe(read);
  });
});

describe('mayGrantRight', () => {
  const actor = { id: 'a', role: 1 };
  const conversation: ConversationFacts = { ownerId: 'owner', membersRight: RIGHT_LEVELS.read };
  const { read, write, share, full } = RIGHT_LEVELS;
  const member = { id: 't', level: MEMBER, current: read };

  it('needs the share right', () => {
    expect(mayGrantRight(actor, write, member, conversation, read)).toBe(false);
    expect(mayGrantRight(actor, share, member, conversation, read)).toBe(true);
    expect(mayGrantRight(actor, full, member, conversation, 0)).toBe(true);
  });

  it('gives no right the actor does not hold', () => {
    expect(mayGrantRight(actor, share, member, conversation, full)).toBe(false);
    expect(mayGrantRight(actor, share, member, conversation, share)).toBe(true);
    expect(mayGrantRight(actor, full, member, conversation, full)).toBe(true);
  });

  it('touches nobody holding a right the actor lacks', () => {
    expect(mayGrantRight(actor, share, { id: 't', level: NONE, current: full }, conversation, read)).toBe(false);
    expect(mayGrantRight(actor, share, { id: 't', level: NONE, current: share }, conversation, read)).toBe(true);
  });

  it('never targets the actor, the media owner or an organization admin', () => {
    expect(mayGrantRight(actor, full, { id: 'a', level: MEMBER, current: 0 }, conversation, read)).toBe(false);
    expect(mayGrantRight(actor, full, { id: 'owner', level: MEMBER, current: 0 }, conversation, read)).toBe(false);
    expect(mayGrantRight(actor, full, { id: 't', level: ADMIN, current: 0 }, conversation, read)).toBe(false);
    expect(mayGrantRight(actor, full, { id: 't', level: OWNER, current: 0 }, conversation, read)).toBe(false);
    expect(mayGrantRight(actor, full, { id: 't', level: MAINTAINER, current: 0 }, conversation, read)).toBe(true);
    expect(mayGrantRight(actor, full, { id: 't', level: NONE, current: 0 }, conversation, read)).toBe(true);
  });
});

describe('mediaAccess and everyMediaAccess', () => {
  const { read, write, delete: del, share, full } = RIGHT_LEVELS;

  it('hides a media the caller cannot read, refuses one they hold too little on', () => {
    expect(mediaAccess(0, read)).toBe('hidden');
    expect(mediaAccess(0, 0)).toBe('hidden');
    expect(mediaAccess(read, write)).toBe('forbidden');
    expect(mediaAccess(write, write)).toBe('allowed');
    expect(mediaAccess(full, del)).toBe('allowed');
  });

  it('allows a bulk operation only on every media at once, hidden ones counting as not found first', () => {
    expect(everyMediaAccess([full, del], del)).toEqual({ access: 'allowed', blocked: 0 });
    expect(everyMediaAccess([], del)).toEqual({ access: 'allowed', blocked: 0 });
    expect(everyMediaAccess([full, read], del)).toEqual({ access: 'forbidden', blocked: 1 });
    expect(everyMediaAccess([full, 0, 0], del)).toEqual({ access: 'hidden', blocked: 2 });
    // Nothing is told about the others while one is hidden.
    expect(everyMediaAccess([share, read, 0], share)).toEqual({ access: 'hidden', blocked: 2 });
  });

  it('lets only writers edit a transcript through the API, hiding the media from readers as from outsiders', () => {
    const { comment } = RIGHT_LEVELS;
    expect(transcriptEditAccess(write)).toBe('allowed');
    expect(transcriptEditAccess(full)).toBe('allowed');
    expect(transcriptEditAccess(read)).toBe('hidden');
    expect(transcriptEditAccess(comment)).toBe('hidden');
    expect(transcriptEditAccess(0)).toBe('hidden');
  });

  it('lets readers read subtitle versions and writers change them, hiding the media from outsiders', () => {
    const { comment } = RIGHT_LEVELS;
    for (const right of [read, comment, write, full]) expect(subtitleAccess(right, false)).toBe('allowed');
    expect(subtitleAccess(write, true)).toBe('allowed');
    expect(subtitleAccess(full, true)).toBe('allowed');
    expect(subtitleAccess(read, true)).toBe('forbidden');
    expect(subtitleAccess(comment, true)).toBe('forbidden');
    expect(subtitleAccess(0, false)).toBe('hidden');
    expect(subtitleAccess(0, true)).toBe('hidden');
  });
});

describe('deleting an account from the backoffice', () => {
  it('is blocked by the organizations it owns, and by those only', () => {
    expect(platform.organizationsBlockingDeletion([MEMBER, OWNER, ADMIN, OWNER])).toEqual([OWNER, OWNER]);
    expect(platform.organizationsBlockingDeletion([MEMBER, MAINTAINER, ADMIN, NONE])).toEqual([]);
  });
});

describe('live sessions', () => {
  const user = { id: 'u', role: PLATFORM_ROLE.USER };
  const operatorUser = { id: 'u', role: PLATFORM_ROLE.USER + PLATFORM_ROLE.SESSION_OPERATOR };
  const open: OrganizationFacts = { ownerId: 'o', permissions: { upload: true, summary: true, session: true } };
  const closed: OrganizationFacts = { ownerId: 'o', permissions: { upload: true, summary: true, session: false } };
  const session = (visibility: 'private' | 'internal' | 'public', anonymousAccess = false, ownerId: string | null = 'someone') => ({ visibility, anonymousAccess, ownerId });

  it('creating follows the create-session permission; the session operator role and maintainers keep it', () => {
    expect(mayCreateSession(user, MEMBER, open)).toBe(true);
    expect(mayCreateSession(user, MEMBER, closed)).toBe(false);
    expect(mayCreateSession(operatorUser, MEMBER, closed)).toBe(true);
    expect(mayCreateSession(user, MAINTAINER, closed)).toBe(true);
    expect(mayCreateSession(operatorUser, NONE, open)).toBe(false);
  });

  it('operating: the owner while a member, maintainers and above, members with the session operator role', () => {
    expect(mayOperateSession(user, MEMBER, { ownerId: 'u' })).toBe(true);
    expect(mayOperateSession(user, NONE, { ownerId: 'u' })).toBe(false);
    expect(mayOperateSession(user, MEMBER, { ownerId: 'other' })).toBe(false);
    expect(mayOperateSession(operatorUser, MEMBER, { ownerId: 'other' })).toBe(true);
    expect(mayOperateSession(operatorUser, NONE, { ownerId: 'other' })).toBe(false);
    for (const level of [MAINTAINER, ADMIN, OWNER]) expect(mayOperateSession(user, level, { ownerId: null })).toBe(true);
  });

  it.each([
    // visibility, anonymous access, caller, level → access
    ['private', false, 'member', MEMBER, 'none'],
    ['private', false, 'maintainer', MAINTAINER, 'operate'],
    ['internal', false, 'member', MEMBER, 'read'],
    ['internal', true, 'outsider', NONE, 'none'],
    ['internal', true, 'anonymous', NONE, 'none'],
    ['public', false, 'member', MEMBER, 'read'],
    ['public', false, 'outsider', NONE, 'public'],
    ['public', false, 'anonymous', NONE, 'none'],
    ['public', true, 'anonymous', NONE, 'public'],
  ] as const)('a %s session (anonymous access %s) gives a %s (level %i): %s', (visibility, anonymous, who, level, expected) => {
    const caller = who === 'anonymous' ? null : user;
    expect(sessionAccess(caller, level, session(visibility, anonymous))).toBe(expected);
  });

  it('a private session is seen by its owner', () => {
    expect(sessionAccess(user, MEMBER, session('private', false, 'u'))).toBe('operate');
  });

  it('a quick meeting exists for its owner while a member, and for nobody else', () => {
    const meeting = (ownerId: string) => ({ ...session('private', false, ownerId), kind: 'quickMeeting' as const });
    expect(sessionAccess(user, MEMBER, meeting('u'))).toBe('operate');
    expect(sessionAccess(user, NONE, meeting('u'))).toBe('none');
    expect(sessionAccess(operatorUser, MEMBER, meeting('other'))).toBe('none');
    for (const level of [MEMBER, MAINTAINER, ADMIN, OWNER]) expect(sessionAccess(user, level, meeting('other'))).toBe('none');
    expect(sessionAccess(null, NONE, meeting('u'))).toBe('none');
  });

  it('templates are removed by their author or by maintainers', () => {
    expect(mayRemoveTemplate(user, MEMBER, { ownerId: 'u' })).toBe(true);
    expect(mayRemoveTemplate(user, MEMBER, { ownerId: 'other' })).toBe(false);
    expect(mayRemoveTemplate(user, MAINTAINER, { ownerId: null })).toBe(true);
    expect(mayRemoveTemplate(user, NONE, { ownerId: 'u' })).toBe(false);
  });
});
