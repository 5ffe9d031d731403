import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { conversationRights, conversations, invitations, memberships, organizations, users } from '../db/schema.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;

export const organizationsRepo = {
  byId: async (db: Database, id: string) => (await db.select().from(organizations).where(eq(organizations.id, id)))[0],
  byName: async (db: Database, name: string) =>
    (
      await db
        .select()
        .from(organizations)
        .where(sql`lower(${organizations.name}) = lower(${name})`)
    )[0],
  insert: async (db: Database, values: NewOrganization) => (await db.insert(organizations).values(values).returning())[0]!,
  update: async (db: Database, id: string, values: Partial<NewOrganization>) =>
    (
      await db
        .update(organizations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(organizations.id, id))
        .returning()
    )[0],
  delete: (db: Database, id: string) => db.delete(organizations).where(eq(organizations.id, id)),

  /** The organizations a user belongs to, oldest membership first. */
  forUser: (db: Database, userId: string) =>
    db
      .select({ org: organizations, role: memberships.role })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(memberships.createdAt), asc(organizations.name)),
  list: (db: Database, limit: number, offset: number) => db.select().from(organizations).orderBy(asc(organizations.name)).limit(limit).offset(offset),
  count: async (db: Database) => (await db.select({ n: count() }).from(organizations))[0]!.n,

  membership: async (db: Database, organizationId: string, userId: string) =>
    (
      await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    )[0],
  members: (db: Database, organizationIds: string[]) =>
    organizationIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ organizationId: memberships.organizationId, role: memberships.role, user: users })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(inArray(memberships.organizationId, organizationIds))
          .orderBy(asc(users.lastname), asc(users.firstname)),
  addMember: async (db: Database, organizationId: string, userId: string, role: number, options: { ifAbsent?: boolean } = {}) => {
    const insert = db.insert(memberships).values({ organizationId, userId, role });
    await (options.ifAbsent ? insert.onConflictDoNothing() : insert);
  },
  setMemberRole: (db: Database, organizationId: string, userId: string, role: number) =>
    db
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId))),
  removeMember: (db: Database, organizationId: string, userId: string) =>
    db.delete(memberships).where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId))),

  invitations: (db: Database, organizationIds: string[]) =>
    organizationIds.length === 0 ? Promise.resolve([]) : db.select().from(invitations).where(inArray(invitations.organizationId, organizationIds)).orderBy(asc(invitations.email)),
  addInvitation: (db: Database, organizationId: string, email: string, role: number, invitedBy: string) =>
    db
      .insert(invitations)
      .values({ organizationId, email, role, invitedBy })
      .onConflictDoUpdate({ target: [invitations.organizationId, invitations.email], set: { role } }),
  deleteInvitation: (db: Database, organizationId: string, email: string) =>
    db.delete(invitations).where(and(eq(invitations.organizationId, organizationId), eq(invitations.email, email))),
  deleteInvitationsFor: (db: Database, email: string) => db.delete(invitations).where(eq(invitations.email, email)),
  invitation: async (db: Database, organizationId: string, email: string) =>
    (
      await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.organizationId, organizationId), eq(invitations.email, email)))
    )[0],
  /** Invitations waiting for an address, with their organization and who sent them. */
  invitationsForEmail: (db: Database, email: string) =>
    db
      .select({
        organizationId: organizations.id,
        organizationName: organizations.name,
        role: invitations.role,
        createdAt: invitations.createdAt,
        inviterFirstname: users.firstname,
        inviterLastname: users.lastname,
      })
      .from(invitations)
      .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
      .leftJoin(users, eq(users.id, invitations.invitedBy))
      .where(eq(invitations.email, email))
      .orderBy(asc(invitations.createdAt)),

  /**
   * Hands the media `from` owns in an organization to `to`, and drops per-user rights that no
   * longer mean anything there: `from`'s (they are no longer a member) and the new owner's on the
   * media they now own (an owner holds every right). Answers how many media changed hands.
   */
  transferMedia: async (db: Database, organizationId: string, from: string, to: string) => {
    const moved = await db
      .update(conversations)
      .set({ ownerId: to })
      .where(and(eq(conversations.organizationId, organizationId), eq(conversations.ownerId, from)))
      .returning({ id: conversations.id });
    const inOrganization = db.select({ id: conversations.id }).from(conversations).where(eq(conversations.organizationId, organizationId));
    await db.delete(conversationRights).where(and(eq(conversationRights.userId, from), inArray(conversationRights.conversationId, inOrganization)));
    if (moved.length > 0) {
      const ids = moved.map((m) => m.id);
      await db.delete(conversationRights).where(and(eq(conversationRights.userId, to), inArray(conversationRights.conversationId, ids)));
    }
    return moved.length;
  },

  mediaCounts: async (db: Database, organizationIds: string[]) => {
    if (organizationIds.length === 0) return new Map<string, number>();
    const rows = await db
      .select({ id: conversations.organizationId, n: count() })
      .from(conversations)
      .where(inArray(conversations.organizationId, organizationIds))
      .groupBy(conversations.organizationId);
    return new Map(rows.map((r) => [r.id, r.n]));
  },

  /** Verified accounts whose address ends with one of the domains, neither members nor invited yet. */
  usersMatchingDomains: (db: Database, organizationId: string, domains: string[]) =>
    domains.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(users)
          .where(
            and(
              inArray(sql<string>`split_part(${users.email}, '@', 2)`, domains),
              // An address counts for domain matching only once its owner proved it.
              isNotNull(users.emailVerifiedAt),
              eq(users.status, 'active'),
              sql`not exists (select 1 from ${memberships} m where m.organization_id = ${organizationId} and m.user_id = ${users.id})`,
              sql`not exists (select 1 from ${invitations} i where i.organization_id = ${organizationId} and i.email = ${users.email})`,
            ),
          ),
};
