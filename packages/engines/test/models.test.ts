/** Model catalogue and download, against a real HTTP server on 127.0.0.1. */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MODEL_CATALOGUE, findCatalogueModel, modelDownloadUrl, type CatalogueModel } from '../src/models/catalogue.ts';
import { listModels, pullModel } from '../src/models/pull.ts';

const CONTENT = randomBytes(256 * 1024 + 17);
const SHA = createHash('sha256').update(CONTENT).digest('hex');

const TEST_CATALOGUE: CatalogueModel[] = [
  { name: 'good', kind: 'whisper', fileName: 'ggml-good.bin', repository: 'test/repo', approxBytes: CONTENT.length, sha256: SHA, languages: 'multilingual', description: '' },
  {
    name: 'bad-sum',
    kind: 'whisper',
    fileName: 'ggml-bad-sum.bin',
    repository: 'test/repo',
    approxBytes: CONTENT.length,
    sha256: '0'.repeat(64),
    languages: 'multilingual',
    description: '',
  },
  { name: 'cut', kind: 'whisper', fileName: 'ggml-cut.bin', repository: 'test/repo', approxBytes: CONTENT.length, sha256: SHA, languages: 'multilingual', description: '' },
  { name: 'nosum', kind: 'whisper', fileName: 'ggml-nosum.bin', repository: 'test/repo', approxBytes: CONTENT.length, sha256: null, languages: 'en', description: '' },
  { name: 'gone', kind: 'whisper', fileName: 'ggml-gone.bin', repository: 'test/repo', approxBytes: 1, sha256: SHA, languages: 'en', description: '' },
];

let server: http.Server;
let baseUrl: string;
const requested: string[] = [];
let dir: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requested.push(req.url ?? '');
    const file = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
    if (file === 'ggml-gone.bin') {
      res.writeHead(404).end('not found');
      return;
    }
    if (file === 'ggml-cut.bin') {
      // Announces the whole file, sends half of it, then drops the connection.
      res.writeHead(200, { 'content-length': String(CONTENT.length), 'content-type': 'application/octet-stream' });
      res.write(CONTENT.subarray(0, CONTENT.length / 2), () => setTimeout(() => res.socket?.destroy(), 20));
      return;
    }
    res.writeHead(200, { 'content-length': String(CONTENT.length), 'content-type': 'application/octet-stream' });
    res.end(CONTENT);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'palabre-models-'));
  return () => rm(dir, { recursive: true, force: true });
});

describe('model catalogue', () => {
  it('has the usual whisper.cpp models with well-formed checksums and Hugging Face URLs', () => {
    for (const name of ['tiny', 'tiny.en', 'base', 'base.en', 'small', 'small.en', 'medium', 'large-v3-turbo', 'silero-v6.2.0']) {
      const model = findCatalogueModel(name);
      expect(model, name).toBeDefined();
      expect(model!.sha256 === null || /^[0-9a-f]{64}$/.test(model!.sha256)).toBe(true);
    }
    expect(new Set(MODEL_CATALOGUE.map((m) => m.name)).size).toBe(MODEL_CATALOGUE.length);
    expect(modelDownloadUrl(findCatalogueModel('base')!)).toBe('https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base.bin');
    expect(findCatalogueModel('ggml-tiny.en.bin')?.name).toBe('tiny.en');
  });

  it('records the real checksum of the Silero VAD file', async () => {
    const bytes = await readFile(path.resolve('../shared/models/ggml-silero-v6.2.0.bin'));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(findCatalogueModel('silero-v6.2.0')!.sha256);
  });
});

describe('pullModel', () => {
  it('downloads, verifies and installs a model, reporting progress', async () => {
    const progress: number[] = [];
    const result = await pullModel('good', dir, { baseUrl, catalogue: TEST_CATALOGUE, onProgress: (p) => progress.push(p.receivedBytes) });
    expect(result).toMatchObject({ downloaded: true, verified: true, sha256: SHA, bytes: CONTENT.length, path: path.join(dir, 'ggml-good.bin') });
    expect(Buffer.compare(await readFile(result.path), CONTENT)).toBe(0);
    expect(await readdir(dir)).toEqual(['ggml-good.bin']);
    expect(progress.at(-1)).toBe(CONTENT.length);
    expect(requested).toContain('/test/repo/resolve/main/ggml-good.bin');

    const again = await pullModel('good', dir, { baseUrl, catalogue: TEST_CATALOGUE });
    expect(again.downloaded).toBe(false);
    const listed = await listModels(dir, TEST_CATALOGUE);
    expect(listed.map((m) => [m.model.name, m.installed])).toEqual([
      ['good', true],
      ['bad-sum', false],
      ['cut', false],
      ['nosum', false],
      ['gone', false],
    ]);
  });

  it('leaves nothing behind on a checksum mismatch', async () => {
    await expect(pullModel('bad-sum', dir, { baseUrl, catalogue: TEST_CATALOGUE })).rejects.toMatchObject({
      code: 'checksum_mismatch',
      message: expect.stringContaining(SHA),
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('leaves nothing behind when the download is interrupted', async () => {
    await expect(pullModel('cut', dir, { baseUrl, catalogue: TEST_CATALOGUE })).rejects.toMatchObject({ code: 'download_failed' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('reports HTTP errors and unknown names', async () => {
    await expect(pullModel('gone', dir, { baseUrl, catalogue: TEST_CATALOGUE })).rejects.toMatchObject({
      code: 'download_failed',
      message: expect.stringContaining('HTTP 404'),
    });
    await expect(pullModel('huge', dir, { baseUrl, catalogue: TEST_CATALOGUE })).rejects.toMatchObject({ code: 'unknown_model' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a model without a known checksum unless allowed', async () => {
    await expect(pullModel('nosum', dir, { baseUrl, catalogue: TEST_CATALOGUE })).rejects.toMatchObject({
      code: 'unverified',
      message: expect.stringContaining('--allow-unverified'),
    });
    expect(await readdir(dir)).toEqual([]);
    const result = await pullModel('nosum', dir, { baseUrl, catalogue: TEST_CATALOGUE, allowUnverified: true });
    expect(result).toMatchObject({ downloaded: true, verified: false });
  });

  it('uses an injected fetch and honours an abort', async () => {
    const controller = new AbortController();
    const slowFetch: typeof fetch = async (_url, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new Uint8Array(CONTENT.subarray(0, 1000)));
          init?.signal?.addEventListener('abort', () => c.error(new Error('aborted')));
          setTimeout(() => controller.abort(), 20);
        },
      });
      return new Response(body, { status: 200 });
    };
    await expect(pullModel('good', dir, { fetch: slowFetch, catalogue: TEST_CATALOGUE, signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('does not clobber a file a user put there', async () => {
    await writeFile(path.join(dir, 'ggml-good.bin'), 'mine');
    const result = await pullModel('good', dir, { baseUrl, catalogue: TEST_CATALOGUE });
    expect(result.downloaded).toBe(false);
    expect(await readFile(path.join(dir, 'ggml-good.bin'), 'utf8')).toBe('mine');
  });
});
