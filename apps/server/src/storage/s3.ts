/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, Scaleway, OVHcloud…), under an
 * optional key prefix so that several installations can share one bucket (docs/storage.md).
 *
 * Writes are streamed multipart uploads: at most `partSize × queueSize` bytes are held in memory,
 * whatever the object's size, and a failed write aborts its upload (nothing becomes visible).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
  paginateListObjectsV2,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ConfigError } from '../config.ts';
import { normalizeBucketPrefix } from './prefix.ts';
import { checkKey, checkPrefix, StorageKeyError, type IncompleteReport, type Storage, type StoredObject } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** The server's address (MinIO, Garage…); unset for AWS S3 itself. */
  endpoint?: string | undefined;
  /** Bucket in the path (`https://host/bucket/key`) rather than in the host name: most self-hosted servers need it. */
  forcePathStyle?: boolean;
  /** Static keys; unset: the SDK's default chain (environment, shared files, instance or container role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Every key is stored under this prefix ("palabre/"); empty: at the bucket's root. */
  prefix?: string;
  /** Where `withLocalFile` downloads its temporary copies (default: the system's temporary folder). */
  tempDir?: string | undefined;
  /** Bytes per uploaded part (at least 5 MiB, the protocol's minimum) and parts sent at once. */
  partSize?: number;
  queueSize?: number;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

function status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as Error | null)?.name;
  return name === 'NotFound' || name === 'NoSuchKey' || status(error) === 404;
}

/** A server that does not implement a call (some S3-compatible servers lack multipart listings). */
function isUnsupported(error: unknown): boolean {
  const name = (error as Error | null)?.name;
  return name === 'NotImplemented' || name === 'MethodNotAllowed' || status(error) === 501;
}

