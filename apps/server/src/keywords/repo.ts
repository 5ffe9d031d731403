/** Data access for a media's keywords (one row per media). */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AiFailure, AiMethod } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { conversationKeywords } from '../db/schema.ts';

export type KeywordsRow = typeof conversationKeywords.$inferSelect;

/** Keywords folded by the database's own folding (palabre_fold), the one the library filter compares with. */
export function foldedArray(keywords: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(
    keywords.map((keyword) => sql`palabre_fold(${keyword})`),
    sql`, `,
  )}]::text[]`;
}

const RUNNING = ['queued', 'generating'] as const;

export const keywordsRepo = {
  of: async (db: Database, conversationId: string): Promise<KeywordsRow | undefined> =>
    (await db.select().from(conversationKeywords).where(eq(conversationKeywords.conversationId, conversationId)))[0],

  /**
   * Queues an extraction, unless one is queued or running: then answers it (`created` false). The
   * keywords of the last extraction stay until the new one ends.
   */
  async request(db: Database, conversationId: string, values: { method: AiMethod; aiProfileId: string | null }): Promise<{ row: KeywordsRow; created: boolean }> {
    const queued = { state: 'queued' as const, method: values.method, aiProfileId: values.aiProfileId, error: null, updatedAt: new Date() };
    const [row] = await db
      .insert(conversationKeywords)
      .values({ conversationId, ...queued })
      .onConflictDoUpdate({
        target: conversationKeywords.conversationId,
        set: queued,
        setWhere: sql`${conversationKeywords.state} NOT IN ('queued', 'generating')`,
      })
      .returning();
    if (row) return { row, created: true };
    return { row: (await keywordsRepo.of(db, conversationId))!, created: false };
  },

  /** Marks a queued extraction as running; undefined when none is queued or running (nothing to do). */
  start: async (db: Database, conversationId: string): Promise<KeywordsRow | undefined> =>
    (
      await db
        .update(conversationKeywords)
        .set({ state: 'generating', updatedAt: new Date() })
        .where(and(eq(conversationKeywords.conversationId, conversationId), inArray(conversationKeywords.state, [...RUNNING])))
        .returning()
    )[0],

  finish: (db: Database, conversationId: string, values: { keywords: string[]; transcriptFingerprint: string }) =>
    db
      .update(conversationKeywords)
      .set({
        state: 'up_to_date',
        keywords: values.keywords,
        keywordsFolded: foldedArray(values.keywords),
        transcriptFingerprint: values.transcriptFingerprint,
        error: null,
        generatedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(conversationKeywords.conversationId, conversationId)),

  fail: (db: Database, conversationId: string, error: AiFailure) =>
    db.update(conversationKeywords).set({ state: 'error', error, updatedAt: new Date() }).where(eq(conversationKeywords.conversationId, conversationId)),
};
