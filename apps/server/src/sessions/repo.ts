/** Data access for sessions, their channels, aliases and templates (no rules). */
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { SessionStatus, SessionVisibility } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { memberships, sessionAliases, sessionChannels, sessionTemplates, sessions, users } from '../db/schema.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type ChannelRow = typeof sessionChannels.$inferSelect;
export type NewChannel = Omit<typeof sessionChannels.$inferInsert, 'sessionId' | 'position'>;
export type AliasRow = typeof sessionAliases.$inferSelect;

/** What a listing filters on, already turned into statuses and times. */
export interface SessionFilter {
  organizationId: string;
  statuses?: readonly SessionStatus[];
  scheduledBefore?: Date;
  scheduledAfter?: Date;
  /** Private sessions only when the caller operates them: all of them, or those they own. */
  privateScope: 'all' | { ownerId: string };
}

function whereOf(filter: SessionFilter): SQL {
  // Quick meetings are their owners' own: never in the organization's list.
  const conditions: SQL[] = [eq(sessions.organizationId, filter.organizationId), eq(sessions.kind, 'session')];
  if (filter.statuses) conditions.push(inArray(sessions.status, [...filter.statuses]));
  if (filter.scheduledBefore) conditions.push(lt(sessions.scheduleOn, filter.scheduledBefore));
  if (filter.scheduledAfter) conditions.push(gte(sessions.scheduleOn, filter.scheduledAfter));
  if (filter.privateScope !== 'all') {
    const visibility: SessionVisibility = 'private';
    conditions.push(sql`(${sessions.visibility} <> ${visibility} OR ${sessions.ownerId} = ${filter.privateScope.ownerId})`);
  }
  return and(...conditions)!;
}

export const sessionsRepo = {
  byId: async (db: Database, id: string) => (await db.select().from(sessions).where(eq(sessions.id, id)))[0],

  /** A page of an organization's sessions, planned ones by their time then the newest, and the total. */
  list: async (db: Database, filter: SessionFilter, limit: number, offset: number) => {
    const where = whereOf(filter);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(sessions)
        .where(where)
        .orderBy(sql`${sessions.scheduleOn} DESC NULLS LAST`, desc(sessions.createdAt), asc(sessions.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(sessions).where(where),
    ]);
    return { rows, total: Number(total[0]?.n ?? 0) };
  },

  channels: (db: Database, sessionIds: string[]) =>
    sessionIds.length === 0
      ? Promise.resolve([] as ChannelRow[])
      : db.select().from(sessionChannels).where(inArray(sessionChannels.sessionId, sessionIds)).orderBy(asc(sessionChannels.sessionId), asc(sessionChannels.position)),

  /** The channel a stream key opens, if any. */
  channelByKey: async (db: Database, streamKey: string) => (await db.select().from(sessionChannels).where(eq(sessionChannels.streamKey, streamKey)))[0],

  /**
   * The channels of every session in these statuses (started sessions, whose encoders are listened
   * for). Quick meetings are left out: they take audio from the ingest WebSocket only.
   */
  channelsInStatus: (db: Database, statuses: readonly SessionStatus[]) =>
    db
      .select({ channel: sessionChannels })
      .from(sessionChannels)
      .innerJoin(sessions, eq(sessions.id, sessionChannels.sessionId))
      .where(and(inArray(sessions.status, [...statuses]), eq(sessions.kind, 'session'))),

  /**
   * How many channels of started sessions (those whose encoders are listened for) an organization
   * holds, and how many of them belong to sessions a user owns (in any organization).
   */
  listeningChannels: async (db: Database, organizationId: string, ownerId: string | null) => {
    const started: SessionStatus[] = ['pending', 'active'];
    const [row] = await db
      .select({
        organization: sql<number>`count(*) filter (where ${sessions.organizationId} = ${organizationId})`.mapWith(Number),
        owner: ownerId === null ? sql<number>`0`.mapWith(Number) : sql<number>`count(*) filter (where ${sessions.ownerId} = ${ownerId})`.mapWith(Number),
      })
      .from(sessionChannels)
      .innerJoin(sessions, eq(sessions.id, sessionChannels.sessionId))
      .where(and(inArray(sessions.status, started), eq(sessions.kind, 'session')));
    return { organization: row?.organization ?? 0, owner: row?.owner ?? 0 };
  },

  /** A session and its channels (call it in a transaction). */
  insert: async (db: Database, values: NewSession, channels: NewChannel[]) => {
    const row = (await db.insert(sessions).values(values).returning())[0]!;
    await db.insert(sessionChannels).values(channels.map((channel, position) => ({ ...channel, sessionId: row.id, position })));
    return row;
  },

  update: async (db: Database, id: string, values: Partial<NewSession>) =>
    (
      await db
        .update(sessions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(sessions.id, id))
        .returning()
    )[0],

  /**
   * Replaces a session's channels. A channel keeping its position keeps its id, stream key and
   * statuses; others are made (with the keys given) or dropped. Call it in a transaction.
   */
  replaceChannels: async (db: Database, sessionId: string, channels: NewChannel[]) => {
    const existing = await db.select().from(sessionChannels).where(eq(sessionChannels.sessionId, sessionId));
    for (const [position, channel] of channels.entries()) {
      const { streamKey: _newKey, ...settings } = channel;
      const same = existing.find((row) => row.position === position);
      if (same) await db.update(sessionChannels).set(settings).where(eq(sessionChannels.id, same.id));
      else await db.insert(sessionChannels).values({ ...channel, sessionId, position });
    }
    await db.delete(sessionChannels).where(and(eq(sessionChannels.sessionId, sessionId), gte(sessionChannels.position, channels.length)));
  },

  /**
   * Moves a session from one of `from` to `to` in one conditional update (the row as it is now, or
   * undefined when its status was no longer one of `from`).
   */
  transition: async (db: Database, id: string, from: readonly SessionStatus[], values: Partial<NewSession> & { status: SessionStatus }) =>
    (
      await db
        .update(sessions)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(sessions.id, id), inArray(sessions.status, [...from])))
        .returning()
    )[0],

  setChannelStatus: async (db: Database, channelId: string, values: Partial<Pick<ChannelRow, 'streamStatus' | 'transcriberStatus'>>) =>
    (await db.update(sessionChannels).set(values).where(eq(sessionChannels.id, channelId)).returning())[0],

  /** Ends every channel's stream and transcriber (the session stopped). */
  closeChannels: (db: Database, sessionId: string) =>
    db.update(sessionChannels).set({ streamStatus: 'inactive', transcriberStatus: 'closed' }).where(eq(sessionChannels.sessionId, sessionId)),

  delete: (db: Database, id: string) => db.delete(sessions).where(eq(sessions.id, id)),

  /** The members of an organization with their level and platform role (who may see a session's notices). */
  members: (db: Database, organizationId: string) =>
    db
      .select({ userId: memberships.userId, role: memberships.role, platformRole: users.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.organizationId, organizationId)),
};

