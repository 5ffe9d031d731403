/**
 * The collaborative documents of one kind held by this process (transcripts: registry.ts; subtitle
 * screens: subtitles/documents.ts). Each document's Y.Doc is held in memory while sockets have it
 * open or server code changes it, and written back to the database:
 * - every accepted change is appended to the update log before anyone is told it happened;
 * - the log is folded into the compacted state after a pause in editing and on last disconnect;
 * - what the kind derives from the document (`write`) follows with a short debounce, on last
 *   disconnect and on flush();
 * - rows other processes append to the log are picked up every second and relayed.
 * - no document grows past its size limit encoded (COLLAB_MAX_DOCUMENT_BYTES; document-size.ts).
 * A kind says how a document is loaded, what makes an update unacceptable and what it writes.
 */
import * as Y from 'yjs';
import { COLLAB_LIMITS, type DocRef, type UpdateEncoding } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import type { DocumentView, OpenDocument } from './open-document.ts';
import type { DocumentLog } from './repo.ts';
import { captureScoped, pendingOf } from './capture.ts';
import { pickUpForeign } from './foreign.ts';
import type { ChangeScope } from './validation.ts';
import type { ChangeAuthor } from './types.ts';

/** What the collaboration socket does with what happens to documents (nothing without sockets). */
export interface DocumentAudience {
  /** An accepted update, for the document's sockets except `except` (its sender). */
  relay(ref: DocRef, update: Uint8Array, except: string | null): void;
  /** This process stored log row `rowId` of the document: other nodes holding it read the log at once. */
  appended(ref: DocRef, rowId: number): void;
  rightsChanged(scope: { conversationId?: string; userId?: string; organizationId?: string }): void;
  /** The document no longer exists (its media or its version was deleted). */
  dropped(ref: DocRef): void;
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

export type HostContext = Pick<AppContext, 'db' | 'log'>;

export interface HostOptions extends Partial<RegistryTiming> {
  /** Largest encoded state of a document (COLLAB_MAX_DOCUMENT_BYTES). */
  maxDocumentBytes?: number;
}

export abstract class DocumentHost<V extends DocumentView> {
  protected readonly open = new Map<string, Promise<OpenDocument<V>>>();
  protected audience: DocumentAudience | null = null;
  private poller: NodeJS.Timeout | null = null;
  private polling = false;
  protected readonly timing: RegistryTiming;
  protected readonly ctx: HostContext;
  private readonly maxDocumentBytes: number;
  /** The name of the document in messages and logs ("transcript", "subtitles"). */
  protected abstract readonly kind: string;
  protected abstract readonly log: DocumentLog;

  constructor(ctx: HostContext, options: HostOptions = {}) {
    const { maxDocumentBytes = COLLAB_LIMITS.maxDocumentBytes, ...timing } = options;
    this.ctx = ctx;
    this.timing = { ...DEFAULT_TIMING, ...timing };
    this.maxDocumentBytes = maxDocumentBytes;
  }

  /** Loads a document from the database (creating its first state if the kind allows). */
  protected abstract load(id: string): Promise<OpenDocument<V>>;
  /** What makes the document unacceptable after a change of `scope` (empty: fine). */
  protected abstract problems(entry: OpenDocument<V>, scope: ChangeScope): string[];
  /** Before a user's change is applied (the transcript's automatic snapshot). */
  protected async beforeUserChange(entry: OpenDocument<V>): Promise<void> {
    void entry;
  }
  /** Stores what the kind derives from the document (the transcript's projection). */
  protected abstract write(entry: OpenDocument<V>, options: { anyStatus?: boolean }): Promise<void>;
  /** After a change was stored (the kind may write at once rather than after the debounce). */
  protected async afterPersist(entry: OpenDocument<V>): Promise<void> {
    void entry;
  }
  /** The document no longer exists in the database. */
  protected abstract gone(): AppError;

  /** Documents open (or opening) in this process (metrics). */
  get openCount(): number {
    return this.open.size;
  }

  attach(audience: DocumentAudience): void {
    this.audience = audience;
  }

  detach(): void {
    this.audience = null;
  }

  // ---- holding documents ----------------------------------------------------------------------

  protected async entry(id: string): Promise<OpenDocument<V>> {
    let loading = this.open.get(id);
    if (!loading) {
      loading = this.load(id);
      this.open.set(id, loading);
      loading.catch(() => this.open.delete(id));
      this.startPolling();
    }
    return loading;
  }

  protected async reload(entry: OpenDocument<V>): Promise<void> {
    const stored = await this.log.load(this.ctx.db, entry.id);
    if (!stored.state) throw this.gone();
    entry.reset(stored as typeof stored & { state: Uint8Array });
  }

  /**
   * Runs `task` on the document, after the tasks queued before it. A document written back and
   * forgotten meanwhile (idle, or deleted) is looked up again.
   */
  protected async task<T>(id: string, task: (entry: OpenDocument<V>) => Promise<T>): Promise<T> {
    for (;;) {
      const entry = await this.entry(id);
      const outcome = await entry.run(async () => (entry.closed ? { closed: true as const } : { closed: false as const, value: await task(entry) }));
      if (!outcome.closed) return outcome.value;
      if (this.open.get(id) && (await this.open.get(id)!.catch(() => null)) === entry) this.open.delete(id);
    }
  }

