/**
 * Storage of the collaborative documents (docs/collaboration.md, Persistence): a compacted Yjs state
 * per media (transcript_documents), the append-only log of the updates after it
 * (transcript_updates), and the JSON projection in conversations.transcript.
 */
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Transcript } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { conversations, transcriptDocuments, transcriptUpdates } from '../db/schema.ts';

export interface StoredDocument {
  /** The compacted state, or null when the media has no document yet. */
  state: Uint8Array | null;
  foldedUpdateId: number;
  /** The log after the state, in order. */
  updates: Array<{ id: number; update: Uint8Array; userId: string | null }>;
}

export interface MediaFacts {
  organizationId: string;
  status: string;
  duration: number | null;
  transcript: Transcript | null;
}

export const documentStore = {
  async media(db: Database, conversationId: string): Promise<MediaFacts | null> {
    const [row] = await db
      .select({ organizationId: conversations.organizationId, status: conversations.status, duration: conversations.duration, transcript: conversations.transcript })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    return row ?? null;
  },

  async load(db: Database, conversationId: string): Promise<StoredDocument> {
    const [doc] = await db
      .select({ state: transcriptDocuments.state, foldedUpdateId: transcriptDocuments.foldedUpdateId })
      .from(transcriptDocuments)
      .where(eq(transcriptDocuments.conversationId, conversationId));
    const folded = doc?.foldedUpdateId ?? 0;
    const updates = await db
      .select({ id: transcriptUpdates.id, update: transcriptUpdates.update, userId: transcriptUpdates.userId })
      .from(transcriptUpdates)
      .where(and(eq(transcriptUpdates.conversationId, conversationId), gt(transcriptUpdates.id, folded)))
      .orderBy(asc(transcriptUpdates.id));
    return { state: doc?.state ?? null, foldedUpdateId: folded, updates };
  },

  /**
   * Stores the first state of a document unless another process did first; answers the stored one,
   * so every process starts from the same Yjs history (two independently built states would
   * duplicate every turn once merged).
   */
  async create(db: Database, conversationId: string, state: Uint8Array): Promise<void> {
    await db.insert(transcriptDocuments).values({ conversationId, state }).onConflictDoNothing();
  },

  /** Appends an update; resolves with its id once committed. */
  async append(db: Database, conversationId: string, update: Uint8Array, userId: string | null): Promise<number> {
    const [row] = await db.insert(transcriptUpdates).values({ conversationId, update, userId }).returning({ id: transcriptUpdates.id });
    return row!.id;
  },

  /** Ids of the log rows after `after` (cheap: the index holds them). */
  async idsAfter(db: Database, conversationId: string, after: number): Promise<number[]> {
    const rows = await db
      .select({ id: transcriptUpdates.id })
      .from(transcriptUpdates)
      .where(and(eq(transcriptUpdates.conversationId, conversationId), gt(transcriptUpdates.id, after)))
      .orderBy(asc(transcriptUpdates.id));
    return rows.map((r) => r.id);
  },

  async updates(db: Database, ids: number[]): Promise<Array<{ id: number; update: Uint8Array; userId: string | null }>> {
    if (ids.length === 0) return [];
    return db
      .select({ id: transcriptUpdates.id, update: transcriptUpdates.update, userId: transcriptUpdates.userId })
      .from(transcriptUpdates)
      .where(inArray(transcriptUpdates.id, ids))
      .orderBy(asc(transcriptUpdates.id));
  },

  async folded(db: Database, conversationId: string): Promise<{ foldedUpdateId: number } | null> {
    const [row] = await db.select({ foldedUpdateId: transcriptDocuments.foldedUpdateId }).from(transcriptDocuments).where(eq(transcriptDocuments.conversationId, conversationId));
    return row ?? null;
  },

  async state(db: Database, conversationId: string): Promise<Uint8Array | null> {
    const [row] = await db.select({ state: transcriptDocuments.state }).from(transcriptDocuments).where(eq(transcriptDocuments.conversationId, conversationId));
    return row?.state ?? null;
  },

  /**
   * Folds the log up to `foldedUpdateId` into `state` (which contains at least every update up to it)
   * and deletes the folded rows, in one transaction. A fold never goes back: a process that folded
   * further already stored a state containing ours.
   */
  async compact(db: Database, conversationId: string, state: Uint8Array, foldedUpdateId: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(transcriptDocuments)
        .set({ state, foldedUpdateId, updatedAt: new Date() })
        .where(and(eq(transcriptDocuments.conversationId, conversationId), lte(transcriptDocuments.foldedUpdateId, foldedUpdateId)))
        .returning({ id: transcriptDocuments.conversationId });
      if (!row) return false;
      await tx.delete(transcriptUpdates).where(and(eq(transcriptUpdates.conversationId, conversationId), lte(transcriptUpdates.id, foldedUpdateId)));
      return true;
    });
  },

  /**
   * Writes the projection that search, exports and the API read. Only a processed media's: while a
   * media is being (re)processed its stored transcript belongs to the pipeline.
   */
  async project(db: Database, conversationId: string, transcript: Transcript, options: { anyStatus?: boolean } = {}): Promise<void> {
    await db
      .update(conversations)
      .set({ transcript, updatedAt: new Date() })
      .where(options.anyStatus ? eq(conversations.id, conversationId) : and(eq(conversations.id, conversationId), sql`${conversations.status} = 'done'`));
  },
};
