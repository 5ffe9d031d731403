/**
 * Removes what a crash leaves in local storage: temporary `.part` uploads, job work folders and
 * media folders whose media no longer exists (or that are empty). Only what is stale is touched:
 * a file still being written has a recent modification time, a live job's work folder belongs to
 * a media still processing, and a new upload's folder is younger than its row.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { ACTIVE_MEDIA_STATUSES } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { conversations } from '../db/schema.ts';
import { LocalStorage } from './storage.ts';

/** Untouched for this long, a temporary file or an orphan folder is left over, not in use. */
export const STALE_MS = 60 * 60 * 1000;
/** A work folder outlives any job attempt after this long, whatever its media's state. */
const WORK_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PROCESSING: ReadonlySet<string> = new Set(ACTIVE_MEDIA_STATUSES);

export interface SweepReport {
  partFiles: number;
  workFolders: number;
  mediaFolders: number;
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
    const rows = await ctx.db.select({ id: conversations.id, status: conversations.status }).from(conversations).where(inArray(conversations.id, ids.slice(i, i + 500)));
    for (const row of rows) found.set(row.id, row.status);
  }
  return found;
}

async function sweepPartFiles(dir: string, now: number): Promise<number> {
  let removed = 0;
  for (const entry of await entries(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) removed += await sweepPartFiles(full, now);
    else if (entry.name.endsWith('.part') && now - (await newestChange(full)) > STALE_MS) {
      await fsp.rm(full, { force: true });
      removed++;
    }
  }
  return removed;
}

export async function sweepStorage(ctx: AppContext, now = Date.now()): Promise<SweepReport> {
  const report: SweepReport = { partFiles: 0, workFolders: 0, mediaFolders: 0 };
  if (!(ctx.storage instanceof LocalStorage)) return report;
  const root = ctx.storage.root;
  report.partFiles = await sweepPartFiles(root, now);

  // Job work folders: <dataDir>/work/<conversation id>-<random>.
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

  // Media folders: storage/media/<conversation id>/ without a row, or empty.
  const mediaRoot = path.join(root, 'media');
  const mediaDirs = (await entries(mediaRoot)).filter((e) => e.isDirectory() && UUID.test(e.name));
  const owners = await statuses(ctx, mediaDirs.map((d) => d.name));
  for (const dir of mediaDirs) {
    const full = path.join(mediaRoot, dir.name);
    if (now - (await newestChange(full)) <= STALE_MS) continue;
    if (!owners.has(dir.name)) {
      await fsp.rm(full, { recursive: true, force: true });
      report.mediaFolders++;
      continue;
    }
    // A live media: only drop empty folders (its files are put back in place with their folder).
    const work = path.join(full, 'work');
    if ((await entries(work)).length === 0) await fsp.rmdir(work).catch(() => undefined);
    if ((await entries(full)).length === 0) {
      await fsp.rmdir(full).catch(() => undefined);
      report.mediaFolders++;
    }
  }
  return report;
}
