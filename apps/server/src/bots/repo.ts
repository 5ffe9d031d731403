/** The `bots` table: one row per bot sent into a call, its status kept up to date by the manager. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { BotError, BotStatus } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { bots, sessionChannels } from '../db/schema.ts';

export type BotRow = typeof bots.$inferSelect;
export type NewBot = typeof bots.$inferInsert;

/** A bot still in a call (or on its way). */
export const RUNNING_STATUSES = ['joining', 'in_call'] as const satisfies readonly BotStatus[];

export const botsRepo = {
  byId: async (db: Database, id: string) => (await db.select().from(bots).where(eq(bots.id, id)))[0],
  insert: async (db: Database, values: NewBot) => (await db.insert(bots).values(values).returning())[0]!,
  /** A channel's bots, newest first. */
  ofChannel: (db: Database, channelId: string) => db.select().from(bots).where(eq(bots.channelId, channelId)).orderBy(desc(bots.createdAt), desc(bots.id)),
  channelById: async (db: Database, channelId: string) => (await db.select().from(sessionChannels).where(eq(sessionChannels.id, channelId)))[0],
  /**
   * Moves a running bot to `status` (in_call, left or failed); a bot already gone stays as it is.
   * Answers the updated row, or undefined when nothing changed.
   */
  transition: async (db: Database, id: string, status: BotStatus, error: BotError | null) => {
    const now = new Date();
    const from: readonly BotStatus[] = status === 'in_call' ? ['joining'] : RUNNING_STATUSES;
    const [row] = await db
      .update(bots)
      .set({ status, error, updatedAt: now, ...(status === 'in_call' ? { joinedAt: now } : {}), ...(status === 'left' || status === 'failed' ? { leftAt: now } : {}) })
      .where(and(eq(bots.id, id), inArray(bots.status, from)))
      .returning();
    return row;
  },
  /** Bots a stopped process left in a call: failed (crashed), at start-up before any bot runs here. */
  failRunning: (db: Database) =>
    db.update(bots).set({ status: 'failed', error: 'crashed', leftAt: new Date(), updatedAt: new Date() }).where(inArray(bots.status, RUNNING_STATUSES)).returning(),
};
