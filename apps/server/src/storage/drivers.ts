/** The storage driver a configuration names (STORAGE_DRIVER), or the other one (`palabre storage migrate`). */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, type Config } from '../config.ts';
import { S3Storage } from './s3.ts';
import { LocalStorage, type Storage } from './storage.ts';

export type StorageDriver = Config['storage']['driver'];

export function createStorage(config: Config, driver: StorageDriver = config.storage.driver): Storage {
  if (driver === 'local') return new LocalStorage(config.storage.localRoot);
  const s3 = config.storage.s3;
  if (!s3) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required to use the S3 storage\nSee .env.example.');
  // Temporary copies for tools that read files go beside the job work folders, not into a small /tmp.
  return new S3Storage({ ...s3, tempDir: path.join(config.dataDir, 'tmp') });
}

/** Where a driver keeps its objects, for messages ("bucket media-bucket, prefix palabre/"). */
export function describeStorage(config: Config, driver: StorageDriver): string {
  if (driver === 'local') return `local folder ${config.storage.localRoot}`;
  const s3 = config.storage.s3;
  if (!s3) return 'S3 (not configured)';
  return `S3 bucket ${s3.bucket}${s3.prefix ? `, prefix ${s3.prefix}` : ''}${s3.endpoint ? ` at ${s3.endpoint}` : ''}`;
}

/**
 * Opens the storage: makes the local folder (readiness then finds it writable before the first object
 * is stored); with `check`, for a server that runs on, fails unless the S3 bucket answers, before the
 * server accepts work (a one-shot command meets a wrong setting at its first object, if any). The
 * close it returns lets the S3 client's connections go.
 */
export async function openStorage(storage: Storage, options: { check: boolean }): Promise<() => Promise<void>> {
  if (storage instanceof LocalStorage) await fsp.mkdir(storage.root, { recursive: true });
  if (!(storage instanceof S3Storage)) return async () => undefined;
  try {
    if (options.check) await storage.check();
  } catch (error) {
    storage.destroy();
    throw error;
  }
  return async () => storage.destroy();
}
