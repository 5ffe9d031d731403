/**
 * Removes what a crash leaves behind: unfinished writes in storage, job work folders and the
 * files of media that no longer exist. Only what is stale is touched: a file still being written
 * has a recent modification time, a live job's work folder belongs to a media still processing,
 * and a new upload's files are younger than its row.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { ACTIVE_MEDIA_STATUSES } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { conversations } from '../db/schema.ts';

/** Untouched for this long, a temporary file or an orphan folder is left over, not in use. */
export const STALE_MS = 60 * 60 * 1000;
/** A work folder outlives any job attempt after this long, whatever its media's state. */
const WORK_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MEDIA_KEY = /^media\/([0-9a-f-]{36})\//i;
const PROCESSING: ReadonlySet<string> = new Set(ACTIVE_MEDIA_STATUSES);

export interface SweepReport {
  /** Unfinished writes (uploads cut short). */
  partFiles: number;
  workFolders: number;
  /** Media whose row is gone: all of their files. */
  mediaFolders: number;
  /** Empty folders (local storage). */
  emptyFolders: number;
  /** Temporary copies of stored objects (S3 storage) a crash left in <dataDir>/tmp. */
  tempCopies: number;
}

async function entries(dir: string) {
  return fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
}

/** The newest modification time in a folder tree (the folder's own included). */
async function newestChange(target: string): Promise<number> {
  const stat = await fsp.stat(target).catch(() => null);
  if (!stat) return 0;
  let newest = stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const entry of await entries(target)) newest = Math.max(newest, await newestChange(path.join(target, entry.name)));
  }
  return newest;
}

async function statuses(ctx: AppContext, ids: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await ctx.db
      .select({ id: conversations.id, status: conversations.status })
      .from(conversations)
      .where(inArray(conversations.id, ids.slice(i, i + 500)));
    for (const row of rows) found.set(row.id, row.status);
  }
  return found;
}

/** The newest change among each media's objects in storage (writes under way included). */
async function storedMedia(ctx: AppContext): Promise<Map<string, number>> {
  const newest = new Map<string, number>();
  for await (const object of ctx.storage.list('media/', { incomplete: true })) {
    const id = MEDIA_KEY.exec(object.key)?.[1];
    if (!id || !UUID.test(id)) continue;
    newest.set(id, Math.max(newest.get(id) ?? 0, object.modifiedAt.getTime()));
  }
  return newest;
}

export async function sweepStorage(ctx: AppContext, now = Date.now()): Promise<SweepReport> {
  const report: SweepReport = { partFiles: 0, workFolders: 0, mediaFolders: 0, emptyFolders: 0, tempCopies: 0 };

  // Job work folders: <dataDir>/work/<conversation id>-<random>, on this machine whatever the storage.
  const workRoot = path.join(ctx.config.dataDir, 'work');
  const workDirs = (await entries(workRoot)).filter((e) => e.isDirectory());
  const workOwners = await statuses(ctx, [...new Set(workDirs.map((d) => d.name.slice(0, 36)).filter((id) => UUID.test(id)))]);
  for (const dir of workDirs) {
    const full = path.join(workRoot, dir.name);
    const age = now - (await newestChange(full));
    const status = workOwners.get(dir.name.slice(0, 36));
    const live = status !== undefined && PROCESSING.has(status);
    if ((age > STALE_MS && !live) || age > WORK_MAX_AGE_MS) {
      await fsp.rm(full, { recursive: true, force: true });
      report.workFolders++;
    }
  }

  // Copies handed to tools (withLocalFile) live as long as a job at most; a crash leaves them behind.
  const tempRoot = path.join(ctx.config.dataDir, 'tmp');
  for (const dir of (await entries(tempRoot)).filter((e) => e.isDirectory())) {
    const full = path.join(tempRoot, dir.name);
    if (now - (await newestChange(full)) > WORK_MAX_AGE_MS) {
      await fsp.rm(full, { recursive: true, force: true });
      report.tempCopies++;
    }
  }

  // Media files under media/<conversation id>/ whose row is gone.
  const media = await storedMedia(ctx);
  const owners = await statuses(ctx, [...media.keys()]);
  for (const [id, newest] of media) {
    if (owners.has(id) || now - newest <= STALE_MS) continue;
    await ctx.storage.deletePrefix(`media/${id}/`);
    report.mediaFolders++;
  }

  const incomplete = await ctx.storage.removeIncomplete(new Date(now - STALE_MS));
  report.partFiles = incomplete.writes;
  report.emptyFolders = incomplete.folders;
  return report;
}
