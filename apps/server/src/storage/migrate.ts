/**
 * `palabre storage migrate --to s3|local [--delete-source]`: copies every object from one storage
 * driver to the other, both configured by environment (the local folder <PALABRE_DATA_DIR>/storage,
 * the bucket of the S3_* variables). Each object is streamed, then its size checked at the
 * destination; an object already there with the same size is skipped, so a rerun after an
 * interruption finishes the job. The source is emptied only after every object was copied and checked.
 */
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { formatBytes } from '../models/cli.ts';
import { createStorage, describeStorage, type StorageDriver } from './drivers.ts';
import type { Storage, StoredObject } from './storage.ts';

export const STORAGE_USAGE = `  storage migrate --to s3|local
                             copy every stored file from the other storage to this one (resumable)
      [--delete-source]      then remove them from the other storage`;

export interface MigrationProgress {
  objects: number;
  totalObjects: number;
  bytes: number;
  totalBytes: number;
  /** Objects found at the destination with the right size (not copied again). */
  skipped: number;
}

export interface MigrationReport extends MigrationProgress {
  copied: number;
  /** Objects removed from the source (with `deleteSource`). */
  deleted: number;
}

export class MigrationError extends Error {}

export interface MigrationOptions {
  /** Remove each object from the source once every one of them is verified at the destination. */
  deleteSource?: boolean;
  /** Stops the copy (the object under way is abandoned, leaving nothing): a rerun resumes. */
  signal?: AbortSignal;
  onProgress?: (progress: MigrationProgress) => void;
}

async function copyOne(source: Storage, destination: Storage, object: StoredObject, signal: AbortSignal | undefined): Promise<void> {
  const body = source.read(object.key);
  const stop = () => body.destroy(new MigrationError('migration stopped'));
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const { size } = await destination.put(object.key, body);
    const stored = await destination.stat(object.key);
    if (size !== object.size || stored?.size !== object.size) {
      throw new MigrationError(`${object.key}: ${object.size} bytes at the source, ${stored?.size ?? 'none'} at the destination`);
    }
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

export async function migrateStorage(source: Storage, destination: Storage, options: MigrationOptions = {}): Promise<MigrationReport> {
  const objects: StoredObject[] = [];
  for await (const object of source.list('')) objects.push(object);
  objects.sort((a, b) => a.key.localeCompare(b.key));
  const report: MigrationReport = {
    objects: 0,
    totalObjects: objects.length,
    bytes: 0,
    totalBytes: objects.reduce((sum, o) => sum + o.size, 0),
    skipped: 0,
    copied: 0,
    deleted: 0,
  };
  options.onProgress?.({ ...report });
  for (const object of objects) {
    if (options.signal?.aborted) throw new MigrationError('migration stopped');
    const there = await destination.stat(object.key);
    if (there?.size === object.size) report.skipped++;
    else {
      await copyOne(source, destination, object, options.signal);
      report.copied++;
    }
    report.objects++;
    report.bytes += object.size;
    options.onProgress?.({ ...report });
  }
  if (options.deleteSource) {
    // Every object is at the destination with its size (checked above): the source may go.
    for (const object of objects) {
      await source.delete(object.key);
      report.deleted++;
    }
  }
  return report;
}

export interface StorageCliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const defaultIo: StorageCliIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

/** Runs `storage …`; returns the exit status. */
export async function runStorageCommand(args: string[], config: Config, io: StorageCliIo = defaultIo, signal?: AbortSignal): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'migrate') {
    io.err(`Unknown storage command: ${args.join(' ')}\n\n${STORAGE_USAGE}`);
    return 2;
  }
  const { values } = parseArgs({ args: rest, options: { to: { type: 'string' }, 'delete-source': { type: 'boolean', default: false } } });
  if (values.to !== 's3' && values.to !== 'local') {
    io.err('--to: must be s3 or local');
    return 2;
  }
  const to: StorageDriver = values.to;
  const from: StorageDriver = to === 's3' ? 'local' : 's3';
  // Both ends come from the environment: S3_BUCKET (and the other S3_* variables) name the bucket
  // whichever way the copy goes.
  const source = createStorage(config, from);
  const destination = createStorage(config, to);
  // The embedded database is locked by a running server: holding the lock keeps it stopped meanwhile.
  const database = config.databaseUrl ? undefined : await openDatabase(config);
  if (!database) {
    io.err(
      'On PostgreSQL this command cannot tell whether servers run. Copying while they run is safe, but files ' +
        'written meanwhile are only copied by a rerun: stop every node, rerun, then switch STORAGE_DRIVER. ' +
        'Use --delete-source only with every node stopped.',
    );
  }
  try {
    io.out(`Copying from ${describeStorage(config, from)} to ${describeStorage(config, to)}.`);
    let shown = 0;
    const report = await migrateStorage(source, destination, {
      deleteSource: values['delete-source'],
      signal,
      onProgress: (p) => {
        // A line per second at most, and the last one.
        if (Date.now() - shown < 1000 && p.objects < p.totalObjects) return;
        shown = Date.now();
        io.out(`${p.objects}/${p.totalObjects} objects, ${formatBytes(p.bytes)}/${formatBytes(p.totalBytes)} (${p.skipped} already there)`);
      },
    });
    io.out(
      `Done: ${report.copied} copied, ${report.skipped} already there (${formatBytes(report.totalBytes)} verified)` +
        (values['delete-source'] ? `, ${report.deleted} removed from the source.` : '.') +
        (config.storage.driver === to ? '' : ` Set STORAGE_DRIVER=${to} to use the copy.`),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error;
    io.err(`${error.message}: rerun the command to finish the copy.`);
    return 1;
  } finally {
    await database?.close();
  }
}