export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly bucket: string;
  /** Prepended to every key in the bucket. */
  readonly prefix: string;
  private readonly tempDir: string | undefined;
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(options: S3StorageOptions) {
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? false,
      // Checksums only where the protocol requires them: many S3-compatible servers reject the
      // streamed (aws-chunked) trailing checksums the SDK otherwise adds to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (options.endpoint) config.endpoint = options.endpoint;
    if (options.credentials) config.credentials = options.credentials;
    this.client = new S3Client(config);
    this.bucket = options.bucket;
    this.prefix = normalizeBucketPrefix(options.prefix);
    this.tempDir = options.tempDir;
    this.partSize = Math.max(MIN_PART_SIZE, options.partSize ?? DEFAULT_PART_SIZE);
    this.queueSize = Math.max(1, options.queueSize ?? 2);
  }

  private objectKey(key: string): string {
    return this.prefix + checkKey(key);
  }

  /** A key of the bucket back to ours (null: outside our prefix). */
  private ownKey(bucketKey: string | undefined): string | null {
    return bucketKey?.startsWith(this.prefix) ? bucketKey.slice(this.prefix.length) : null;
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    const Key = this.objectKey(key);
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // Which failed first: the body (a client gone) or the upload (the server); the other follows.
    let failure: 'body' | 'upload' | undefined;
    const feeding = pipeline(body, counted).catch((error: unknown) => {
      failure ??= 'body';
      throw error;
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: counted },
      partSize: this.partSize,
      queueSize: this.queueSize,
      // A failed upload aborts its multipart upload: its parts are deleted.
      leavePartsOnError: false,
    });
    const uploaded = upload.done().catch((error: unknown) => {
      failure ??= 'upload';
      // Nobody reads the body any more: end its feeding too.
      counted.destroy();
      throw error;
    });
    const [sent, fed] = await Promise.allSettled([uploaded, feeding]);
    if (failure === 'body' && fed.status === 'rejected') throw fed.reason;
    if (sent.status === 'rejected') throw sent.reason;
    if (fed.status === 'rejected') throw fed.reason;
    return { size };
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const Key = this.objectKey(key);
    const out = new PassThrough();
    const cancel = new AbortController();
    out.once('close', () => cancel.abort());
    this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }), { abortSignal: cancel.signal })
      .then((answer) => pipeline(answer.Body as Readable, out))
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  async stat(key: string): Promise<{ size: number; modifiedAt: Date } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (checkPrefix(prefix) === '') throw new StorageKeyError('refusing to delete the whole storage');
    // Pages of at most 1000 keys, each deleted in one call before the next page is asked for.
    for await (const page of paginateListObjectsV2({ client: this.client, pageSize: DELETE_BATCH }, { Bucket: this.bucket, Prefix: this.prefix + prefix })) {
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const answer = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.slice(i, i + DELETE_BATCH), Quiet: true } }));
        const failed = answer.Errors?.[0];
        if (failed) throw new Error(`could not delete ${failed.Key ?? 'an object'}: ${failed.Code ?? 'error'}`);
      }
    }
  }

  async *list(prefix: string, options: { incomplete?: boolean } = {}): AsyncIterable<StoredObject> {
    const Prefix = this.prefix + checkPrefix(prefix);
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix })) {
      for (const object of page.Contents ?? []) {
        const key = this.ownKey(object.Key);
        if (key) yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
    }
    if (!options.incomplete) return;
    // An upload under way has no size yet: its parts are not an object.
    for await (const upload of this.uploads(Prefix)) {
      const key = this.ownKey(upload.key);
      if (key) yield { key, size: 0, modifiedAt: upload.initiated, incomplete: true };
    }
  }

  /** The multipart uploads started and neither completed nor aborted (none on a server without the call). */
  private async *uploads(Prefix: string): AsyncGenerator<{ key: string; uploadId: string; initiated: Date }> {
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    for (;;) {
      let page;
      try {
        page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix, KeyMarker, UploadIdMarker }));
      } catch (error) {
        if (isUnsupported(error)) return;
        throw error;
      }
      for (const upload of page.Uploads ?? []) {
        if (upload.Key && upload.UploadId) yield { key: upload.Key, uploadId: upload.UploadId, initiated: upload.Initiated ?? new Date(0) };
      }
      if (!page.IsTruncated) return;
      KeyMarker = page.NextKeyMarker;
      UploadIdMarker = page.NextUploadIdMarker;
    }
  }

  async withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T> {
    const Key = this.objectKey(key);
    const root = this.tempDir ?? os.tmpdir();
    await fsp.mkdir(root, { recursive: true });
    // mkdtemp makes the folder readable by its owner only.
    const folder = await fsp.mkdtemp(path.join(root, 'palabre-s3-'));
    try {
      const file = path.join(folder, path.basename(key));
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      await pipeline(answer.Body as Readable, fs.createWriteStream(file, { mode: 0o600 }));
      return await use(file);
    } finally {
      await fsp.rm(folder, { recursive: true, force: true });
    }
  }

  async removeIncomplete(before: Date): Promise<IncompleteReport> {
    const report: IncompleteReport = { writes: 0, folders: 0 };
    const stale: { key: string; uploadId: string }[] = [];
    for await (const upload of this.uploads(this.prefix)) if (upload.initiated < before) stale.push(upload);
    for (const upload of stale) {
      try {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.key, UploadId: upload.uploadId }));
        report.writes++;
      } catch (error) {
        // Completed or aborted meanwhile: nothing left to remove.
        if ((error as Error).name !== 'NoSuchUpload' && !isMissing(error)) throw error;
      }
    }
    return report;
  }

  /** Whether the bucket answers with these settings and keys, by a HeadBucket (at start: a wrong setting stops the server). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const code = status(error);
      const reason = code === 404 ? 'no such bucket' : code === 403 ? 'access denied to these keys' : (error as Error).name || 'unreachable';
      throw new ConfigError(`Invalid configuration:\n  S3_BUCKET: the bucket ${this.bucket} cannot be used (${reason})\nSee docs/storage.md.`);
    }
  }

  /** Closes the client's connections. */
  destroy(): void {
    this.client.destroy();
  }
}
