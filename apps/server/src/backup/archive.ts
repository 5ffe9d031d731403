/**
 * The backup archive: a gzipped tar holding `db/<table>.ndjson` (one JSON row a line, tables in the
 * order they are restored in), `storage/<key>` (each object's bytes) and, last, `manifest.json`,
 * which describes the rest and carries the sha256 of every entry.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const ARCHIVE_FORMAT = 'palabre-backup';
export const ARCHIVE_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const TABLE_PREFIX = 'db/';
export const OBJECT_PREFIX = 'storage/';

export const tableEntry = (table: string) => `${TABLE_PREFIX}${table}.ndjson`;
export const objectEntry = (key: string) => `${OBJECT_PREFIX}${key}`;

const zDigest = z.string().regex(/^[0-9a-f]{64}$/);

export const zManifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int().positive(),
  productVersion: z.string(),
  /** The last migration applied to the backed-up database. */
  migration: z.object({ tag: z.string(), when: z.number().int() }),
  database: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  /** `sealed`: the secrets of the rows are sealed with the server's signing secret (backup/secrets.ts); absent: in clear. */
  secrets: z.literal('sealed').optional(),
  /** In the order they are restored in (parents before children). */
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().nonnegative(), bytes: z.number().int().nonnegative(), sha256: zDigest })),
  objects: z.object({
    count: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    /** Listed, then gone before they could be copied (removed while the backup ran). */
    missing: z.array(z.string()),
    entries: z.array(z.object({ key: z.string(), size: z.number().int().nonnegative(), sha256: zDigest })),
  }),
});

export type Manifest = z.infer<typeof zManifest>;

/** The server's version (its package's). */
export function productVersion(): string {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Counts bytes and computes their sha256. */
export class Checksum {
  private readonly hash = crypto.createHash('sha256');
  bytes = 0;
  update(chunk: Buffer): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
  }
  get sha256(): string {
    return this.hash.copy().digest('hex');
  }
}

/** Passes bytes through unchanged, counting them and computing their sha256. */
export class Digest extends Transform {
  private readonly checksum = new Checksum();
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.checksum.update(chunk);
    callback(null, chunk);
  }
  get bytes(): number {
    return this.checksum.bytes;
  }
  get sha256(): string {
    return this.checksum.sha256;
  }
}

/** A backup or restore that cannot go on; its message says why, for the person running the command. */
export class BackupError extends Error {}
