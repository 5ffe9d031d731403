/** The built web client: static files, and index.html for every client route (history mode). */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/server.ts';

let server: TestServer;
let dist: string;
const INDEX = '<!doctype html><title>Palabre test build</title><div id="root"></div>';
const BIG_JS = 'console.log("a large bundle");\n'.repeat(2000);
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log("app")');
  // As the build leaves them: brotli and gzip twins next to a large text file.
  fs.writeFileSync(path.join(dist, 'assets', 'big-5678.js'), BIG_JS);
  fs.writeFileSync(path.join(dist, 'assets', 'big-5678.js.br'), zlib.brotliCompressSync(BIG_JS));
  fs.writeFileSync(path.join(dist, 'assets', 'big-5678.js.gz'), zlib.gzipSync(BIG_JS));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

it('answers client routes with index.html, never cached', async () => {
  for (const route of ['/', '/login', '/interface/explore', '/interface/conversations/123/transcription', '/magiclink-auth/abc?x=1']) {
    const response = await server.client().get(route);
    expect(response.status, route).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  }
});

it('serves built assets, fingerprinted ones cached for good', async () => {
  const asset = await server.client().get('/assets/app-1234.js');
  expect(asset.status).toBe(200);
  expect(asset.body).toBe('console.log("app")');
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const icon = await server.client().get('/favicon.svg');
  expect(icon.status).toBe(200);
  expect(icon.headers.get('content-type')).toMatch(/svg/);
  expect(icon.headers.get('cache-control')).toBe('no-cache');
});

describe('precompressed assets', () => {
  /** Raw bytes as sent (fetch would decode them). */
  function fetchRaw(route: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const request = http.get(new URL(route, server.url), { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
    });
  }

  it('sends the brotli file to browsers that accept it, gzip to the others, plain otherwise', async () => {
    const brotli = await fetchRaw('/assets/big-5678.js', 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(BIG_JS);
    expect(brotli.body.length).toBeLessThan(BIG_JS.length / 10);

    const gzip = await fetchRaw('/assets/big-5678.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(BIG_JS);

    const plain = await fetchRaw('/assets/big-5678.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(BIG_JS);
  });
});

describe('security headers', () => {
  function expectSecurityHeaders(headers: Headers) {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    for (const directive of ["frame-ancestors 'none'", 'frame-src blob:', "object-src 'none'", "base-uri 'self'", "default-src 'self'"]) expect(csp).toContain(directive);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('x-frame-options')).toBe('DENY');
  }

  it('come with the web client, its assets, API answers and errors', async () => {
    for (const route of ['/', '/login', '/assets/app-1234.js', '/cm-api/api/config', '/cm-api/api/not-a-route', '/cm-api/api/users/self']) {
      const response = await server.client().get(route);
      expectSecurityHeaders(response.headers);
      expect(response.headers.get('strict-transport-security'), route).toBeNull();
    }
  });

  it('include HSTS only for HTTPS, as reported by a trusted proxy', async () => {
    const secure = await server.client().get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const untrusting = await startTestServer({ env: { WEB_DIST_DIR: dist, TRUST_PROXY: 'false' } });
    try {
      const response = await untrusting.client().get('/', { headers: { 'x-forwarded-proto': 'https' } });
      expectSecurityHeaders(response.headers);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await untrusting.close();
    }
  });
});

it('keeps API 404s as JSON errors rather than the web page', async () => {
  const response = await server.client().get('/cm-api/api/not-a-route');
  expect(response.status).toBe(404);
  expect(response.body).toMatchObject({ status: 'error', code: 'not_found' });
});

it('does not serve files outside the build folder', async () => {
  fs.writeFileSync(path.join(path.dirname(dist), `${path.basename(dist)}-secret.txt`), 'secret');
  try {
    for (const attempt of [`/..%2f${path.basename(dist)}-secret.txt`, `/%2e%2e/${path.basename(dist)}-secret.txt`]) {
      const response = await server.client().get(attempt);
      expect(String(response.body)).not.toContain('secret');
    }
  } finally {
    fs.rmSync(path.join(path.dirname(dist), `${path.basename(dist)}-secret.txt`), { force: true });
  }
});

it('answers a malformed address without a server error', async () => {
  for (const route of ['/%E0%A4%A', '/assets/%zz.js']) {
    const response = await server.client().get(route);
    expect(response.status, route).toBeLessThan(500);
  }
});
