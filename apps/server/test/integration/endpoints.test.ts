/** Every endpoint of the shared endpoint table: documented, and protected as the table says. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@palabre/shared';
import { startTestServer, type TestServer } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const concrete = (path: string) => path.replace(/:\w+/g, crypto.randomUUID());

describe('GET /cm-api/docs', () => {
  it('serves an OpenAPI document naming every endpoint', async () => {
    const response = await server.client().get('/cm-api/docs');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    for (const e of ENDPOINTS) {
      const path = e.path.replace(/:(\w+)/g, '{$1}');
      expect(response.body.paths[path]?.[e.method.toLowerCase()], `${e.method} ${e.path}`).toBeDefined();
    }
  });
});

describe('authentication', () => {
  const protectedEndpoints = ENDPOINTS.filter((e) => e.auth);
  const publicEndpoints = ENDPOINTS.filter((e) => !e.auth);

  it.each(protectedEndpoints.map((e) => [e.method, e.path] as const))('%s %s answers 401 without a token', async (method, path) => {
    const response = await server.client().request(method, concrete(path), method === 'GET' || method === 'DELETE' ? {} : { json: {} });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ status: 'error', code: 'unauthorized' });
  });

  it.each(publicEndpoints.map((e) => [e.method, e.path] as const))('%s %s does not ask for a token', async (method, path) => {
    const response = await server.client().request(method, concrete(path), method === 'GET' ? {} : { json: {} });
    expect(response.status).not.toBe(401);
    expect(response.status).toBeLessThan(500);
  });

  it.each(protectedEndpoints.filter((e) => e.method !== 'GET').map((e) => [e.method, e.path] as const))(
    '%s %s checks the anti-forgery header before anything else',
    async (method, path) => {
      const user = await server.quickUser();
      const response = await user.client.request(method, concrete(path), { json: {}, xsrf: false });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('xsrf_missing');
    },
  );
});
