/**
 * The one place that answers "may this user do that". Routes, sockets and jobs ask here;
 * a refusal on an object the user cannot see is reported as not found by the caller.
 */
import {
  FULL_RIGHTS,
  RIGHT,
  hasRight,
  ORGANIZATION_ROLE,
  PLATFORM_ROLE,
  canCreateOrganization,
  hasPlatformFlag,
  invitableRoles,
  isSystemAdministratorOrHigher,
  givesAccess,
  mayGiveRight,
  PLATFORM_ROLE_MAX,
  type OrganizationApiKeyRole,
  type OrganizationPermissions,
  type SessionKind,
  type SessionVisibility,
} from '@palabre/shared';

export interface PolicyUser {
  id: string;
  role: number;
  /** Set when the request came with an API key: what the key lets its creator do (`apiKeyCap`). */
  cap?: ApiKeyCap | null | undefined;
}

// --- API keys (docs/api-keys.md) ----------------------------------------------------------------

/**
 * What an API key leaves of its creator's rights: an organization key sees only its organization
 * (`organizationId`), every key caps the creator's organization level (`level`), media rights
 * (`rights`) and platform flags (`platformRole`); a read-only key uses no organization tool. The
 * creator's current roles are read on every request, so a creator losing a right loses it for their
 * keys too: a key never gives more than its creator holds now.
 */
export interface ApiKeyCap {
  organizationId: string | null;
  level: number;
  rights: number;
  platformRole: number;
  readOnly: boolean;
}

const ORGANIZATION_KEY_LEVEL: Record<OrganizationApiKeyRole, number> = {
  reader: ORGANIZATION_ROLE.MEMBER,
  member: ORGANIZATION_ROLE.MEMBER,
  maintainer: ORGANIZATION_ROLE.MAINTAINER,
  admin: ORGANIZATION_ROLE.ADMIN,
};
const USER_FLAGS = PLATFORM_ROLE.USER | PLATFORM_ROLE.ORGANIZATION_INITIATOR | PLATFORM_ROLE.SESSION_OPERATOR;

/** The cap of a key, from its scope and role. An unknown role caps everything away. */
export function apiKeyCap(key: { organizationId: string | null; role: string }): ApiKeyCap {
  const reader = key.role === 'reader';
  const base = { organizationId: key.organizationId, rights: reader ? RIGHT.READ : FULL_RIGHTS, readOnly: reader };
  if (key.organizationId !== null) {
    const level = ORGANIZATION_KEY_LEVEL[key.role as OrganizationApiKeyRole] ?? ORGANIZATION_ROLE.NONE;
    return { ...base, level, platformRole: PLATFORM_ROLE.USER };
  }
  const platformRole = key.role === 'administrator' ? PLATFORM_ROLE_MAX : key.role === 'user' ? USER_FLAGS : PLATFORM_ROLE.USER;
  return { ...base, level: reader ? ORGANIZATION_ROLE.MEMBER : ORGANIZATION_ROLE.OWNER, platformRole };
}

/** The account as its key lets it act: platform flags the key does not keep are dropped. */
export function cappedAccount<U extends { role: number }>(user: U, cap: ApiKeyCap): U {
  return { ...user, role: user.role & cap.platformRole };
}

/** The policy's view of an actor, with its key's cap when it came with one. */
export function policyUser(actor: { user: { id: string; role: number }; cap?: ApiKeyCap | null | undefined }): PolicyUser {
  return { id: actor.user.id, role: actor.user.role, cap: actor.cap ?? null };
}

