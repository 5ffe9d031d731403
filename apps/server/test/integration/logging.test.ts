/** What the server logs when a request fails in the database (the failure, never the values it carried), and of mails without SMTP. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PLATFORM_ROLE } from '@palabre/shared';
import { linkIn, startTestServer, uniqueEmail, type TestServer } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ captureLog: true });
  // Rows the database refuses, so that a request carrying a secret fails inside the database.
  await server.running.db.executeSql(`ALTER TABLE transcriber_profiles ADD CONSTRAINT refuses_test_rows CHECK (name <> 'Refused by the database')`);
  await server.running.db.executeSql(`ALTER TABLE users ADD CONSTRAINT refuses_test_rows CHECK (firstname <> 'Refused')`);
});
afterAll(() => server?.close());

it('logs a failed profile insert without its API key or the row', async () => {
  const sysadmin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
  const apiKey = 'sk-LOGGED-NEVER-4f1c2e';
  const response = await sysadmin.client.post('/cm-api/api/transcriber_profiles', {
    name: 'Refused by the database',
    type: 'openai',
    languages: ['en'],
    organizationId: null,
    config: { endpoint: 'http://asr.example.org/v1', apiKey },
  });
  expect(response.status).toBe(500);
  expect(JSON.stringify(response.body)).not.toContain(apiKey);
  // The answer names the request so that the user can quote it; its log lines carry the same id.
  const requestId = response.headers.get('x-request-id');
  expect(requestId).toBeTruthy();
  expect(response.body).toMatchObject({ status: 'error', code: 'internal_error', requestId });
  const log = server.logged();
  expect(log).toContain('unhandled error');
  const failure = log
    .split('\n')
    .filter((line) => line.includes('unhandled error'))
    .map((line) => JSON.parse(line) as { reqId?: string });
  expect(failure.at(-1)?.reqId).toBe(requestId);
  expect(log).toContain('refuses_test_rows');
  expect(log).not.toContain(apiKey);
});

it('logs a failed sign-up without the password or its hash', async () => {
  const password = 'pw-LOGGED-NEVER-9a7b';
  const response = await server.client().signUp({ firstname: 'Refused', lastname: 'User', email: uniqueEmail(), password });
  expect(response.status).toBe(500);
  const log = server.logged();
  expect(log).toContain('refuses_test_rows');
  expect(log).not.toContain(password);
  expect(log).not.toContain('$argon2');
});

it('redacts secret fields in logged objects', () => {
  server.running.app.log.info({ user: { passwordHash: '$argon2id$v=19$x', apiKey: 'sk-field-secret' }, headers: { authorization: 'Bearer tok-secret' } }, 'object with secrets');
  const log = server.logged();
  expect(log).toContain('object with secrets');
  for (const secret of ['$argon2id$v=19$x', 'sk-field-secret', 'tok-secret']) expect(log).not.toContain(secret);
});

it('writes the links of mails without SMTP to the outbox only, never to the log', async () => {
  const user = await server.quickUser();
  const before = server.logged().length;
  expect((await server.client().post('/cm-api/auth/magic-link', { email: user.email }, { auth: false })).status).toBe(200);
  expect((await server.client().post('/cm-api/api/users/self/reset-password', { email: user.email }, { auth: false })).status).toBe(200);
  const mails = server.mails(user.email);
  const secrets = mails.map((mail) => linkIn(mail)).map((link) => link.searchParams.get('token') ?? link.pathname.split('/').pop()!);
  expect(secrets).toHaveLength(2);
  const outbox = path.join(server.running.ctx.config.dataDir, 'outbox');
  const written = fs
    .readdirSync(outbox)
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .join('\n');
  const log = server.logged().slice(before);
  expect(log).toContain('outbox');
  for (const secret of secrets) {
    expect(written).toContain(secret);
    expect(log).not.toContain(secret);
  }
});
