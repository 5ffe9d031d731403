/** Data access for quick meetings: the sessions of kind `quickMeeting` (no rules). */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { memberships, sessions } from '../db/schema.ts';

/** A user's quick meetings still in progress (not terminated). */
const inProgressOf = (ownerId: string) => and(eq(sessions.ownerId, ownerId), eq(sessions.kind, 'quickMeeting'), ne(sessions.status, 'terminated'));

export const meetingsRepo = {
  /** The user's quick meeting in progress in an organization (the newest, should there be two). */
  inProgress: async (db: Database, ownerId: string, organizationId: string) =>
    (
      await db
        .select()
        .from(sessions)
        .where(and(inProgressOf(ownerId), eq(sessions.organizationId, organizationId)))
        .orderBy(desc(sessions.createdAt))
        .limit(1)
    )[0],

  /** The user's most recent quick meeting in progress in any organization they are still a member of. */
  recoverable: async (db: Database, ownerId: string) =>
    (
      await db
        .select({ session: sessions })
        .from(sessions)
        .innerJoin(memberships, and(eq(memberships.organizationId, sessions.organizationId), eq(memberships.userId, ownerId)))
        .where(inProgressOf(ownerId))
        .orderBy(desc(sessions.createdAt))
        .limit(1)
    )[0]?.session,

  /**
   * Serialises the quick meeting creations of one user in one organization until the transaction
   * ends, so that two at once cannot both find none in progress. Call it in a transaction.
   */
  lockCreation: async (db: Database, ownerId: string, organizationId: string) => {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`quick-meeting:${ownerId}:${organizationId}`}, 0))`);
  },
};
