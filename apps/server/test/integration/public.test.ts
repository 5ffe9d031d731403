/** What anyone can reach before signing in, and the conventions every call follows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { APP_NAME: 'Studio Test', APP_THEME: 'blue' } });
});
afterAll(() => server?.close());

describe('public endpoints', () => {
  it('GET /healthcheck answers ok', async () => {
    const response = await server.client().get('/healthcheck');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('GET /cm-api/api/config gives what the web client needs before sign-in', async () => {
    const response = await server.client().get('/cm-api/api/config');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      appName: 'Studio Test',
      theme: 'blue',
      userCreationDisabled: false,
      features: { sessionsEnabled: true, userCreationDisabled: false },
      sso: null,
    });
  });

  it('GET /cm-api/auth/list lists password and magic link sign-in, without SSO when none is configured', async () => {
    const response = await server.client().get('/cm-api/auth/list');
    expect(response.status).toBe(200);
    expect(response.body.map((p: { type: string }) => p.type)).toEqual(['local', 'magic_link']);
  });

  it('answers unknown API routes with a 404 in the error format', async () => {
    const response = await server.client().get('/cm-api/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ status: 'error', code: 'not_found' });
  });

  it('refuses protected routes without a token', async () => {
    const response = await server.client().get('/cm-api/api/users/self');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ status: 'error', code: 'unauthorized' });
  });

  it('refuses a forged or malformed token with 401', async () => {
    const client = server.client();
    for (const token of ['not-a-jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl']) {
      const response = await client.get('/cm-api/api/users/self', { auth: token });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('unauthorized');
    }
  });
});

describe('anti-forgery token', () => {
  it('is handed out as an XSRF-TOKEN cookie readable by scripts', async () => {
    const response = await server.client().get('/cm-api/api/config');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie!.toLowerCase()).not.toContain('httponly');
  });

  it('refuses a non-GET call without the X-XSRF-TOKEN header with 403 xsrf_missing', async () => {
    const client = server.client();
    await client.get('/cm-api/api/config');
    const response = await client.post('/cm-api/auth/login', { email: 'a@example.org', password: 'whatever' }, { xsrf: false });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ status: 'error', code: 'xsrf_missing' });
  });

  it('refuses a header that does not match the cookie', async () => {
    const client = server.client();
    await client.get('/cm-api/api/config');
    const response = await client.post('/cm-api/auth/magic-link', { email: 'a@example.org' }, { xsrf: 'forged-value' });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('xsrf_missing');
  });

  it('refuses a header without the cookie (a first call from a foreign page)', async () => {
    const client = server.client();
    const response = await client.post('/cm-api/auth/magic-link', { email: 'a@example.org' }, { xsrf: 'some-value' });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('xsrf_missing');
  });

  it('lets the call through once the cookie is mirrored', async () => {
    const client = server.client();
    const response = await client.post('/cm-api/auth/magic-link', { email: 'nobody@example.org' });
    expect(response.status).toBe(200);
  });
});

describe('malformed requests', () => {
  it('answers invalid JSON with 400 in the error format', async () => {
    const client = server.client();
    const response = await client.request('POST', '/cm-api/auth/login', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 'error', code: 'validation_failed' });
  });

  it('answers an unsupported content type with 415', async () => {
    const client = server.client();
    const response = await client.request('POST', '/cm-api/auth/login', { raw: 'email=a', headers: { 'content-type': 'text/csv' } });
    expect(response.status).toBe(415);
    expect(response.body.status).toBe('error');
  });
});
