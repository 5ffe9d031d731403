/**
 * The transcript documents of the process (types.ts): each media's Y.Doc is held in memory while
 * sockets have it open or server code changes it, and written back to the database:
 * - every accepted change is appended to the update log before anyone is told it happened;
 * - the log is folded into the compacted state after a pause in editing and on last disconnect;
 * - the JSON projection (conversations.transcript) follows with a short debounce, on last
 *   disconnect and on flush();
 * - rows other processes append to the log are picked up every second and relayed.
 */
import * as Y from 'yjs';
import type { Snapshot, SnapshotReason, SnapshotSummary, Transcript } from '@palabre/shared';
import { applyTranscript, createTranscriptDoc } from '@palabre/shared/collab';
import type { AppContext } from '../context.ts';
import { AppError, notFound } from '../http/errors.ts';
import { OpenDocument } from './open-document.ts';
import { documentStore, snapshotStore } from './repo.ts';
import { captureScoped, pendingOf } from './capture.ts';
import { pickUpForeign } from './foreign.ts';
import { problemsAfter, type ChangeScope } from './validation.ts';
import type { ChangeAuthor, ChangeOptions, TranscriptDocuments } from './types.ts';

/** What the collaboration socket does with what happens to documents (nothing without sockets). */
export interface DocumentAudience {
  /** An accepted update, for the document's sockets except `except` (its sender). */
  relay(conversationId: string, update: Uint8Array, except: string | null): void;
  rightsChanged(scope: { conversationId?: string; userId?: string; organizationId?: string }): void;
  /** The document no longer exists (its media was deleted). */
  dropped(conversationId: string): void;
}

export interface RegistryTiming {
  projectionDelayMs: number;
  compactionDelayMs: number;
  /** A document nobody holds stays this long in memory after its last change. */
  idleMs: number;
  pollIntervalMs: number;
  snapshotIntervalMs: number;
}

export const DEFAULT_TIMING: RegistryTiming = {
  projectionDelayMs: 2_000,
  compactionDelayMs: 30_000,
  idleMs: 10_000,
  pollIntervalMs: 1_000,
  snapshotIntervalMs: 5 * 60_000,
};

/** A log this long is folded without waiting for a pause in editing. */
const COMPACT_AFTER_UPDATES = 500;

type Context = Pick<AppContext, 'db' | 'log'>;

export class DocumentRegistry implements TranscriptDocuments {
  private readonly open = new Map<string, Promise<OpenDocument>>();
  private audience: DocumentAudience | null = null;
  private poller: NodeJS.Timeout | null = null;
  private polling = false;
  private readonly timing: RegistryTiming;
  private readonly ctx: Context;

  constructor(ctx: Context, timing: Partial<RegistryTiming> = {}) {
    this.ctx = ctx;
    this.timing = { ...DEFAULT_TIMING, ...timing };
  }

  attach(audience: DocumentAudience): void {
    this.audience = audience;
  }

  detach(): void {
    this.audience = null;
  }

  // ---- holding documents ----------------------------------------------------------------------

  /** The media's document, loaded if needed (not_found: no such media; conflict: no transcript yet). */
  private async entry(conversationId: string): Promise<OpenDocument> {
    let loading = this.open.get(conversationId);
    if (!loading) {
      loading = this.load(conversationId);
      this.open.set(conversationId, loading);
      loading.catch(() => this.open.delete(conversationId));
      this.startPolling();
    }
    return loading;
  }

  private async load(conversationId: string): Promise<OpenDocument> {
    const media = await documentStore.media(this.ctx.db, conversationId);
    if (!media) throw notFound('Conversation');
    let stored = await documentStore.load(this.ctx.db, conversationId);
    if (!stored.state) {
      if (!media.transcript) throw new AppError('conflict', 'This media has no transcript yet');
      await documentStore.create(this.ctx.db, conversationId, Y.encodeStateAsUpdate(createTranscriptDoc(media.transcript)));
      stored = await documentStore.load(this.ctx.db, conversationId);
    }
    const lastSnapshot = await snapshotStore.lastAt(this.ctx.db, conversationId);
    const entry = new OpenDocument(conversationId, stored as typeof stored & { state: Uint8Array }, lastSnapshot);
    entry.duration = media.duration;
    if (entry.projectionDirty) this.scheduleWrites(entry);
    return entry;
  }

