/** The history of a media's transcript (transcript_snapshots), as the history panel lists it. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Snapshot, SnapshotReason, SnapshotSummary, Transcript } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { transcriptSnapshots, users } from '../db/schema.ts';

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
