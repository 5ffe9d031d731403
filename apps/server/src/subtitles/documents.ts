/**
 * The screen documents of subtitle versions (docs/collaboration.md, Subtitle documents): documents
 * of collab/host.ts keyed by version id, so the REST screen endpoints and open editors change the
 * same Y.Doc. An update is acceptable when the screens keep their shape (screenDocumentProblems:
 * ordered, not overlapping, sane times, bounded text); what follows the document in the database is
 * the version's screen count and its last change.
 */
import type * as Y from 'yjs';
import { SUBTITLE_LIMITS } from '@palabre/shared';
import { screenDocumentProblems } from '@palabre/shared/subtitles';
import { type AppError, notFound } from '../http/errors.ts';
import { DocumentHost } from '../collab/host.ts';
import { OpenDocument, type DocumentView } from '../collab/open-document.ts';
import type { ChangeAuthor } from '../collab/types.ts';
import { screenLog, subtitlesRepo } from './repo.ts';

/** The screen count last written for the version, so a change of count is written at once. */
class ScreenCount implements DocumentView {
  written: number | null = null;
  destroy(): void {}
}

type ScreenDocument = OpenDocument<ScreenCount>;

export class SubtitleDocuments extends DocumentHost<ScreenCount> {
  protected override readonly kind = 'subtitles';
  protected override readonly log = screenLog;

  protected override async load(subtitleId: string): Promise<ScreenDocument> {
    const conversationId = await subtitlesRepo.conversationOf(this.ctx.db, subtitleId);
    const stored = await screenLog.load(this.ctx.db, subtitleId);
    if (!conversationId || !stored.state) throw this.gone();
    const entry = new OpenDocument(subtitleId, { conversationId, subtitleId }, stored as typeof stored & { state: Uint8Array }, null, () => new ScreenCount());
    if (entry.projectionDirty) this.scheduleWrites(entry);
    return entry;
  }

  protected override gone(): AppError {
    return notFound('Subtitle');
  }

  protected override problems(entry: ScreenDocument): string[] {
    if (screensIn(entry.doc) > SUBTITLE_LIMITS.maxScreens) return [`more than ${SUBTITLE_LIMITS.maxScreens} screens`];
    return screenDocumentProblems(entry.doc);
  }

  protected override async write(entry: ScreenDocument): Promise<void> {
    const count = screensIn(entry.doc);
    await subtitlesRepo.touch(this.ctx.db, entry.id, count);
    entry.view.written = count;
  }

  /** Listings show the screen count: a change of it is written at once rather than after the debounce. */
  protected override async afterPersist(entry: ScreenDocument): Promise<void> {
    if (entry.view.written !== screensIn(entry.doc)) await this.project(entry);
  }

  /**
   * Runs `fn` on the version's live document in one transaction, stored and relayed to open editors
   * before it resolves. Callers check rights first (policy); this does not.
   */
  async change<T>(subtitleId: string, author: ChangeAuthor, fn: (doc: Y.Doc) => T): Promise<T> {
    return this.task(subtitleId, async (entry) => {
      try {
        return await this.changeLocked(entry, author, fn);
      } finally {
        this.scheduleIdle(entry);
      }
    });
  }

  /** Reads the version's live document (`fn` must not change it). */
  async read<T>(subtitleId: string, fn: (doc: Y.Doc) => T): Promise<T> {
    return this.task(subtitleId, async (entry) => {
      this.scheduleIdle(entry);
      return fn(entry.doc);
    });
  }

  /** The media is being deleted: every version of it open here leaves memory, its editors are told. */
  dropMedia(conversationId: string): void {
    for (const [subtitleId, loading] of [...this.open]) {
      void loading.then((entry) => entry.ref.conversationId === conversationId && this.dropVersion(conversationId, subtitleId)).catch(() => undefined);
    }
  }

  /** The version is being deleted: its editors are told, its rows go with the version's. */
  dropVersion(conversationId: string, subtitleId: string): void {
    this.drop(subtitleId, { conversationId, subtitleId });
  }
}

function screensIn(doc: Y.Doc): number {
  return doc.getArray('screens').length;
}