export const apiKeys = {
  /**
   * Managing an organization's keys: its administrators, signed in themselves (a request made with
   * a key never manages keys: a leaked key cannot mint others or outlive its revocation).
   */
  manageOrganization: (user: PolicyUser, level: number) => !user.cap && level >= ORGANIZATION_ROLE.ADMIN,
  /**
   * What signs an account in (its address, its password) and its platform role change only in a
   * signed-in session: a key cannot take over, or lock out, the account it acts for.
   */
  changeAccount: (user: PolicyUser) => !user.cap,
  /**
   * Changing what is the actor's own alone (their chats, favorites, profile, picture, answers to
   * invitations, quick meetings): nobody else's right is involved, so no other check stops a
   * read-only key there. Its scope bounds it all the same: a reader key writes nothing.
   */
  writeOwn: (user: PolicyUser) => !user.cap?.readOnly,
  /** Managing the platform's keys: platform administrators, signed in themselves. */
  managePlatform: (user: PolicyUser) => !user.cap && isSystemAdministratorOrHigher(user.role),
  /** Nobody creates a key above what they hold: an organization key's level, a platform key's flags. */
  mayGrant: (user: PolicyUser, level: number, key: { organizationId: string | null; role: string }) =>
    key.organizationId !== null ? apiKeyCap(key).level <= level : key.role !== 'administrator' || isSystemAdministratorOrHigher(user.role),
};

export interface OrganizationFacts {
  ownerId: string;
  permissions: OrganizationPermissions;
}

/**
 * Owner counts as 6, members have their stored value, non-members 0. With an API key, the key's cap:
 * an organization key is nobody outside its organization (an organization without its id given
 * counts as another), and no key goes above its level.
 */
export function organizationLevel(user: PolicyUser, org: Pick<OrganizationFacts, 'ownerId'> & { id?: string }, storedRole: number | null): number {
  const level = org.ownerId === user.id ? ORGANIZATION_ROLE.OWNER : (storedRole ?? 0);
  const cap = user.cap;
  if (!cap) return level;
  if (cap.organizationId !== null && cap.organizationId !== org.id) return 0;
  return Math.min(level, cap.level);
}

export const platform = {
  createOrganization: (user: PolicyUser) => canCreateOrganization(user.role),
  backoffice: (user: PolicyUser) => isSystemAdministratorOrHigher(user.role),
  /**
   * A backup holds everything, password hashes included: super administrators only, signed in
   * themselves (never with an API key, whose leak must not hand over the whole installation).
   */
  backup: (user: PolicyUser) => !user.cap && hasPlatformFlag(user.role, PLATFORM_ROLE.SUPER_ADMINISTRATOR),
  /** Only system administrators point a configured endpoint (transcriber profile…) outside the allowed outbound ranges. */
  approveInternalEndpoint: (user: PolicyUser) => isSystemAdministratorOrHigher(user.role),
  /**
   * Whether a system administrator may change an account's platform role from `currentRole` to
   * `nextRole` (0 for a new or deleted account): nobody grants a flag they do not hold, and only super
   * administrators hand out, take away, or touch accounts holding, the super administrator flag.
   */
  setRole: (actor: PolicyUser, currentRole: number, nextRole: number) =>
    isSystemAdministratorOrHigher(actor.role) &&
    (nextRole & ~currentRole & ~actor.role) === 0 &&
    (hasPlatformFlag(actor.role, PLATFORM_ROLE.SUPER_ADMINISTRATOR) ||
      (!hasPlatformFlag(currentRole, PLATFORM_ROLE.SUPER_ADMINISTRATOR) && !hasPlatformFlag(nextRole, PLATFORM_ROLE.SUPER_ADMINISTRATOR))),
  /** On one's own profile, flags can only be dropped, whoever one is. */
  setOwnRole: (actor: PolicyUser, nextRole: number) => (nextRole & ~actor.role) === 0,
  /**
   * From the backoffice an administrator does not lock themselves out: they neither suspend nor
   * delete their own account, nor take away the role that lets them in. Other accounts pass.
   */
  backofficeSelfChange: (actor: PolicyUser, targetId: string, change: { status?: string | undefined; role?: number | undefined; delete?: boolean }) =>
    targetId !== actor.id || (!change.delete && change.status !== 'suspended' && (change.role === undefined || isSystemAdministratorOrHigher(change.role))),
  /**
   * The organizations (given as the account's level in each) that keep an account from being deleted:
   * those it owns, which would be left without an owner.
   */
  organizationsBlockingDeletion: (levels: number[]) => levels.filter((level) => level >= ORGANIZATION_ROLE.OWNER),
};

