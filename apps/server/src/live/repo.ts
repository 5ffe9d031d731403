/** Data access for the finals of live sessions (`session_captions`): as they are heard and shown, and when a stopped session is saved. */
import { and, asc, eq, getTableColumns, inArray, isNull, lt, lte, max, sql } from 'drizzle-orm';
import type { LiveFinal } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { liveStreamLeases, sessionCaptions, sessionChannels, sessions } from '../db/schema.ts';
import type { SavedFinal } from './save-transcript.ts';

export type CaptionRow = typeof sessionCaptions.$inferSelect;
export type NewCaption = Omit<typeof sessionCaptions.$inferInsert, 'createdAt'>;

/** The live socket's shape of a stored final. */
export function finalOf(row: CaptionRow): LiveFinal {
  return {
    sessionId: row.sessionId,
    channelIndex: row.channelIndex,
    segmentId: row.segmentId,
    text: row.text,
    start: row.start,
    end: row.end,
    language: row.language,
    words: row.words,
    translations: row.translations,
    at: row.createdAt.toISOString(),
  };
}

const key = (sessionId: string, channelIndex: number) => and(eq(sessionCaptions.sessionId, sessionId), eq(sessionCaptions.channelIndex, channelIndex));

export const captionsRepo = {
  /** Stores a final, or replaces the one of the same channel and segment (its text and translations). */
  upsert: async (db: Database, caption: NewCaption) =>
    (
      await db
        .insert(sessionCaptions)
        .values(caption)
        .onConflictDoUpdate({
          target: [sessionCaptions.sessionId, sessionCaptions.channelIndex, sessionCaptions.segmentId],
          set: {
            text: caption.text,
            start: caption.start,
            end: caption.end,
            language: caption.language,
            words: caption.words,
            translations: caption.translations ?? {},
            partial: false,
          },
        })
        .returning()
    )[0]!,

  /**
   * Stores the utterance in progress as a partial caption, or updates the stored one; a final of the
   * same segment already stored stays as it is.
   */
  storePartial: async (db: Database, caption: Omit<NewCaption, 'partial' | 'translations'>) =>
    void (await db
      .insert(sessionCaptions)
      .values({ ...caption, partial: true })
      .onConflictDoUpdate({
        target: [sessionCaptions.sessionId, sessionCaptions.channelIndex, sessionCaptions.segmentId],
        set: { text: caption.text, start: caption.start, end: caption.end, language: caption.language, words: caption.words },
        setWhere: eq(sessionCaptions.partial, true),
      })),

  /** Deletes a segment's stored partial (the engine withdrew the utterance, or its stream ended without it). */
  dropPartial: async (db: Database, sessionId: string, channelIndex: number, segmentId: number) =>
    void (await db.delete(sessionCaptions).where(and(key(sessionId, channelIndex), eq(sessionCaptions.segmentId, segmentId), eq(sessionCaptions.partial, true)))),

  /**
   * Makes the channel's stored partials final (their stream died with its node: what was heard so far
   * is kept) and answers them.
   */
  finalizePartials: (db: Database, sessionId: string, channelIndex: number): Promise<CaptionRow[]> =>
    db
      .update(sessionCaptions)
      .set({ partial: false })
      .where(and(key(sessionId, channelIndex), eq(sessionCaptions.partial, true)))
      .returning(),

  /** The most recent `limit` finals of each channel of the session (one query), by channel then in order. */
  recent: async (db: Database, sessionId: string, limit: number): Promise<CaptionRow[]> => {
    const ranked = db
      .select({
        ...getTableColumns(sessionCaptions),
        rank: sql<number>`row_number() over (partition by ${sessionCaptions.channelIndex} order by ${sessionCaptions.segmentId} desc)`.as('rank'),
      })
      .from(sessionCaptions)
      // The utterance in progress reaches viewers as partials, not as a final.
      .where(and(eq(sessionCaptions.sessionId, sessionId), eq(sessionCaptions.partial, false)))
      .as('ranked');
    const rows = await db.select().from(ranked).where(lte(ranked.rank, limit)).orderBy(asc(ranked.channelIndex), asc(ranked.segmentId));
    return rows.map(({ rank: _rank, ...row }) => row);
  },

  /** The id the channel's next final takes: one more than the highest stored, 0 for the first. */
  nextSegmentId: async (db: Database, sessionId: string, channelIndex: number) => {
    const [row] = await db
      .select({ last: max(sessionCaptions.segmentId) })
      .from(sessionCaptions)
      .where(key(sessionId, channelIndex));
    return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
  },

  /** Where the channel's last final ends (channel time), 0 before any. */
  lastEnd: async (db: Database, sessionId: string, channelIndex: number) => {
    const [row] = await db
      .select({ end: max(sessionCaptions.end) })
      .from(sessionCaptions)
      .where(key(sessionId, channelIndex));
    return row?.end === null || row?.end === undefined ? 0 : Number(row.end);
  },
};

