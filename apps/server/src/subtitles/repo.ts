/**
 * Storage of subtitle versions (subtitle_versions) and of their screen documents, kept like
 * transcript documents (collab/repo.ts): a compacted state (subtitle_documents) and the append-only
 * log of the updates after it (subtitle_updates); and of the videos burned with them (subtitle_burns).
 */
import { TransactionRollbackError, and, asc, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { BurnError, SubtitleSettings } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { conversations, subtitleBurns, subtitleDocuments, subtitleUpdates, subtitleVersions, type MediaFiles } from '../db/schema.ts';
import type { DocumentLog, LogRow, StoredDocument } from '../collab/repo.ts';
import { transcriptFingerprint } from './fingerprint.ts';

export type SubtitleVersionRow = typeof subtitleVersions.$inferSelect;

export interface NewVersion {
  conversationId: string;
  name: string;
  settings: SubtitleSettings;
  transcriptFingerprint: string;
  createdBy: string | null;
  screenCount: number;
  /** The first state of its screen document, stored with the version. */
  state: Uint8Array;
}

export const subtitlesRepo = {
  async list(db: Database, conversationId: string): Promise<SubtitleVersionRow[]> {
    return db.select().from(subtitleVersions).where(eq(subtitleVersions.conversationId, conversationId)).orderBy(desc(subtitleVersions.createdAt), desc(subtitleVersions.id));
  },

  async count(db: Database, conversationId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(subtitleVersions)
      .where(eq(subtitleVersions.conversationId, conversationId));
    return row?.n ?? 0;
  },

  /** A version of this media (never one of another media, whatever its id). */
  async byId(db: Database, conversationId: string, id: string): Promise<SubtitleVersionRow | undefined> {
    const [row] = await db
      .select()
      .from(subtitleVersions)
      .where(and(eq(subtitleVersions.id, id), eq(subtitleVersions.conversationId, conversationId)));
    return row;
  },

  /** The version and its first document state, in one transaction. */
  async insert(db: Database, version: NewVersion): Promise<SubtitleVersionRow> {
    return db.transaction(async (tx) => {
      const { state, ...values } = version;
      const [row] = await tx.insert(subtitleVersions).values(values).returning();
      await tx.insert(subtitleDocuments).values({ subtitleId: row!.id, state });
      return row!;
    });
  },

  async update(db: Database, conversationId: string, id: string, changes: { name?: string; settings?: SubtitleSettings }): Promise<SubtitleVersionRow | undefined> {
    const [row] = await db
      .update(subtitleVersions)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(subtitleVersions.id, id), eq(subtitleVersions.conversationId, conversationId)))
      .returning();
    return row;
  },

  /** Follows the screen document (its screen count, and that it changed). */
  async touch(db: Database, id: string, screenCount: number): Promise<void> {
    await db.update(subtitleVersions).set({ screenCount, updatedAt: new Date() }).where(eq(subtitleVersions.id, id));
  },

  /** Deletes exactly these versions of the media, or none when one of them is not the media's. */
  async deleteMany(db: Database, conversationId: string, ids: string[]): Promise<boolean> {
    try {
      await db.transaction(async (tx) => {
        const rows = await tx
          .delete(subtitleVersions)
          .where(and(eq(subtitleVersions.conversationId, conversationId), inArray(subtitleVersions.id, ids)))
          .returning({ id: subtitleVersions.id });
        if (rows.length !== new Set(ids).size) tx.rollback();
      });
      return true;
    } catch (error) {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    }
  },

  /**
   * The fingerprint of the media's stored transcript: written with the transcript, computed here
   * only for a transcript stored before fingerprints were (null: no transcript).
   */
  async transcriptFingerprint(db: Database, conversationId: string): Promise<string | null> {
    const [row] = await db.select({ fingerprint: conversations.transcriptFingerprint }).from(conversations).where(eq(conversations.id, conversationId));
    if (row?.fingerprint) return row.fingerprint;
    const [stored] = await db.select({ transcript: conversations.transcript }).from(conversations).where(eq(conversations.id, conversationId));
    return stored?.transcript ? transcriptFingerprint(stored.transcript) : null;
  },

  /** The media a version belongs to (the collaboration socket names both). */
  async conversationOf(db: Database, id: string): Promise<string | null> {
    const [row] = await db.select({ conversationId: subtitleVersions.conversationId }).from(subtitleVersions).where(eq(subtitleVersions.id, id));
    return row?.conversationId ?? null;
  },
};