export const people = {
  /**
   * Who reads a person's address on their card (GET /users/{id}): the person, and the platform
   * administrators who manage their account, as `platform.setRole` says who may touch it (a super
   * administrator's only by super administrators). Sharing an organization is not enough, and a
   * public profile shows a name and a picture, not an address.
   */
  seeEmail: (actor: PolicyUser, target: { id: string; role: number }) =>
    actor.id === target.id ||
    (isSystemAdministratorOrHigher(actor.role) &&
      (hasPlatformFlag(actor.role, PLATFORM_ROLE.SUPER_ADMINISTRATOR) || !hasPlatformFlag(target.role, PLATFORM_ROLE.SUPER_ADMINISTRATOR))),
};

export type OrganizationAbility = 'read' | 'update' | 'delete' | 'invite' | 'manageMembers' | 'leave' | 'upload' | 'summary' | 'session' | 'manageTags';

export function organizationAbilities(level: number, org: OrganizationFacts, cap?: ApiKeyCap | null): Record<OrganizationAbility, boolean> {
  const member = level >= ORGANIZATION_ROLE.MEMBER;
  if (cap?.readOnly) {
    return { read: member, update: false, delete: false, invite: false, manageMembers: false, leave: false, upload: false, summary: false, session: false, manageTags: false };
  }
  const maintainer = level >= ORGANIZATION_ROLE.MAINTAINER;
  return {
    read: member,
    update: level >= ORGANIZATION_ROLE.ADMIN,
    delete: level >= ORGANIZATION_ROLE.OWNER,
    invite: maintainer,
    manageMembers: level >= ORGANIZATION_ROLE.ADMIN,
    leave: member && level < ORGANIZATION_ROLE.OWNER,
    // The permission toggles restrict plain members; maintainers and above keep every tool.
    upload: maintainer || (member && org.permissions.upload),
    summary: maintainer || (member && org.permissions.summary),
    session: maintainer || (member && org.permissions.session),
    manageTags: maintainer,
  };
}

/**
 * Cancelling an invitation follows the rule for sending it: whoever may invite cancels invitations
 * for a role they could give themselves, and always the ones they sent.
 */
export function mayCancelInvitation(actor: PolicyUser, level: number, invitation: { role: number; invitedBy: string | null }): boolean {
  if (level < ORGANIZATION_ROLE.MAINTAINER) return false;
  return invitableRoles(level).includes(invitation.role) || invitation.invitedBy === actor.id;
}

// --- Conversations (media) ----------------------------------------------------------------------

export interface ConversationFacts {
  ownerId: string | null;
  membersRight: number;
}

/**
 * The caller's right mask on a media, given their level in its organization and the per-user right
 * they hold on it, if any: the owner and the organization's admins (level ≥ 3) hold every right; a
 * per-user right comes next (a member's custom right, or a share with someone outside); other
 * members hold the media's members' right; anyone else none. `rightSql` (conversations/library/repo.ts) is the
 * same rule in SQL for listings: change both together (a test compares them).
 */
export function conversationRight(user: PolicyUser, conversation: ConversationFacts, level: number, custom: number | null = null): number {
  const right = uncappedRight(user, conversation, level, custom);
  const cap = user.cap;
  if (!cap) return right;
  // An organization key's level is 0 outside its organization: media shared from elsewhere stay out.
  if (cap.organizationId !== null && level < ORGANIZATION_ROLE.MEMBER) return 0;
  return right & cap.rights;
}

/**
 * The right `user` holds on every media of an organization where their level is `level`, whatever the
 * media (an administrator's: conversationRight gives it for each), or null when it depends on each
 * media. A listing of the organization's media then need not work it out media by media.
 */
export function organizationWideRight(user: PolicyUser, level: number): number | null {
  if (level < ORGANIZATION_ROLE.ADMIN) return null;
  return user.cap ? FULL_RIGHTS & user.cap.rights : FULL_RIGHTS;
}

function uncappedRight(user: PolicyUser, conversation: ConversationFacts, level: number, custom: number | null): number {
  if (conversation.ownerId !== null && conversation.ownerId === user.id) return FULL_RIGHTS;
  if (level >= ORGANIZATION_ROLE.ADMIN) return FULL_RIGHTS;
  if (custom !== null) return custom & FULL_RIGHTS;
  if (level >= ORGANIZATION_ROLE.MEMBER) return conversation.membersRight & FULL_RIGHTS;
  return 0;
}