  /** A socket joins: the document stays in memory until every holder released it. */
  async hold(id: string): Promise<void> {
    await this.task(id, async (entry) => {
      entry.holders += 1;
      if (entry.idleTimer) clearTimeout(entry.idleTimer);
      entry.idleTimer = null;
    });
  }

  /** A socket leaves; the last one out writes the derived data and the compacted state at once. */
  async release(id: string): Promise<void> {
    const entry = await this.open.get(id)?.catch(() => null);
    if (!entry) return;
    entry.holders = Math.max(0, entry.holders - 1);
    if (entry.holders === 0) await this.settle(entry, { evict: false });
  }

  /** The document as a client lacking `stateVector` needs it (in the update format it asked for), and the server's state vector. */
  async sync(id: string, stateVector: Uint8Array, encoding: UpdateEncoding = 'v1'): Promise<{ update: Uint8Array; stateVector: Uint8Array }> {
    return this.task(id, async (entry) => ({ update: entry.missingFor(stateVector, encoding), stateVector: Y.encodeStateVector(entry.doc) }));
  }

  // ---- changes ----------------------------------------------------------------------------------

  /**
   * A client's update: applied, checked against the kind's invariants, stored, then relayed. A
   * refused or unstorable update leaves the document as stored (it is rebuilt from the database),
   * and nobody else ever sees it. Resolves once stored.
   */
  async applyUpdate(id: string, update: Uint8Array, userId: string, sender: string): Promise<void> {
    return this.task(id, async (entry) => {
      // Past the size estimate, the document is measured after the update, unless it was measured
      // moments ago: then the update is refused as it is, without touching the document.
      const fits = entry.size.fits(update.byteLength, this.maxDocumentBytes);
      if (!fits && !entry.size.mayMeasure()) throw this.tooLarge(entry);
      await this.beforeUserChange(entry);
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
        this.ctx.log.warn({ document: entry.ref, problems: problems.slice(0, 5) }, 'document update refused');
        await this.reload(entry);
        throw new AppError('invalid_document', `The update breaks the ${this.kind}`);
      }
      if (captured && !this.withinSize(entry, captured, fits)) {
        await this.reload(entry);
        throw this.tooLarge(entry);
      }
      // Nothing new (a repeated update): acknowledged without storing anything.
      if (captured) await this.persist(entry, captured, userId, sender);
    });
  }

