/**
 * Storage of the collaborative documents (docs/collaboration.md, Persistence): a compacted Yjs state
 * per media (transcript_documents), the append-only log of the updates after it
 * (transcript_updates), the JSON projection in conversations.transcript, and the history of
 * snapshots (transcript_snapshots).
 */
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Snapshot, SnapshotReason, SnapshotSummary, Transcript } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { transcriptFingerprint } from '../subtitles/fingerprint.ts';
import { conversations, transcriptDocuments, transcriptSnapshots, transcriptUpdates, users } from '../db/schema.ts';

export interface StoredDocument {
  /** The compacted state, or null when the media has no document yet. */
  state: Uint8Array | null;
  foldedUpdateId: number;
  /**
   * The log rows not folded into the state, in order: every row left, since a fold deletes exactly
   * what it folded (a row committed late, below the fold, is still read).
   */
  updates: Array<{ id: number; update: Uint8Array; userId: string | null }>;
}

export type LogRow = { id: number; update: Uint8Array; userId: string | null };

/**
 * The storage every kind of document shares (host.ts): a compacted state per document and the
 * append-only log of the updates after it, keyed by the document's id.
 */
export interface DocumentLog {
  load(db: Database, id: string): Promise<StoredDocument>;
  create(db: Database, id: string, state: Uint8Array): Promise<void>;
  append(db: Database, id: string, update: Uint8Array, userId: string | null): Promise<number>;
  withLog(db: Database): Promise<string[]>;
  idsAfter(db: Database, id: string, after: number): Promise<number[]>;
  updates(db: Database, ids: number[]): Promise<LogRow[]>;
  folded(db: Database, id: string): Promise<{ foldedUpdateId: number } | null>;
  state(db: Database, id: string): Promise<Uint8Array | null>;
  compact(db: Database, id: string, state: Uint8Array, fold: { previous: number; next: number; ids: number[] }): Promise<boolean>;
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
      .where(eq(transcriptUpdates.conversationId, conversationId))
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

  /** The media whose log holds rows not folded into their state. */
  async withLog(db: Database): Promise<string[]> {
    const rows = await db.selectDistinct({ id: transcriptUpdates.conversationId }).from(transcriptUpdates);
    return rows.map((r) => r.id);
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
   * Replaces the state by `state`, which contains the stored state and the log rows `fold.ids`, and
   * deletes exactly those rows, in one transaction. Only if nobody folded since the caller last merged
   * the stored state (`folded_update_id` still `fold.previous`): otherwise the caller merges it first.
   */
  async compact(db: Database, conversationId: string, state: Uint8Array, fold: { previous: number; next: number; ids: number[] }): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(transcriptDocuments)
        .set({ state, foldedUpdateId: fold.next, updatedAt: new Date() })
        .where(and(eq(transcriptDocuments.conversationId, conversationId), eq(transcriptDocuments.foldedUpdateId, fold.previous)))
        .returning({ id: transcriptDocuments.conversationId });
      if (!row) return false;
      for (let i = 0; i < fold.ids.length; i += 1000) {
        await tx.delete(transcriptUpdates).where(and(eq(transcriptUpdates.conversationId, conversationId), inArray(transcriptUpdates.id, fold.ids.slice(i, i + 1000))));
      }
      return true;
    });
  },

  /**
   * Writes the projection that search, exports and the API read, and its fingerprint (subtitle
   * versions, reports and keywords compare theirs with it); the media's organization when it was
   * written. Only a processed media's: while a media is being (re)processed
   * its stored transcript belongs to the pipeline.
   */
  async project(db: Database, conversationId: string, transcript: Transcript, options: { anyStatus?: boolean } = {}): Promise<{ organizationId: string } | undefined> {
    const [row] = await db
      .update(conversations)
      .set({ transcript, transcriptFingerprint: transcriptFingerprint(transcript), updatedAt: new Date() })
      .where(options.anyStatus ? eq(conversations.id, conversationId) : and(eq(conversations.id, conversationId), sql`${conversations.status} = 'done'`))
      .returning({ organizationId: conversations.organizationId });
    return row;
  },
};

// ---- history ----------------------------------------------------------------------------------

type SnapshotRow = typeof transcriptSnapshots.$inferSelect;

export interface NewSnapshot {
  conversationId: string;
  reason: SnapshotReason;
  authorId: string | null;
  editors: string[];
  transcript: Transcript;
}

const summaryColumns = {
  id: transcriptSnapshots.id,
  conversationId: transcriptSnapshots.conversationId,
  reason: transcriptSnapshots.reason,
  authorId: transcriptSnapshots.authorId,
  editors: transcriptSnapshots.editors,
  turns: transcriptSnapshots.turns,
  words: transcriptSnapshots.words,
  createdAt: transcriptSnapshots.createdAt,
};
type SummaryRow = Omit<SnapshotRow, 'transcript'>;

async function namesOf(db: Database, ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, `${u.firstname} ${u.lastname}`.trim()]));
}

function present(row: SummaryRow, names: Map<string, string>): SnapshotSummary {
  const person = (id: string) => ({ _id: id, name: names.get(id) ?? '' });
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    reason: row.reason,
    // A deleted account leaves the snapshot without an author rather than naming nobody.
    author: row.authorId && names.has(row.authorId) ? person(row.authorId) : null,
    editors: row.editors.filter((id) => names.has(id)).map(person),
    turns: row.turns,
    words: row.words,
  };
}

export const snapshotStore = {
  async insert(db: Database, snapshot: NewSnapshot): Promise<SnapshotSummary> {
    const words = snapshot.transcript.text.reduce((sum, turn) => sum + turn.words.length, 0);
    const [row] = await db
      .insert(transcriptSnapshots)
      .values({ ...snapshot, turns: snapshot.transcript.text.length, words })
      .returning(summaryColumns);
    return present(row!, await namesOf(db, [...snapshot.editors, ...(snapshot.authorId ? [snapshot.authorId] : [])]));
  },

  async list(db: Database, conversationId: string): Promise<SnapshotSummary[]> {
    const rows = await db
      .select(summaryColumns)
      .from(transcriptSnapshots)
      .where(eq(transcriptSnapshots.conversationId, conversationId))
      .orderBy(desc(transcriptSnapshots.createdAt), desc(transcriptSnapshots.id));
    const names = await namesOf(
      db,
      rows.flatMap((r) => [...r.editors, ...(r.authorId ? [r.authorId] : [])]),
    );
    return rows.map((row) => present(row, names));
  },

  async get(db: Database, conversationId: string, snapshotId: string): Promise<Snapshot | null> {
    const [row] = await db
      .select()
      .from(transcriptSnapshots)
      .where(and(eq(transcriptSnapshots.conversationId, conversationId), eq(transcriptSnapshots.id, snapshotId)));
    if (!row) return null;
    const names = await namesOf(db, [...row.editors, ...(row.authorId ? [row.authorId] : [])]);
    return { ...present(row, names), transcript: row.transcript };
  },

  /** When the last snapshot of a media was taken (null: never). */
  async lastAt(db: Database, conversationId: string): Promise<Date | null> {
    const [row] = await db
      .select({ createdAt: transcriptSnapshots.createdAt })
      .from(transcriptSnapshots)
      .where(eq(transcriptSnapshots.conversationId, conversationId))
      .orderBy(desc(transcriptSnapshots.createdAt))
      .limit(1);
    return row?.createdAt ?? null;
  },
};
