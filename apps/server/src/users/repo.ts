import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { conversationRights, conversations, invitations, memberships, organizations, users } from '../db/schema.ts';

export type NewUser = typeof users.$inferInsert;

/** Name or email contains the text (LIKE wildcards in the text are taken literally). */
function searchMatch(text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(users.email, pattern), ilike(users.firstname, pattern), ilike(users.lastname, pattern), ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, pattern));
}

export const usersRepo = {
  byId: async (db: Database, id: string) => (await db.select().from(users).where(eq(users.id, id)))[0],
  byIds: (db: Database, ids: string[]) => (ids.length === 0 ? Promise.resolve([]) : db.select().from(users).where(inArray(users.id, ids))),
  byEmail: async (db: Database, email: string) => (await db.select().from(users).where(eq(users.email, email)))[0],
  insert: async (db: Database, values: NewUser) => (await db.insert(users).values(values).returning())[0]!,
  update: async (db: Database, id: string, values: Partial<NewUser>) =>
    (
      await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning()
    )[0],
  delete: (db: Database, id: string) => db.delete(users).where(eq(users.id, id)),
  count: async (db: Database) => (await db.select({ n: count() }).from(users))[0]!.n,

  /** Users whose name or email contains the text; private profiles only for those who asked to see them. */
  search: (db: Database, text: string, options: { includePrivate: boolean; limit: number; offset?: number }) => {
    const match = searchMatch(text);
    const where = options.includePrivate ? match : and(match, eq(users.private, false));
    return db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.lastname), asc(users.firstname))
      .limit(options.limit)
      .offset(options.offset ?? 0);
  },
  /**
   * What a signed-in user may find by name or address: public profiles of people who share an
   * organization with them or hold a right on a media of one of their organizations (the people a
   * sharing dialog works with); anyone else only by their exact address.
   */
  searchKnownTo: (db: Database, searcherId: string, text: string, options: { exactEmail: string | null; limit: number }) => {
    const known = sql`(
      exists (select 1 from ${memberships} mine join ${memberships} theirs on theirs.organization_id = mine.organization_id
              where mine.user_id = ${searcherId} and theirs.user_id = ${users.id})
      or exists (select 1 from ${conversationRights} r join ${conversations} c on c.id = r.conversation_id
                 join ${memberships} mine on mine.organization_id = c.organization_id
                 where mine.user_id = ${searcherId} and r.user_id = ${users.id})
    )`;
    const reachable = options.exactEmail ? or(and(searchMatch(text), known), eq(users.email, options.exactEmail)) : and(searchMatch(text), known);
    return db
      .select()
      .from(users)
      .where(and(reachable, eq(users.private, false)))
      .orderBy(asc(users.lastname), asc(users.firstname))
      .limit(options.limit);
  },
  /** Counts what `search` with includePrivate finds: the same match, so pages and totals agree. */
  countSearch: async (db: Database, text: string) => {
    const [row] = await db.select({ n: count() }).from(users).where(searchMatch(text));
    return row!.n;
  },
  list: (db: Database, limit: number, offset: number) => db.select().from(users).orderBy(asc(users.createdAt)).limit(limit).offset(offset),

  /** Do these two users share an organization? */
  shareOrganization: async (db: Database, a: string, b: string) => {
    const other = alias(memberships, 'other');
    const rows = await db
      .select({ id: memberships.organizationId })
      .from(memberships)
      .innerJoin(other, eq(other.organizationId, memberships.organizationId))
      .where(and(eq(memberships.userId, a), eq(other.userId, b)))
      .limit(1);
    return rows.length > 0;
  },

  /** Pending invitations for an address, and organizations whose matching domains cover it. */
  pendingInvitations: (db: Database, email: string) => db.select().from(invitations).where(eq(invitations.email, email)),
  organizationsMatchingDomain: (db: Database, domain: string) =>
    db
      .select({ id: organizations.id })
      .from(organizations)
      .where(sql`${organizations.matchingEmails} @> ${JSON.stringify([domain])}::jsonb`),
};