export const savingRepo = {
  /** A session's finals, channel by channel in the order they were heard. */
  finals: (db: Database, sessionId: string): Promise<SavedFinal[]> =>
    db
      .select({
        channelIndex: sessionCaptions.channelIndex,
        text: sessionCaptions.text,
        start: sessionCaptions.start,
        end: sessionCaptions.end,
        language: sessionCaptions.language,
        words: sessionCaptions.words,
        translations: sessionCaptions.translations,
      })
      .from(sessionCaptions)
      .where(eq(sessionCaptions.sessionId, sessionId))
      .orderBy(asc(sessionCaptions.channelIndex), asc(sessionCaptions.start), asc(sessionCaptions.segmentId)),

  /**
   * Whether the session is still unsaved, locking its row until the transaction ends: a second save
   * running at the same time waits here, then finds it saved. Call it first in the transaction
   * that inserts the media.
   */
  lockUnsaved: async (db: Database, sessionId: string): Promise<boolean> => {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.savedConversationId)))
      .for('update');
    return rows.length > 0;
  },

  /** Records the saved media, once: false when the session already names one (or is gone). */
  markSaved: async (db: Database, sessionId: string, conversationId: string): Promise<boolean> => {
    const updated = await db
      .update(sessions)
      .set({ savedConversationId: conversationId, updatedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.savedConversationId)))
      .returning({ id: sessions.id });
    return updated.length > 0;
  },
};

/** The database's clock plus `ms`: every node's leases expire by the same clock. */
const expiry = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/** Which node decodes each channel's stream (`live_stream_leases`, lease.ts). */
export const leasesRepo = {
  /** Takes a channel's lease unless another node holds it unexpired; answers whether it did. */
  async take(db: Database, channelId: string, nodeId: string, expireMs: number): Promise<boolean> {
    const rows = await db
      .insert(liveStreamLeases)
      .values({ channelId, nodeId, expiresAt: expiry(expireMs) })
      .onConflictDoUpdate({
        target: liveStreamLeases.channelId,
        set: { nodeId, expiresAt: expiry(expireMs) },
        setWhere: sql`${liveStreamLeases.expiresAt} < now() or ${liveStreamLeases.nodeId} = ${nodeId}`,
      })
      .returning({ channelId: liveStreamLeases.channelId });
    return rows.length > 0;
  },

  release: async (db: Database, channelId: string, nodeId: string) =>
    void (await db.delete(liveStreamLeases).where(and(eq(liveStreamLeases.channelId, channelId), eq(liveStreamLeases.nodeId, nodeId)))),

  /** Pushes back the expiry of a node's leases; answers the channels whose lease it still held. */
  async renew(db: Database, channelIds: string[], nodeId: string, expireMs: number): Promise<string[]> {
    const rows = await db
      .update(liveStreamLeases)
      .set({ expiresAt: expiry(expireMs) })
      .where(and(inArray(liveStreamLeases.channelId, channelIds), eq(liveStreamLeases.nodeId, nodeId)))
      .returning({ channelId: liveStreamLeases.channelId });
    return rows.map((row) => row.channelId);
  },

  /** Deletes the expired leases (each by exactly one caller) and answers them, with their channel. */
  async takeExpired(db: Database) {
    const expired = await db
      .delete(liveStreamLeases)
      .where(lt(liveStreamLeases.expiresAt, sql`now()`))
      .returning({ channelId: liveStreamLeases.channelId, nodeId: liveStreamLeases.nodeId });
    if (expired.length === 0) return [];
    const channels = await db
      .select()
      .from(sessionChannels)
      .where(
        inArray(
          sessionChannels.id,
          expired.map((lease) => lease.channelId),
        ),
      );
    return channels.map((channel) => ({ channel, nodeId: expired.find((lease) => lease.channelId === channel.id)!.nodeId }));
  },
};