export const aliasesRepo = {
  byName: async (db: Database, organizationId: string, name: string) =>
    (
      await db
        .select()
        .from(sessionAliases)
        .where(and(eq(sessionAliases.organizationId, organizationId), sql`lower(${sessionAliases.name}) = lower(${name})`))
    )[0],
  /** The aliases of these sessions, oldest first. */
  ofSessions: (db: Database, sessionIds: string[]) =>
    sessionIds.length === 0
      ? Promise.resolve([] as AliasRow[])
      : db.select().from(sessionAliases).where(inArray(sessionAliases.sessionId, sessionIds)).orderBy(asc(sessionAliases.createdAt), asc(sessionAliases.name)),
  insert: async (db: Database, values: typeof sessionAliases.$inferInsert) => (await db.insert(sessionAliases).values(values).returning())[0]!,
  update: async (db: Database, id: string, values: Partial<Pick<AliasRow, 'name' | 'sessionId'>>) =>
    (await db.update(sessionAliases).set(values).where(eq(sessionAliases.id, id)).returning())[0],
  delete: (db: Database, id: string) => db.delete(sessionAliases).where(eq(sessionAliases.id, id)),
};

export type TemplateRow = typeof sessionTemplates.$inferSelect;

export const templatesRepo = {
  byId: async (db: Database, organizationId: string, id: string) =>
    (
      await db
        .select()
        .from(sessionTemplates)
        .where(and(eq(sessionTemplates.id, id), eq(sessionTemplates.organizationId, organizationId)))
    )[0],
  /** A page of an organization's templates, newest first, and the total. */
  list: async (db: Database, organizationId: string, limit: number, offset: number) => {
    const where = eq(sessionTemplates.organizationId, organizationId);
    const [rows, total] = await Promise.all([
      db.select().from(sessionTemplates).where(where).orderBy(desc(sessionTemplates.createdAt), asc(sessionTemplates.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(sessionTemplates).where(where),
    ]);
    return { rows, total: Number(total[0]?.n ?? 0) };
  },
  insert: async (db: Database, values: typeof sessionTemplates.$inferInsert) => (await db.insert(sessionTemplates).values(values).returning())[0]!,
  delete: (db: Database, id: string) => db.delete(sessionTemplates).where(eq(sessionTemplates.id, id)),
};