/** The screen documents' state and update log, keyed by version id. */
export const screenLog: DocumentLog = {
  async load(db: Database, id: string): Promise<StoredDocument> {
    const [doc] = await db
      .select({ state: subtitleDocuments.state, foldedUpdateId: subtitleDocuments.foldedUpdateId })
      .from(subtitleDocuments)
      .where(eq(subtitleDocuments.subtitleId, id));
    const updates = await db
      .select({ id: subtitleUpdates.id, update: subtitleUpdates.update, userId: subtitleUpdates.userId })
      .from(subtitleUpdates)
      .where(eq(subtitleUpdates.subtitleId, id))
      .orderBy(asc(subtitleUpdates.id));
    return { state: doc?.state ?? null, foldedUpdateId: doc?.foldedUpdateId ?? 0, updates };
  },

  async create(db: Database, id: string, state: Uint8Array): Promise<void> {
    await db.insert(subtitleDocuments).values({ subtitleId: id, state }).onConflictDoNothing();
  },

  async append(db: Database, id: string, update: Uint8Array, userId: string | null): Promise<number> {
    const [row] = await db.insert(subtitleUpdates).values({ subtitleId: id, update, userId }).returning({ id: subtitleUpdates.id });
    return row!.id;
  },

  async withLog(db: Database): Promise<string[]> {
    const rows = await db.selectDistinct({ id: subtitleUpdates.subtitleId }).from(subtitleUpdates);
    return rows.map((r) => r.id);
  },

  async idsAfter(db: Database, id: string, after: number): Promise<number[]> {
    const rows = await db
      .select({ id: subtitleUpdates.id })
      .from(subtitleUpdates)
      .where(and(eq(subtitleUpdates.subtitleId, id), gt(subtitleUpdates.id, after)))
      .orderBy(asc(subtitleUpdates.id));
    return rows.map((r) => r.id);
  },

  async updates(db: Database, ids: number[]): Promise<LogRow[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: subtitleUpdates.id, update: subtitleUpdates.update, userId: subtitleUpdates.userId })
      .from(subtitleUpdates)
      .where(inArray(subtitleUpdates.id, ids))
      .orderBy(asc(subtitleUpdates.id));
  },

  async folded(db: Database, id: string): Promise<{ foldedUpdateId: number } | null> {
    const [row] = await db.select({ foldedUpdateId: subtitleDocuments.foldedUpdateId }).from(subtitleDocuments).where(eq(subtitleDocuments.subtitleId, id));
    return row ?? null;
  },

  async state(db: Database, id: string): Promise<Uint8Array | null> {
    const [row] = await db.select({ state: subtitleDocuments.state }).from(subtitleDocuments).where(eq(subtitleDocuments.subtitleId, id));
    return row?.state ?? null;
  },

  async compact(db: Database, id: string, state: Uint8Array, fold: { previous: number; next: number; ids: number[] }): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(subtitleDocuments)
        .set({ state, foldedUpdateId: fold.next, updatedAt: new Date() })
        .where(and(eq(subtitleDocuments.subtitleId, id), eq(subtitleDocuments.foldedUpdateId, fold.previous)))
        .returning({ id: subtitleDocuments.subtitleId });
      if (!row) return false;
      for (let i = 0; i < fold.ids.length; i += 1000) {
        await tx.delete(subtitleUpdates).where(and(eq(subtitleUpdates.subtitleId, id), inArray(subtitleUpdates.id, fold.ids.slice(i, i + 1000))));
      }
      return true;
    });
  },
};

/** Burned-in videos (subtitle_burns): one row per request, its job's state and file. */
export type BurnRow = typeof subtitleBurns.$inferSelect;

const ACTIVE = ['queued', 'running'] as const;

