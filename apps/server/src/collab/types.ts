/**
 * The transcript documents of the process (docs/collaboration.md): the one way anything changes a
 * transcript — the collaboration socket, the REST turn endpoints, re-transcription, snapshot restores.
 * A change is applied to the document's Y.Doc, stored durably (appended to the update log) before it
 * is acknowledged, relayed to open editors, and projected into `conversations.transcript` (which
 * search, exports and the API read) with a debounce.
 */
import type * as Y from 'yjs';
import type { Snapshot, SnapshotReason, SnapshotSummary, Transcript } from '@palabre/shared';

/** Who changes a document: a user (their edits are credited in the history) or the server. */
export type ChangeAuthor = { userId: string } | null;

export interface ChangeOptions {
  /** Take a snapshot of the current state first (before a server-side rewrite or a restore). */
  snapshot?: SnapshotReason;
}

export interface TranscriptDocuments {
  /**
   * Runs `fn` on the media's live document (loaded from the database when no editor has it open) in
   * one transaction, stores the resulting update durably, relays it to open editors and schedules the
   * projection. Resolves with `fn`'s result once stored. Nothing is stored when `fn` throws or changes
   * nothing. Callers check rights first (policy); this does not.
   */
  change<T>(conversationId: string, author: ChangeAuthor, fn: (doc: Y.Doc) => T, options?: ChangeOptions): Promise<T>;
  /** The media's transcript as the live document has it now (null: no transcript yet). */
  read(conversationId: string): Promise<Transcript | null>;
  /**
   * Replaces a media's transcript (re-transcription, PATCH text): a `before_rewrite` snapshot first
   * when a transcript existed, then the fewest changes (applyTranscript) so open editors follow.
   */
  rewrite(conversationId: string, transcript: Transcript, author: ChangeAuthor): Promise<void>;
  /** Writes every pending projection now (shutdown, tests). */
  flush(): Promise<void>;
  /** The media's snapshots, newest first. */
  history(conversationId: string): Promise<SnapshotSummary[]>;
  /** One snapshot with its transcript (null: not a snapshot of this media). */
  snapshot(conversationId: string, snapshotId: string): Promise<Snapshot | null>;
  /**
   * Restores a snapshot into the live document: a `before_restore` snapshot of the current state
   * first (returned, so a restore is undone by restoring it), then the fewest changes.
   */
  restore(conversationId: string, snapshotId: string, author: ChangeAuthor): Promise<SnapshotSummary | null>;
  /** Rights may have changed (on a media, for a user, in an organization): open sockets are re-checked. */
  rightsChanged(scope: { conversationId?: string; userId?: string; organizationId?: string }): void;
  /** The media was deleted: its document leaves memory and its editors are told (its rows cascade). */
  drop(conversationId: string): void;
}