/**
 * Tags are an organization's vocabulary: only its members put them on or take them off a media, and
 * only with the write right on it. A guest with the write right reads the tags but does not change them.
 */
export function mayTagConversation(level: number, right: number): boolean {
  return level >= ORGANIZATION_ROLE.MEMBER && hasRight(right, RIGHT.WRITE);
}

/**
 * Whether `actor` (holding `actorRight` on a media) may set `target`'s right to `next`: the grant rule
 * of `@palabre/shared` (rights.ts), which the web's sharing screens follow too. The actor can share,
 * gives no right they do not hold themselves, touches nobody holding a right they lack
 * (`target.current`, the target's effective right now), and neither the actor nor the owner nor an
 * organization admin (who always hold every right) is the target.
 */
export function mayGrantRight(
  actor: PolicyUser,
  actorRight: number,
  target: { id: string; level: number; current: number },
  conversation: ConversationFacts,
  next: number,
): boolean {
  const holder = { self: target.id === actor.id, owner: target.id === conversation.ownerId, level: target.level, current: target.current };
  return mayGiveRight(actorRight, holder, next);
}

/**
 * What a caller holding `right` on a media gets when asking for `needed`: it is allowed, refused, or
 * hidden (a media they cannot read does not exist for them: callers answer not found).
 */
export type MediaAccess = 'allowed' | 'forbidden' | 'hidden';

export function mediaAccess(right: number, needed: number): MediaAccess {
  if (!givesAccess(right)) return 'hidden';
  return hasRight(right, needed) ? 'allowed' : 'forbidden';
}

/** How a caller holding `right` on a media may open its transcript document: edit it or only follow it. */
export function documentAccess(right: number): 'write' | 'read' | 'none' {
  if (!givesAccess(right)) return 'none';
  return hasRight(right, RIGHT.WRITE) ? 'write' : 'read';
}

/**
 * Transcript edits for API clients (the turn endpoints, restoring a snapshot) need the write right;
 * to anyone without it, reader or not, the media does not exist: scripts probing turn ids learn
 * nothing about media they cannot change.
 */
export function transcriptEditAccess(right: number): MediaAccess {
  return givesAccess(right) && hasRight(right, RIGHT.WRITE) ? 'allowed' : 'hidden';
}

/**
 * Subtitle versions (listing, reading, exporting, and their screen documents) need the read right;
 * creating, changing or deleting them the write right. To a caller without access the media does not
 * exist; a reader asking for a change is refused.
 */
export function subtitleAccess(right: number, change: boolean): MediaAccess {
  return mediaAccess(right, change ? RIGHT.WRITE : RIGHT.READ);
}

/**
 * The bulk check, "may the caller do `needed` on every one of these media", from their right on each
 * (0 for a media that is missing or belongs elsewhere): all or none. When some are hidden the answer
 * is `hidden` (nothing about the others is told), else `forbidden` when some are refused; `blocked`
 * counts the media that stop the operation.
 */
export function everyMediaAccess(rights: Iterable<number>, needed: number): { access: MediaAccess; blocked: number } {
  let hidden = 0;
  let refused = 0;
  for (const right of rights) {
    const access = mediaAccess(right, needed);
    if (access === 'hidden') hidden++;
    else if (access === 'forbidden') refused++;
  }
  return { access: hidden > 0 ? 'hidden' : refused > 0 ? 'forbidden' : 'allowed', blocked: hidden + refused };
}

// --- AI features (docs/reports.md) ----------------------------------------------------------

/**
 * Generating a media's reports or keywords, or asking its transcript questions: the organization's
 * generate-summary tool (maintainers and above; members when its `summary` permission is on) and,
 * on the media, the write right for reports and keywords (they change what everyone reads), the read
 * right for a conversation with the transcript (it is the asker's own).
 */
export function aiGenerationAccess(level: number, org: OrganizationFacts, right: number, what: 'report' | 'keywords' | 'chat', cap?: ApiKeyCap | null): MediaAccess {
  const access = mediaAccess(right, what === 'chat' ? RIGHT.READ : RIGHT.WRITE);
  if (access !== 'allowed') return access;
  return organizationAbilities(level, org, cap).summary ? 'allowed' : 'forbidden';
}

