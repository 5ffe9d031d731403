/**
 * One document held in memory by this process: its Y.Doc, who holds it, the part of the update log
 * it already contains, and its pending persistence. Every change to it runs through `run`, one at a
 * time, so an update is applied, stored and relayed in the order it was accepted.
 */
import * as Y from 'yjs';
import type { DocRef, UpdateEncoding } from '@palabre/shared';
import { DocumentSize } from './document-size.ts';
import type { StoredDocument } from './repo.ts';

/** What a kind of document keeps derived from its Y.Doc (the transcript's projection), rebuilt with it. */
export interface DocumentView {
  destroy(): void;
}

/**
 * Log rows are numbered when inserted but may commit out of order (two processes appending at once):
 * a row is looked for again during this long after a higher one was seen.
 */
export const LOG_LOOKBACK_MS = 5_000;

export class OpenDocument<V extends DocumentView = DocumentView> {
  doc: Y.Doc;
  /** Derived from the doc by its kind (a transcript's projection, re-read only for the turns that changed). */
  view: V;
  /** The media's duration (seconds): times stay within it. */
  duration: number | null = null;
  /** Sockets that joined it; at zero the document is written back and dropped from memory. */
  holders = 0;
  /**
   * The stored state's `folded_update_id` as this process last merged it: every compaction raises it,
   * so a compaction by another process since is noticed (and its state merged before ours is written).
   */
  knownFolded: number;
  /** Log rows this doc contains that are still in the log: a compaction folds exactly these. */
  readonly unfoldedIds = new Set<number>();
  /** Log rows above the safe floor that the doc already contains. */
  private seen = new Set<number>();
  private maxSeen: number;
  private marks: Array<{ at: number; max: number }> = [];
  private baseFloor: number;
  private chain: Promise<unknown> = Promise.resolve();
  /**
   * The whole state in each update format, as a client joining with nothing needs it: encoded once
   * (30 ms for a three-hour transcript) and shared by such joins until the document's next
   * transaction (listened to after it, which unlike an `update` listener costs no encoding).
   */
  private wholeState = new Map<UpdateEncoding, Uint8Array>();
  private readonly forgetWholeState = () => this.wholeState.clear();

  /** Its encoded size, bounded (document-size.ts). */
  readonly size: DocumentSize;

  /** What is derived from the document and stored (conversations.transcript) lags it. */
  projectionDirty = false;
  projectionTimer: NodeJS.Timeout | null = null;
  compactionTimer: NodeJS.Timeout | null = null;
  idleTimer: NodeJS.Timeout | null = null;

  /** Users whose edits came since the last snapshot, and the last of them. */
  editors = new Set<string>();
  lastEditor: string | null = null;
  lastSnapshotAt: number | null;
  /** Gone (media deleted, process closing): nothing is written for it any more. */
  closed = false;

  /** The key of its row (a media id, a subtitle version id). */
  readonly id: string;
  /** How messages name it. */
  readonly ref: DocRef;
  private readonly viewOf: (doc: Y.Doc) => V;

  constructor(id: string, ref: DocRef, stored: StoredDocument & { state: Uint8Array }, lastSnapshotAt: Date | null, viewOf: (doc: Y.Doc) => V) {
    this.id = id;
    this.ref = ref;
    this.viewOf = viewOf;
    this.doc = OpenDocument.build(stored);
    this.doc.on('afterTransaction', this.forgetWholeState);
    this.view = viewOf(this.doc);
    this.size = new DocumentSize(stored);
    this.knownFolded = stored.foldedUpdateId;
    this.baseFloor = stored.foldedUpdateId;
    this.maxSeen = stored.foldedUpdateId;
    this.lastSnapshotAt = lastSnapshotAt?.getTime() ?? null;
    // Updates not yet folded may not be in the projection either (the writer may have died first).
    this.projectionDirty = stored.updates.length > 0;
    this.adopt(stored);
  }

  /** A Y.Doc from a stored state and its log (merged first: one integration is much faster than many). */
  static build(stored: StoredDocument & { state: Uint8Array }): Y.Doc {
    const doc = new Y.Doc({ gc: true });
    Y.applyUpdate(doc, stored.updates.length === 0 ? stored.state : Y.mergeUpdates([stored.state, ...stored.updates.map((u) => u.update)]));
    return doc;
  }

  /** Starts over from what is stored (an update was refused or could not be stored after it was applied). */
  reset(stored: StoredDocument & { state: Uint8Array }): void {
    this.destroy();
    this.doc = OpenDocument.build(stored);
    this.doc.on('afterTransaction', this.forgetWholeState);
    this.view = this.viewOf(this.doc);
    this.size.restart(stored);
    this.knownFolded = stored.foldedUpdateId;
    this.baseFloor = stored.foldedUpdateId;
    this.seen = new Set();
    this.unfoldedIds.clear();
    this.marks = [];
    this.maxSeen = stored.foldedUpdateId;
    this.adopt(stored);
  }

  private adopt(stored: StoredDocument): void {
    for (const row of stored.updates) {
      this.saw(row.id);
      if (row.userId) {
        this.editors.add(row.userId);
        this.lastEditor = row.userId;
      }
    }
    this.mark();
  }

  /** Runs `task` after every task queued before it. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.chain.then(task, task);
    this.chain = next.catch(() => undefined);
    return next;
  }

  saw(id: number): void {
    this.seen.add(id);
    this.unfoldedIds.add(id);
    if (id > this.maxSeen) this.maxSeen = id;
  }

  contains(id: number): boolean {
    return id <= this.safeFloor() || this.seen.has(id);
  }

  /** Notes the highest row seen now (called on every poll). */
  mark(now = Date.now()): void {
    this.marks.push({ at: now, max: this.maxSeen });
  }

  /** Every log row up to this id is in the doc: rows above it are looked for on each poll. */
  safeFloor(now = Date.now()): number {
    let floor = this.baseFloor;
    let keepFrom = 0;
    for (let i = 0; i < this.marks.length; i += 1) {
      const mark = this.marks[i]!;
      if (mark.at > now - LOG_LOOKBACK_MS) break;
      floor = Math.max(floor, mark.max);
      keepFrom = i;
    }
    if (keepFrom > 0) {
      this.marks.splice(0, keepFrom);
      this.baseFloor = floor;
      for (const id of this.seen) if (id <= floor) this.seen.delete(id);
    }
    return floor;
  }

  destroy(): void {
    this.view.destroy();
    this.doc.off('afterTransaction', this.forgetWholeState);
    this.doc.destroy();
    this.wholeState.clear();
  }

  /** What a client whose state vector is `stateVector` lacks, in the update format it asked for. */
  missingFor(stateVector: Uint8Array, encoding: UpdateEncoding): Uint8Array {
    const encode = encoding === 'v2' ? Y.encodeStateAsUpdateV2 : Y.encodeStateAsUpdate;
    if (Y.decodeStateVector(stateVector).size > 0) return encode(this.doc, stateVector);
    let whole = this.wholeState.get(encoding);
    if (!whole) {
      whole = encode(this.doc);
      this.wholeState.set(encoding, whole);
    }
    return whole;
  }

  clearTimers(): void {
    for (const timer of [this.projectionTimer, this.compactionTimer, this.idleTimer]) if (timer) clearTimeout(timer);
    this.projectionTimer = null;
    this.compactionTimer = null;
    this.idleTimer = null;
  }
}