export const burnsRepo = {
  /** The newest burn of a version (of this media only). */
  async latest(db: Database, conversationId: string, subtitleId: string): Promise<BurnRow | undefined> {
    const [row] = await db
      .select()
      .from(subtitleBurns)
      .where(and(eq(subtitleBurns.conversationId, conversationId), eq(subtitleBurns.subtitleId, subtitleId)))
      .orderBy(desc(subtitleBurns.createdAt), desc(subtitleBurns.id))
      .limit(1);
    return row;
  },

  /** The newest finished video of a version. */
  async latestDone(db: Database, conversationId: string, subtitleId: string): Promise<BurnRow | undefined> {
    const [row] = await db
      .select()
      .from(subtitleBurns)
      .where(and(eq(subtitleBurns.conversationId, conversationId), eq(subtitleBurns.subtitleId, subtitleId), eq(subtitleBurns.state, 'done'), isNotNull(subtitleBurns.storageKey)))
      .orderBy(desc(subtitleBurns.finishedAt), desc(subtitleBurns.id))
      .limit(1);
    return row;
  },

  async byId(db: Database, id: string): Promise<BurnRow | undefined> {
    const [row] = await db.select().from(subtitleBurns).where(eq(subtitleBurns.id, id));
    return row;
  },

  /**
   * A new burn, unless one of the version is queued or running: then that one. The version's row is
   * locked meanwhile, so two requests at once make one burn.
   */
  async request(db: Database, burn: { conversationId: string; subtitleId: string; screensSrt: string; requestedBy: string }): Promise<{ row: BurnRow; created: boolean }> {
    return db.transaction(async (tx) => {
      await tx.select({ id: subtitleVersions.id }).from(subtitleVersions).where(eq(subtitleVersions.id, burn.subtitleId)).for('update');
      const [active] = await tx
        .select()
        .from(subtitleBurns)
        .where(and(eq(subtitleBurns.subtitleId, burn.subtitleId), inArray(subtitleBurns.state, [...ACTIVE])))
        .orderBy(desc(subtitleBurns.createdAt))
        .limit(1);
      if (active) return { row: active, created: false };
      const [row] = await tx.insert(subtitleBurns).values(burn).returning();
      return { row: row!, created: true };
    });
  },

  /** Burns the user asked for that are queued or running, on every media. */
  async activeOf(db: Database, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(subtitleBurns)
      .where(and(eq(subtitleBurns.requestedBy, userId), inArray(subtitleBurns.state, [...ACTIVE])));
    return Number(row?.n ?? 0);
  },

  /** Forgets a burn that was never started (refused after it was recorded). */
  async remove(db: Database, id: string): Promise<void> {
    await db.delete(subtitleBurns).where(eq(subtitleBurns.id, id));
  },

  /** Takes a queued burn (or one a lost delivery left running) for a job; undefined when it is over or gone. */
  async claim(db: Database, id: string): Promise<BurnRow | undefined> {
    const [row] = await db
      .update(subtitleBurns)
      .set({ state: 'running', progress: 0, error: null })
      .where(and(eq(subtitleBurns.id, id), inArray(subtitleBurns.state, [...ACTIVE])))
      .returning();
    return row;
  },

  /** Stores the progress of a running burn; false when the burn is gone (its version was deleted). */
  async progress(db: Database, id: string, progress: number): Promise<boolean> {
    const rows = await db
      .update(subtitleBurns)
      .set({ progress })
      .where(and(eq(subtitleBurns.id, id), eq(subtitleBurns.state, 'running')))
      .returning({ id: subtitleBurns.id });
    return rows.length > 0;
  },

  /** Marks the burn done with its file; false when it is gone. */
  async finish(db: Database, id: string, storageKey: string): Promise<boolean> {
    const rows = await db
      .update(subtitleBurns)
      .set({ state: 'done', progress: 1, storageKey, error: null, finishedAt: new Date() })
      .where(and(eq(subtitleBurns.id, id), eq(subtitleBurns.state, 'running')))
      .returning({ id: subtitleBurns.id });
    return rows.length > 0;
  },

  async fail(db: Database, id: string, error: BurnError): Promise<boolean> {
    const rows = await db
      .update(subtitleBurns)
      .set({ state: 'failed', error, finishedAt: new Date() })
      .where(and(eq(subtitleBurns.id, id), inArray(subtitleBurns.state, [...ACTIVE])))
      .returning({ id: subtitleBurns.id });
    return rows.length > 0;
  },

  /** Deletes the version's finished burns other than `keepId`; answers their files. */
  async deleteOthers(db: Database, subtitleId: string, keepId: string): Promise<string[]> {
    const rows = await db
      .delete(subtitleBurns)
      .where(and(eq(subtitleBurns.subtitleId, subtitleId), ne(subtitleBurns.id, keepId), inArray(subtitleBurns.state, ['done', 'failed'])))
      .returning({ storageKey: subtitleBurns.storageKey });
    return rows.flatMap((r) => (r.storageKey ? [r.storageKey] : []));
  },

  /** The files of these versions' burns (read before the versions are deleted). */
  async filesOf(db: Database, conversationId: string, subtitleIds: string[]): Promise<string[]> {
    if (subtitleIds.length === 0) return [];
    const rows = await db
      .select({ storageKey: subtitleBurns.storageKey })
      .from(subtitleBurns)
      .where(and(eq(subtitleBurns.conversationId, conversationId), inArray(subtitleBurns.subtitleId, subtitleIds), isNotNull(subtitleBurns.storageKey)));
    return rows.map((r) => r.storageKey!);
  },

  /** What a burn job needs of its media: the video, the duration and the name. */
  async media(db: Database, conversationId: string): Promise<{ organizationId: string; name: string; duration: number | null; video: MediaFiles['video'] } | undefined> {
    const [row] = await db
      .select({ organizationId: conversations.organizationId, name: conversations.name, duration: conversations.duration, files: conversations.files })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    return row ? { organizationId: row.organizationId, name: row.name, duration: row.duration, video: row.files.video } : undefined;
  },
};