/** Reading reports, keywords and highlights: the read right. Editing or restoring a report: the write right. */
export function reportAccess(right: number, change: boolean): MediaAccess {
  return mediaAccess(right, change ? RIGHT.WRITE : RIGHT.READ);
}

/**
 * Highlights: adding one needs the comment right; changing or removing one, its author holding the
 * comment right or anyone holding the write right.
 */
export function highlightAccess(user: PolicyUser, right: number, highlight?: { authorId: string | null }): MediaAccess {
  if (!highlight) return mediaAccess(right, RIGHT.COMMENT);
  const own = highlight.authorId === user.id;
  return mediaAccess(right, own ? RIGHT.COMMENT : RIGHT.WRITE);
}

// --- Live sessions ------------------------------------------------------------------------------

export interface SessionFacts {
  ownerId: string | null;
  visibility: SessionVisibility;
  anonymousAccess: boolean;
  /** A quick meeting exists for its owner only (default: a session). */
  kind?: SessionKind;
}

/** The session operator platform role: runs live sessions in the organizations one belongs to. */
export const isSessionOperator = (user: PolicyUser) => hasPlatformFlag(user.role, PLATFORM_ROLE.SESSION_OPERATOR);

/**
 * Creating a session (and saving a template): the organization's create-session tool (maintainers
 * and above; members when the organization's `session` permission is on), or a member holding the
 * session operator platform role, whatever the permission says.
 */
export function mayCreateSession(user: PolicyUser, level: number, org: OrganizationFacts): boolean {
  if (level < ORGANIZATION_ROLE.MEMBER || user.cap?.readOnly) return false;
  return organizationAbilities(level, org).session || isSessionOperator(user);
}

/**
 * Operating a session (start, stop, change, delete, its aliases, its stream keys): its owner while a
 * member, the organization's maintainers and above, and members holding the session operator role.
 */
export function mayOperateSession(user: PolicyUser, level: number, session: Pick<SessionFacts, 'ownerId'>): boolean {
  if (level < ORGANIZATION_ROLE.MEMBER || user.cap?.readOnly) return false;
  return session.ownerId === user.id || level >= ORGANIZATION_ROLE.MAINTAINER || isSessionOperator(user);
}

/**
 * What a caller gets of a session: `operate` (everything), `read` (the whole session but its stream
 * keys), `public` (the public view only) or `none` (it does not exist for them). Private sessions
 * exist only for those who operate them; internal ones for the organization's members; public ones
 * for members in full and for everyone else through the public view — signed-in people always,
 * anonymous viewers (`user` null) only when anonymous access is on. A quick meeting exists only for
 * its owner while a member, who operates it: not even those who operate every session see it.
 */
export type SessionAccess = 'operate' | 'read' | 'public' | 'none';

export function sessionAccess(user: PolicyUser | null, level: number, session: SessionFacts): SessionAccess {
  if (session.kind === 'quickMeeting') {
    if (!user || level < ORGANIZATION_ROLE.MEMBER || session.ownerId !== user.id) return 'none';
    // A read-only key follows its creator's meeting but neither ends it nor sends audio or bots to it.
    return apiKeys.writeOwn(user) ? 'operate' : 'read';
  }
  if (user && mayOperateSession(user, level, session)) return 'operate';
  const member = user !== null && level >= ORGANIZATION_ROLE.MEMBER;
  if (member && session.visibility !== 'private') return 'read';
  if (session.visibility === 'public' && (user !== null || session.anonymousAccess)) return 'public';
  return 'none';
}

/** A template is removed by its author while a member, or by maintainers and above. */
export function mayRemoveTemplate(user: PolicyUser, level: number, template: { ownerId: string | null }): boolean {
  if (level < ORGANIZATION_ROLE.MEMBER || user.cap?.readOnly) return false;
  return template.ownerId === user.id || level >= ORGANIZATION_ROLE.MAINTAINER;
}

export { acceptableRight, givesAccess, mayGiveMembersRight, mayShare, withinReach } from '@palabre/shared';
export { invitableRoles, mayAssignRole, mayRemoveMember } from '@palabre/shared';
