/**
 * Other processes (a worker re-transcribing, another server node) append to the same update log:
 * an open document picks up their rows, and merges the state they compacted, every poll.
 */
import * as Y from 'yjs';
import type { Database } from '../db/client.ts';
import { capture } from './capture.ts';
import type { OpenDocument } from './open-document.ts';
import type { DocumentLog } from './repo.ts';

/** The origin of changes that came from other processes through the log. */
const FOREIGN = Symbol('foreign');

/** Applies the log rows and the compacted state others wrote since we last looked; answers what changed. */
export async function pickUpForeign(db: Database, log: DocumentLog, entry: OpenDocument): Promise<Uint8Array | null> {
  const ids = await log.idsAfter(db, entry.id, entry.safeFloor());
  const missing = ids.filter((id) => !entry.contains(id));
  const changes: Uint8Array[] = [];
  for (const row of await log.updates(db, missing)) {
    const update = capture(entry.doc, FOREIGN, () => Y.applyUpdate(entry.doc, row.update, FOREIGN));
    entry.saw(row.id);
    if (row.userId) {
      entry.editors.add(row.userId);
      entry.lastEditor = row.userId;
    }
    if (update) changes.push(update);
  }
  entry.mark();
  const folded = await log.folded(db, entry.id);
  if (folded && folded.foldedUpdateId > entry.knownFolded) {
    // Another process folded rows we may not have seen: its state contains them.
    const state = await log.state(db, entry.id);
    const update = state ? capture(entry.doc, FOREIGN, () => Y.applyUpdate(entry.doc, state, FOREIGN)) : null;
    if (update) changes.push(update);
    entry.knownFolded = folded.foldedUpdateId;
  }
  if (changes.length === 0) return null;
  return changes.length === 1 ? changes[0]! : Y.mergeUpdates(changes);
}
