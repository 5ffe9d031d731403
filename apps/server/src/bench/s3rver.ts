/**
 * A throwaway S3-compatible server (s3rver) on 127.0.0.1, over a temporary folder removed when it
 * stops, with one bucket created. Its endpoint, bucket and keys go to the S3 storage driver directly,
 * or to a test server as `env` (the STORAGE_DRIVER and S3_* variables of .env.example).
 *
 * s3rver lacks two calls real servers have: listing the multipart uploads under way and aborting
 * one. They are added here over its own upload folders, so that the driver's handling of unfinished
 * writes is tested as it runs against MinIO or AWS. Two of its bugs are worked around as well: it
 * reads the range "bytes=0-0" as the whole object, its concurrent deletions in one folder race on
 * removing that folder, and its listing tokens use a cipher OpenSSL 3 no longer has (listings of
 * more than one page are served as the older marker-based listing here).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import S3rver, { type S3rverContext } from 's3rver';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The folder s3rver keeps its buckets in. */
  directory: string;
  /** The environment a Palabre server (or command) needs to store in this bucket, under `prefix`. */
  env(prefix?: string): Record<string, string>;
  stop(): Promise<void>;
}

/** s3rver's fixed development keys. */
const KEY = 'S3RVER';

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** GET /<bucket>?uploads and DELETE /<bucket>/<key>?uploadId=… over s3rver's upload folders. */
function multipartUploadCalls(server: S3rver) {
  const uploadsDir = (bucket: string) => server.store.getResourcePath(bucket, undefined, 'uploads');
  return async (ctx: S3rverContext, next: () => Promise<void>): Promise<void> => {
    const [bucket, ...rest] = ctx.path.split('/').filter(Boolean);
    if (!bucket) return next();
    if (ctx.method === 'GET' && rest.length === 0 && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const uploads: string[] = [];
      for (const id of await fsp.readdir(uploadsDir(bucket)).catch(() => [])) {
        const keyFile = path.join(uploadsDir(bucket), id, 'key');
        const key = await fsp.readFile(keyFile, 'utf8').catch(() => null);
        if (key === null || !key.startsWith(prefix)) continue;
        const { mtime } = await fsp.stat(keyFile);
        uploads.push(`<Upload><Key>${xml(key)}</Key><UploadId>${id}</UploadId><Initiated>${mtime.toISOString()}</Initiated></Upload>`);
      }
      ctx.status = 200;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${xml(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
      return;
    }
    if (ctx.method === 'GET' && rest.length > 0 && ctx.headers.range === 'bytes=0-0') {
      await next();
      const whole = ctx.body as Readable | null;
      if (ctx.status !== 206 || !whole) return;
      ctx.body = Readable.from(
        (async function* firstByte() {
          for await (const chunk of whole) {
            yield (chunk as Buffer).subarray(0, 1);
            break;
          }
        })(),
      );
      ctx.length = 1;
      ctx.set('Content-Range', (ctx.response.get('Content-Range') ?? '').replace(/^bytes 0-\d+/, 'bytes 0-0'));
      return;
    }
    if (ctx.method === 'GET' && rest.length === 0 && ctx.query['list-type'] === '2') {
      const { 'list-type': _version, 'continuation-token': token, 'start-after': after, ...query } = ctx.query;
      const marker = typeof token === 'string' ? Buffer.from(token, 'base64url').toString('utf8') : after;
      ctx.query = marker === undefined ? query : { ...query, marker };
      await next();
      const body = typeof ctx.body === 'string' ? ctx.body : '';
      const last = [...body.matchAll(/<Key>([^<]*)<\/Key>/g)].at(-1)?.[1];
      if (body.includes('<IsTruncated>true</IsTruncated>') && last !== undefined) {
        const next = Buffer.from(last.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'), 'utf8').toString('base64url');
        ctx.body = body.replace('</ListBucketResult>', `<NextContinuationToken>${next}</NextContinuationToken></ListBucketResult>`);
      }
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'DELETE' && rest.length > 0 && typeof uploadId === 'string') {
      if (!/^[0-9a-f]+$/.test(uploadId) || !fs.existsSync(path.join(uploadsDir(bucket), uploadId))) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
        return;
      }
      await fsp.rm(path.join(uploadsDir(bucket), uploadId), { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    return next();
  };
}

function handle(endpoint: string, bucket: string, directory: string, stop: () => Promise<void>): S3TestServer {
  return {
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: KEY,
    secretAccessKey: KEY,
    directory,
    env: (prefix = '') => ({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    stop,
  };
}

/** s3rver in this process. */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const directory = await fsp.mkdtemp(path.join(os.tmpdir(), 'palabre-s3rver-'));
  const bucket = options.bucket ?? 'palabre-test';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: !process.env.S3RVER_LOG, directory, configureBuckets: [{ name: bucket }] });
  server.middleware.unshift(multipartUploadCalls(server));
  const deleteObject = server.store.deleteObject.bind(server.store);
  let deletions = Promise.resolve();
  server.store.deleteObject = (bucket, key) => {
    const deletion = deletions.then(() => deleteObject(bucket, key));
    deletions = deletion.catch(() => undefined);
    return deletion;
  };
  let address;
  try {
    address = await server.run();
  } catch (error) {
    await fsp.rm(directory, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return handle(`http://127.0.0.1:${address.port}`, bucket, directory, async () => {
    if (stopped) return;
    stopped = true;
    await server.close();
    await fsp.rm(directory, { recursive: true, force: true });
  });
}

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3rver-child.ts');

/**
 * s3rver in a process of its own (s3rver-child.ts): for tests that measure this process's memory, or
 * that must not share it with the server they test.
 */
export async function startS3ServerProcess(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const child = spawn(process.execPath, [CHILD], { env: { ...process.env, S3_TEST_BUCKET: options.bucket ?? 'palabre-test' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ endpoint: string; bucket: string; directory: string }>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line) as { endpoint: string; bucket: string; directory: string }));
    child.once('exit', (code) => reject(new Error(`the S3 test server exited (${code}): ${errors}`)));
  });
  return handle(ready.endpoint, ready.bucket, ready.directory, async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  });
}
