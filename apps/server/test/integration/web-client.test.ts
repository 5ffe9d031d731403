/** The built web client: static files, and index.html for every client route (history mode). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/server.ts';

let server: TestServer;
let dist: string;
const INDEX = '<!doctype html><title>Palabre test build</title><div id="root"></div>';
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log("app")');
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
  expect(asset.headers.get('cache-control')).toMatch(/immutable/);
  const icon = await server.client().get('/favicon.svg');
  expect(icon.status).toBe(200);
  expect(icon.headers.get('content-type')).toMatch(/svg/);
  expect(icon.headers.get('cache-control')).not.toMatch(/immutable/);
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