  private async reload(entry: OpenDocument): Promise<void> {
    const stored = await documentStore.load(this.ctx.db, entry.id);
    if (!stored.state) throw notFound('Conversation');
    entry.reset(stored as typeof stored & { state: Uint8Array });
  }

  /**
   * Runs `task` on the media's document, after the tasks queued before it. A document written back
   * and forgotten meanwhile (idle, or its media deleted) is looked up again.
   */
  private async task<T>(conversationId: string, task: (entry: OpenDocument) => Promise<T>): Promise<T> {
    for (;;) {
      const entry = await this.entry(conversationId);
      const outcome = await entry.run(async () => (entry.closed ? { closed: true as const } : { closed: false as const, value: await task(entry) }));
      if (!outcome.closed) return outcome.value;
      if (this.open.get(conversationId) && (await this.open.get(conversationId)!.catch(() => null)) === entry) this.open.delete(conversationId);
    }
  }

  /** A socket joins: the document stays in memory until every holder released it. */
  async hold(conversationId: string): Promise<void> {
    await this.task(conversationId, async (entry) => {
      entry.holders += 1;
      if (entry.idleTimer) clearTimeout(entry.idleTimer);
      entry.idleTimer = null;
    });
  }

  /** A socket leaves; the last one out writes the projection and the compacted state at once. */
  async release(conversationId: string): Promise<void> {
    const entry = await this.open.get(conversationId)?.catch(() => null);
    if (!entry) return;
    entry.holders = Math.max(0, entry.holders - 1);
    if (entry.holders === 0) await this.settle(entry, { evict: false });
  }

  /** The document as a client lacking `stateVector` needs it, and the server's state vector. */
  async sync(conversationId: string, stateVector: Uint8Array): Promise<{ update: Uint8Array; stateVector: Uint8Array }> {
    return this.task(conversationId, async (entry) => ({ update: Y.encodeStateAsUpdate(entry.doc, stateVector), stateVector: Y.encodeStateVector(entry.doc) }));
  }

  // ---- changes ----------------------------------------------------------------------------------

