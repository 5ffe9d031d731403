/** First run in the browser: the one-time setup token creates the first super administrator, once. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ROLE, zUser } from '@palabre/shared';
import { startTestServer, uniqueEmail, type TestServer } from '../harness/server.ts';

let server: TestServer;
let tokenFile: string;
beforeAll(async () => {
  server = await startTestServer();
  tokenFile = path.join(server.ctx.config.dataDir, 'setup-token');
});
afterAll(() => server?.close());

const admin = (token: string) => ({ token, firstname: 'Ada', lastname: 'Lovelace', email: uniqueEmail('ada'), password: 'engine-1843' });

describe('POST /cm-api/api/setup', () => {
  it('writes the token for the owner only and says a setup is awaited', async () => {
    expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect((await server.client().get('/cm-api/api/config')).body.setupRequired).toBe(true);
  });

  it('refuses a wrong token and creates nothing', async () => {
    const response = await server.client().post('/cm-api/api/setup', admin('not-the-token-of-this-server'), { auth: false });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('setup_token_invalid');
    expect((await server.client().get('/cm-api/api/config')).body.setupRequired).toBe(true);
  });

  it('creates a verified super administrator with the right token, signed in at once', async () => {
    const token = fs.readFileSync(tokenFile, 'utf8').trim();
    const client = server.client();
    const input = admin(token);
    const response = await client.post('/cm-api/api/setup', input, { auth: false });
    expect(response.status).toBe(200);
    client.useTokens(response.body);
    const self = zUser.parse((await client.get('/cm-api/api/users/self')).body);
    expect(self.email).toBe(input.email);
    expect(self.role & PLATFORM_ROLE.SUPER_ADMINISTRATOR).toBe(PLATFORM_ROLE.SUPER_ADMINISTRATOR);
    expect(self.emailVerified).toBe(true);
    expect(fs.existsSync(tokenFile)).toBe(false);
    expect((await server.client().get('/cm-api/api/config')).body.setupRequired).toBe(false);

    // Once an account exists, the same token (or any other) creates nothing more.
    const again = await server.client().post('/cm-api/api/setup', admin(token), { auth: false });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('setup_token_invalid');
  });
});