  /** Runs `fn` on the live document in one transaction, stored and relayed like a client's update. */
  protected async changeLocked<T>(entry: OpenDocument<V>, author: ChangeAuthor, fn: (doc: Y.Doc) => T): Promise<T> {
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
      this.ctx.log.error({ document: entry.ref, problems: problems.slice(0, 5) }, `a server change would break the ${this.kind}`);
      await this.reload(entry);
      throw new AppError('invalid_document', `The change breaks the ${this.kind}`);
    }
    // A user's change (the REST turn endpoints) has the document measured no more often than a client's update.
    const fits = entry.size.fits(captured.byteLength, this.maxDocumentBytes);
    const measurable = fits || author === null || entry.size.mayMeasure();
    if (!measurable || !this.withinSize(entry, captured, fits)) {
      await this.reload(entry);
      throw this.tooLarge(entry);
    }
    await this.persist(entry, captured, author?.userId ?? null, null);
    return result;
  }

  /** Whether the document, `update` applied, stays within its size (measured when the estimate `fits` said no). */
  private withinSize(entry: OpenDocument<V>, update: Uint8Array, fits: boolean): boolean {
    if (fits) {
      entry.size.grew(update.byteLength);
      return true;
    }
    return entry.size.measure(entry.doc, this.maxDocumentBytes);
  }

  private tooLarge(entry: OpenDocument<V>): AppError {
    this.ctx.log.warn({ document: entry.ref }, `${this.kind} update refused: the document would be too large`);
    return new AppError('payload_too_large', `The ${this.kind} would be larger than ${Math.floor(this.maxDocumentBytes / 1024 / 1024)} MiB`);
  }

  /** Appends to the log (the durable point), then tells the others. */
  private async persist(entry: OpenDocument<V>, update: Uint8Array, userId: string | null, sender: string | null): Promise<void> {
    let id: number;
    try {
      id = await this.log.append(this.ctx.db, entry.id, update, userId);
    } catch (error) {
      await this.reload(entry).catch(() => undefined);
      throw error;
    }
    entry.saw(id);
    if (userId) {
      entry.editors.add(userId);
      entry.lastEditor = userId;
    }
    this.audience?.relay(entry.ref, update, sender);
    this.audience?.appended(entry.ref, id);
    this.scheduleWrites(entry);
    await this.afterPersist(entry);
  }

  // ---- rights and lifecycle -----------------------------------------------------------------------

  rightsChanged(scope: { conversationId?: string; userId?: string; organizationId?: string }): void {
    this.audience?.rightsChanged(scope);
  }

  /** The document is being deleted: it leaves memory (its rows cascade) and its editors are told. */
  drop(id: string, ref: DocRef): void {
    this.forget(id);
    this.audience?.dropped(ref);
  }

  /** The document was deleted (here or on another node): it leaves this process's memory. */
  forget(id: string): void {
    const loading = this.open.get(id);
    this.open.delete(id);
    void loading
      ?.then((entry) => {
        entry.closed = true;
        entry.clearTimers();
        return entry.run(async () => entry.destroy());
      })
      .catch(() => undefined);
  }

  /**
   * Another node stored log row `rowId` of a document: if this process holds it and has not seen the
   * row, it reads the log now rather than at the next poll (which stays the backstop).
   */
  async nudge(id: string, rowId: number): Promise<void> {
    const entry = await this.open.get(id)?.catch(() => null);
    if (!entry || entry.closed || entry.contains(rowId)) return;
    await entry.run(() => this.pickUp(entry));
  }

  /**
   * Documents with updates not folded yet (a process died before writing them back) are loaded and
   * written back, so what is derived from them catches up even if nobody opens them.
   */
  async recover(): Promise<number> {
    const ids = await this.log.withLog(this.ctx.db);
    for (const id of ids) {
      await this.task(id, async (entry) => this.scheduleIdle(entry)).catch((error: unknown) => this.ctx.log.warn({ err: error, document: id }, 'document not recovered'));
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

  protected scheduleWrites(entry: OpenDocument<V>): void {
    entry.projectionDirty = true;
    if (!entry.projectionTimer) {
      entry.projectionTimer = setTimeout(() => {
        entry.projectionTimer = null;
        void entry.run(() => this.project(entry)).catch((error: unknown) => this.ctx.log.error({ err: error, document: entry.ref }, `${this.kind} projection failed`));
      }, this.timing.projectionDelayMs);
      entry.projectionTimer.unref();
    }
    if (entry.compactionTimer) clearTimeout(entry.compactionTimer);
    // Folded after a pause in editing, or at once when the log grew long.
    const delay = entry.unfoldedIds.size >= COMPACT_AFTER_UPDATES ? 0 : this.timing.compactionDelayMs;
    entry.compactionTimer = setTimeout(() => {
      entry.compactionTimer = null;
      void entry.run(() => this.compact(entry)).catch((error: unknown) => this.ctx.log.error({ err: error, document: entry.ref }, 'document compaction failed'));
    }, delay);
    entry.compactionTimer.unref();
  }

  protected scheduleIdle(entry: OpenDocument<V>): void {
    if (entry.holders > 0 || entry.closed) return;
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => {
      entry.idleTimer = null;
      void this.settle(entry, { evict: true }).catch((error: unknown) => this.ctx.log.error({ err: error, document: entry.ref }, 'document write-back failed'));
    }, this.timing.idleMs);
    entry.idleTimer.unref();
  }

  /** Writes the derived data and the compacted state now; then forgets the document if nobody holds it. */
  private async settle(entry: OpenDocument<V>, options: { evict: boolean }): Promise<void> {
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

  protected async project(entry: OpenDocument<V>, options: { anyStatus?: boolean } = {}): Promise<void> {
    if (entry.closed) return;
    if (entry.projectionTimer) clearTimeout(entry.projectionTimer);
    entry.projectionTimer = null;
    entry.projectionDirty = false;
    try {
      await this.write(entry, options);
    } catch (error) {
      entry.projectionDirty = true;
      throw error;
    }
  }

  private async compact(entry: OpenDocument<V>): Promise<void> {
    if (entry.closed) return;
    const ids = [...entry.unfoldedIds];
    const upTo = ids.reduce((max, id) => Math.max(max, id), entry.knownFolded);
    // Rows below the last fold (committed late) stay in the log until a later fold takes them.
    if (upTo === entry.knownFolded) return;
    const state = Y.encodeStateAsUpdate(entry.doc);
    entry.size.measured(state.byteLength);
    if (await this.log.compact(this.ctx.db, entry.id, state, { previous: entry.knownFolded, next: upTo, ids })) {
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
          await entry.run(() => this.pickUp(entry)).catch((error: unknown) => this.ctx.log.warn({ err: error, document: entry.ref }, 'document log not read'));
      }
    } finally {
      this.polling = false;
    }
  }

  /** Relays what other processes wrote to the log since we last looked. */
  private async pickUp(entry: OpenDocument<V>): Promise<void> {
    if (entry.closed) return;
    const update = await pickUpForeign(this.ctx.db, this.log, entry);
    if (!update) return;
    entry.size.grew(update.byteLength);
    this.audience?.relay(entry.ref, update, null);
    // Its writer writes the derived data too; whoever writes last writes the merged document.
    entry.projectionDirty = true;
    this.scheduleWrites(entry);
  }
}