  /**
   * A client's update: applied, checked against the transcript invariants, stored, then relayed.
   * A refused or unstorable update leaves the document as stored (it is rebuilt from the database),
   * and nobody else ever sees it. Resolves once stored.
   */
  async applyUpdate(conversationId: string, update: Uint8Array, userId: string, sender: string): Promise<void> {
    return this.task(conversationId, async (entry) => {
      await this.autoSnapshot(entry);
      let captured: Uint8Array | null;
      let scope: ChangeScope;
      try {
        ({ update: captured, scope } = captureScoped(entry.doc, sender, () => Y.applyUpdate(entry.doc, update, sender)));
      } catch {
        await this.reload(entry);
        throw new AppError('invalid_document', 'The update could not be read');
      }
      const problems = pendingOf(entry.doc) ? ['the update depends on changes the server does not have'] : captured ? this.problems(entry, scope) : [];
      if (problems.length > 0) {
        this.ctx.log.warn({ conversationId, problems: problems.slice(0, 5) }, 'document update refused');
        await this.reload(entry);
        throw new AppError('invalid_document', 'The update breaks the transcript');
      }
      // Nothing new (a repeated update): acknowledged without storing anything.
      if (captured) await this.persist(entry, captured, userId, sender);
    });
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

  private async changeLocked<T>(entry: OpenDocument, author: ChangeAuthor, fn: (doc: Y.Doc) => T): Promise<T> {
    const origin = Symbol('server change');
    let result!: T;
    let captured: Uint8Array | null;
    let scope: ChangeScope;
    try {
      ({ update: captured, scope } = captureScoped(entry.doc, origin, () => entry.doc.transact(() => (result = fn(entry.doc)), origin)));
    } catch (error) {
      // A change that failed half-way is not kept.
      await this.reload(entry);
      throw error;
    }
    if (!captured) return result;
    const problems = this.problems(entry, scope);
    if (problems.length > 0) {
      this.ctx.log.error({ conversationId: entry.id, problems: problems.slice(0, 5) }, 'a server change would break the transcript');
      await this.reload(entry);
      throw new AppError('invalid_document', 'The change breaks the transcript');
    }
    await this.persist(entry, captured, author?.userId ?? null, null);
    return result;
  }

  private problems(entry: OpenDocument, scope: ChangeScope): string[] {
    return problemsAfter(entry.doc, entry.projection, scope, entry.duration);
  }

  /** Appends to the log (the durable point), then tells the others. */
  private async persist(entry: OpenDocument, update: Uint8Array, userId: string | null, sender: string | null): Promise<void> {
    let id: number;
    try {
      id = await documentStore.append(this.ctx.db, entry.id, update, userId);
    } catch (error) {
      await this.reload(entry).catch(() => undefined);
      throw error;
    }
    entry.saw(id);
    if (userId) {
      entry.editors.add(userId);
      entry.lastEditor = userId;
    }
    this.audience?.relay(entry.id, update, sender);
    this.scheduleWrites(entry);
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
      return structuredClone(entry.projection.transcript());
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
        if (entry.projection.transcript().text.length > 0) await this.takeSnapshot(entry, 'before_rewrite');
        await this.changeLocked(entry, author, (doc) => applyTranscript(doc, transcript, null));
        // Stored whatever the media's status: the pipeline writes it before marking the media done.
        await this.project(entry, { anyStatus: true });
      } finally {
        this.scheduleIdle(entry);
      }
    });
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

  private async takeSnapshot(entry: OpenDocument, reason: SnapshotReason): Promise<SnapshotSummary> {
    const summary = await snapshotStore.insert(this.ctx.db, {
      conversationId: entry.id,
      reason,
      authorId: entry.lastEditor,
      editors: [...entry.editors],
      transcript: entry.projection.transcript(),
    });
    entry.editors.clear();
    entry.lastSnapshotAt = Date.now();
    return summary;
  }

  /** The first edit a while after the previous snapshot keeps the state it changes. */
  private async autoSnapshot(entry: OpenDocument): Promise<void> {
    if (entry.lastSnapshotAt !== null && Date.now() - entry.lastSnapshotAt < this.timing.snapshotIntervalMs) return;
    await this.takeSnapshot(entry, 'auto');
  }

  // ---- rights and lifecycle -----------------------------------------------------------------------

  rightsChanged(scope: { conversationId?: string; userId?: string; organizationId?: string }): void {
    this.audience?.rightsChanged(scope);
  }

  /** The media is being deleted: its document leaves memory (its rows go with the media's). */
  drop(conversationId: string): void {
    const loading = this.open.get(conversationId);
    this.open.delete(conversationId);
    void loading
      ?.then((entry) => {
        entry.closed = true;
        entry.clearTimers();
        return entry.run(async () => entry.destroy());
      })
      .catch(() => undefined);
    this.audience?.dropped(conversationId);
  }

  /**
   * Documents with updates not folded yet (a process died before writing them back) are loaded and
   * written back, so the stored transcript catches up even if nobody opens them.
   */
  async recover(): Promise<number> {
    const ids = await documentStore.withLog(this.ctx.db);
    for (const id of ids) {
      await this.task(id, async (entry) => this.scheduleIdle(entry)).catch((error: unknown) => this.ctx.log.warn({ err: error, conversationId: id }, 'document not recovered'));
    }
    return ids.length;
  }

  async flush(): Promise<void> {
    const entries = await Promise.all([...this.open.values()].map((p) => p.catch(() => null)));
    await Promise.all(entries.filter((entry) => entry?.projectionDirty).map((entry) => entry!.run(() => this.project(entry!))));
  }

  /** Stops polling and writes everything back (shutdown). */
  async close(): Promise<void> {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    const entries = await Promise.all([...this.open.values()].map((p) => p.catch(() => null)));
    await Promise.all(entries.filter((entry) => entry !== null).map((entry) => this.settle(entry, { evict: true })));
    this.open.clear();
  }

  // ---- background writes ------------------------------------------------------------------------

  private scheduleWrites(entry: OpenDocument): void {
    entry.projectionDirty = true;
    if (!entry.projectionTimer) {
      entry.projectionTimer = setTimeout(() => {
        entry.projectionTimer = null;
        void entry.run(() => this.project(entry)).catch((error: unknown) => this.ctx.log.error({ err: error, conversationId: entry.id }, 'transcript projection failed'));
      }, this.timing.projectionDelayMs);
      entry.projectionTimer.unref();
    }
    if (entry.compactionTimer) clearTimeout(entry.compactionTimer);
    // Folded after a pause in editing, or at once when the log grew long.
    const delay = entry.unfoldedIds.size >= COMPACT_AFTER_UPDATES ? 0 : this.timing.compactionDelayMs;
    entry.compactionTimer = setTimeout(() => {
      entry.compactionTimer = null;
      void entry.run(() => this.compact(entry)).catch((error: unknown) => this.ctx.log.error({ err: error, conversationId: entry.id }, 'document compaction failed'));
    }, delay);
    entry.compactionTimer.unref();
  }

  private scheduleIdle(entry: OpenDocument): void {
    if (entry.holders > 0 || entry.closed) return;
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => {
      entry.idleTimer = null;
      void this.settle(entry, { evict: true }).catch((error: unknown) => this.ctx.log.error({ err: error, conversationId: entry.id }, 'document write-back failed'));
    }, this.timing.idleMs);
    entry.idleTimer.unref();
  }

  /** Writes the projection and the compacted state now; then forgets the document if nobody holds it. */
  private async settle(entry: OpenDocument, options: { evict: boolean }): Promise<void> {
    const current = this.open.get(entry.id);
    await entry.run(async () => {
      if (entry.closed) return;
      if (entry.projectionDirty) await this.project(entry);
      await this.compact(entry);
      if (entry.holders > 0) return;
      if (!options.evict) return this.scheduleIdle(entry);
      // Decided and done within the task: a task queued behind it finds the document closed and loads it again.
      entry.clearTimers();
      entry.closed = true;
      if (this.open.get(entry.id) === current) this.open.delete(entry.id);
      entry.destroy();
      if (this.open.size === 0 && this.poller) {
        clearInterval(this.poller);
        this.poller = null;
      }
    });
  }

  private async project(entry: OpenDocument, options: { anyStatus?: boolean } = {}): Promise<void> {
    if (entry.closed) return;
    if (entry.projectionTimer) clearTimeout(entry.projectionTimer);
    entry.projectionTimer = null;
    entry.projectionDirty = false;
    try {
      await documentStore.project(this.ctx.db, entry.id, entry.projection.transcript(), options);
    } catch (error) {
      entry.projectionDirty = true;
      throw error;
    }
  }

  private async compact(entry: OpenDocument): Promise<void> {
    if (entry.closed) return;
    const ids = [...entry.unfoldedIds];
    const upTo = ids.reduce((max, id) => Math.max(max, id), entry.knownFolded);
    // Rows below the last fold (committed late) stay in the log until a later fold takes them.
    if (upTo === entry.knownFolded) return;
    if (await documentStore.compact(this.ctx.db, entry.id, Y.encodeStateAsUpdate(entry.doc), { previous: entry.knownFolded, next: upTo, ids })) {
      entry.knownFolded = upTo;
      for (const id of ids) entry.unfoldedIds.delete(id);
    }
  }

  // ---- other processes ----------------------------------------------------------------------------

  private startPolling(): void {
    if (this.poller) return;
    this.poller = setInterval(() => void this.poll(), this.timing.pollIntervalMs);
    this.poller.unref();
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      for (const loading of [...this.open.values()]) {
        const entry = await loading.catch(() => null);
        if (entry && !entry.closed)
          await entry.run(() => this.pickUp(entry)).catch((error: unknown) => this.ctx.log.warn({ err: error, conversationId: entry.id }, 'document log not read'));
      }
    } finally {
      this.polling = false;
    }
  }

  /** Relays what other processes wrote to the log since we last looked. */
  private async pickUp(entry: OpenDocument): Promise<void> {
    if (entry.closed) return;
    const update = await pickUpForeign(this.ctx.db, entry);
    if (!update) return;
    this.audience?.relay(entry.id, update, null);
    // Its writer projects it too; whoever writes last writes the merged document.
    entry.projectionDirty = true;
    this.scheduleWrites(entry);
  }
}
