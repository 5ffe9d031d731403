/**
 * The transcript documents of the process (types.ts): each media's transcript is a document of
 * host.ts, whose derived data is the JSON projection (conversations.transcript, which search, exports
 * and the API read), with snapshots of its history (the history panel).
 */
import * as Y from 'yjs';
import type { Snapshot, SnapshotReason, SnapshotSummary, Transcript } from '@palabre/shared';
import { applyTranscript, createTranscriptDoc, TranscriptProjection } from '@palabre/shared/collab';
import { emit } from '../conversations/effects.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { AppContext } from '../context.ts';
import { DocumentHost, type HostContext, type HostOptions } from './host.ts';
import { OpenDocument } from './open-document.ts';
import { documentStore, snapshotStore } from './repo.ts';
import { problemsAfter, type ChangeScope } from './validation.ts';
import type { ChangeAuthor, ChangeOptions, TranscriptDocuments } from './types.ts';

type TranscriptDocument = OpenDocument<TranscriptProjection>;

/** What the registry needs of the app: the database and the log, and the events when it runs beside sockets. */
export type RegistryContext = HostContext & Partial<Pick<AppContext, 'events'>>;

export class DocumentRegistry extends DocumentHost<TranscriptProjection> implements TranscriptDocuments {
  private readonly app: RegistryContext;

  constructor(ctx: RegistryContext, options: HostOptions = {}) {
    super(ctx, options);
    this.app = ctx;
  }

  protected override readonly kind = 'transcript';
  protected override readonly log = documentStore;

  /** The media's document, loaded if needed (not_found: no such media; conflict: no transcript yet). */
  protected override async load(conversationId: string): Promise<TranscriptDocument> {
    const media = await documentStore.media(this.ctx.db, conversationId);
    if (!media) throw notFound('Conversation');
    let stored = await documentStore.load(this.ctx.db, conversationId);
    if (!stored.state) {
      if (!media.transcript) throw new AppError('conflict', 'This media has no transcript yet');
      await documentStore.create(this.ctx.db, conversationId, Y.encodeStateAsUpdate(createTranscriptDoc(media.transcript)));
      stored = await documentStore.load(this.ctx.db, conversationId);
    }
    const lastSnapshot = await snapshotStore.lastAt(this.ctx.db, conversationId);
    const entry = new OpenDocument(conversationId, { conversationId }, stored as typeof stored & { state: Uint8Array }, lastSnapshot, (doc) => new TranscriptProjection(doc));
    entry.duration = media.duration;
    if (entry.projectionDirty) this.scheduleWrites(entry);
    return entry;
  }

  protected override gone(): AppError {
    return notFound('Conversation');
  }

  protected override problems(entry: TranscriptDocument, scope: ChangeScope): string[] {
    return problemsAfter(entry.doc, entry.view, scope, entry.duration);
  }

  protected override beforeUserChange(entry: TranscriptDocument): Promise<void> {
    return this.autoSnapshot(entry);
  }

  /** Stores the projection; watchers of the media learn that what depends on it (reports, keywords) may be outdated. */
  protected override async write(entry: TranscriptDocument, options: { anyStatus?: boolean }): Promise<void> {
    const written = await documentStore.project(this.ctx.db, entry.id, entry.view.transcript(), options);
    const { events, log } = this.app;
    if (written && events) emit({ events, log }, written.organizationId, { conversationId: entry.id, kind: 'transcript' });
  }

  async change<T>(conversationId: string, author: ChangeAuthor, fn: (doc: Y.Doc) => T, options: ChangeOptions = {}): Promise<T> {
    return this.task(conversationId, async (entry) => {
      try {
        if (options.snapshot) await this.takeSnapshot(entry, options.snapshot);
        else if (author) await this.autoSnapshot(entry);
        return await this.changeLocked(entry, author, fn);
      } finally {
        this.scheduleIdle(entry);
      }
    });
  }

  async read(conversationId: string): Promise<Transcript | null> {
    const current = this.open.get(conversationId);
    if (!current) {
      // Nobody here has it open: the projection is current unless another process edits it, and
      // then only the log tells; a stored document is loaded, otherwise the media's transcript is it.
      const folded = await documentStore.folded(this.ctx.db, conversationId);
      if (!folded) return (await documentStore.media(this.ctx.db, conversationId))?.transcript ?? null;
    }
    return this.task(conversationId, async (entry) => {
      this.scheduleIdle(entry);
      return structuredClone(entry.view.transcript());
    });
  }

  async rewrite(conversationId: string, transcript: Transcript, author: ChangeAuthor): Promise<void> {
    const hasDocument =
      this.open.has(conversationId) ||
      (await documentStore.folded(this.ctx.db, conversationId)) !== null ||
      (await documentStore.media(this.ctx.db, conversationId))?.transcript != null;
    if (!hasDocument) {
      // A first transcript: simply stored (a document is built from it when first opened).
      await documentStore.project(this.ctx.db, conversationId, transcript, { anyStatus: true });
      return;
    }
    await this.task(conversationId, async (entry) => {
      try {
        // An empty transcript has nothing worth restoring.
        if (entry.view.transcript().text.length > 0) await this.takeSnapshot(entry, 'before_rewrite');
        await this.changeLocked(entry, author, (doc) => applyTranscript(doc, transcript, null));
        // Stored whatever the media's status: the pipeline writes it before marking the media done.
        await this.project(entry, { anyStatus: true });
      } finally {
        this.scheduleIdle(entry);
      }
    });
  }

  /** The media is being deleted: its document leaves memory (its rows go with the media's). */
  override drop(conversationId: string): void {
    super.drop(conversationId, { conversationId });
  }

  // ---- history --------------------------------------------------------------------------------

  history(conversationId: string): Promise<SnapshotSummary[]> {
    return snapshotStore.list(this.ctx.db, conversationId);
  }

  snapshot(conversationId: string, snapshotId: string): Promise<Snapshot | null> {
    return snapshotStore.get(this.ctx.db, conversationId, snapshotId);
  }

  async restore(conversationId: string, snapshotId: string, author: ChangeAuthor): Promise<SnapshotSummary | null> {
    const target = await snapshotStore.get(this.ctx.db, conversationId, snapshotId);
    if (!target) return null;
    return this.task(conversationId, async (entry) => {
      try {
        const before = await this.takeSnapshot(entry, 'before_restore');
        await this.changeLocked(entry, author, (doc) => applyTranscript(doc, target.transcript, null));
        return before;
      } finally {
        this.scheduleIdle(entry);
      }
    });
  }

  private async takeSnapshot(entry: TranscriptDocument, reason: SnapshotReason): Promise<SnapshotSummary> {
    const summary = await snapshotStore.insert(this.ctx.db, {
      conversationId: entry.id,
      reason,
      authorId: entry.lastEditor,
      editors: [...entry.editors],
      transcript: entry.view.transcript(),
    });
    entry.editors.clear();
    entry.lastSnapshotAt = Date.now();
    return summary;
  }

  /** The first edit a while after the previous snapshot keeps the state it changes. */
  private async autoSnapshot(entry: TranscriptDocument): Promise<void> {
    if (entry.lastSnapshotAt !== null && Date.now() - entry.lastSnapshotAt < this.timing.snapshotIntervalMs) return;
    await this.takeSnapshot(entry, 'auto');
  }
}
