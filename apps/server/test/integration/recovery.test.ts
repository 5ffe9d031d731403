/** Password change, password reset by mail, and magic-link sign-in. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens } from '../../src/db/schema.ts';
import { linkIn, startTestServer, uniqueEmail, type TestServer } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('PUT /cm-api/api/users/self/password', () => {
  it('needs the current password', async () => {
    const ada = await server.signUp();
    const response = await ada.client.put('/cm-api/api/users/self/password', { currentPassword: 'not-it', newPassword: 'another-secret' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'wrong_password', fields: { currentPassword: 'error.wrong_password' } });
    expect((await server.client().login(ada.email, ada.password)).status).toBe(200);
  });

  it('checks the new password length', async () => {
    const ada = await server.signUp();
    const response = await ada.client.put('/cm-api/api/users/self/password', { currentPassword: ada.password, newPassword: '12345' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ newPassword: 'error.passwordLength' });
  });

  it('changes the password, ends every other session and keeps this one going with fresh tokens', async () => {
    const ada = await server.signUp();
    const otherDevice = server.client();
    await otherDevice.login(ada.email, ada.password);
    const oldToken = ada.client.authToken!;

    const response = await ada.client.put('/cm-api/api/users/self/password', { currentPassword: ada.password, newPassword: 'brand-new-secret' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ auth_token: expect.any(String), refresh_token: expect.any(String), user_id: ada.id });

    const other = await otherDevice.get('/cm-api/api/users/self');
    expect(other.status).toBe(401);
    expect(other.body.code).toBe('token_revoked');
    expect((await ada.client.get('/cm-api/api/users/self', { auth: oldToken })).status).toBe(401);
    expect((await ada.client.get('/cm-api/api/users/self', { auth: response.body.auth_token })).status).toBe(200);

    expect((await server.client().login(ada.email, ada.password)).status).toBe(401);
    expect((await server.client().login(ada.email, 'brand-new-secret')).status).toBe(200);
  });

  it('ends the reset and sign-in links mailed before the change', async () => {
    const ada = await server.signUp();
    await server.client().post('/cm-api/api/users/self/reset-password', { email: ada.email });
    const resetToken = linkIn(server.lastMail(ada.email)).searchParams.get('token')!;
    await server.client().post('/cm-api/auth/magic-link', { email: ada.email });
    const magicId = linkIn(server.lastMail(ada.email)).pathname.split('/').pop()!;

    const changed = await ada.client.put('/cm-api/api/users/self/password', { currentPassword: ada.password, newPassword: 'brand-new-secret' });
    expect(changed.status).toBe(200);

    const reset = await server.client().put('/cm-api/api/users/self/reset-password', { token: resetToken, password: 'someone-elses-1' });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe('reset_link_invalid');
    const magic = await server.client().post('/cm-api/auth/login/magic-link', { magicId });
    expect(magic.status).toBe(401);
    expect(magic.body.code).toBe('magic_link_invalid');
    expect((await server.client().login(ada.email, 'brand-new-secret')).status).toBe(200);
  });

  it('accepts the current password typed with surrounding spaces, as it was typed at sign-up', async () => {
    const ada = await server.signUp({ password: ' spaced secret ' });
    const response = await ada.client.put('/cm-api/api/users/self/password', { currentPassword: ' spaced secret ', newPassword: 'plain-secret' });
    expect(response.status).toBe(200);
  });

  it('refuses unknown keys', async () => {
    const ada = await server.signUp();
    const response = await ada.client.put('/cm-api/api/users/self/password', { currentPassword: ada.password, newPassword: 'brand-new-secret', userId: 'x' });
    expect(response.status).toBe(400);
  });
});

describe('password reset', () => {
  const ask = (email: string) => server.client().post('/cm-api/api/users/self/reset-password', { email });
  const reset = (token: string, password: string) => server.client().put('/cm-api/api/users/self/reset-password', { token, password });

  it('answers the same whether or not the address has an account, and mails only real accounts', async () => {
    const ada = await server.createUser();
    const ghost = uniqueEmail('ghost');
    const known = await ask(ada.email);
    const unknown = await ask(ghost);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(server.mails(ghost)).toHaveLength(0);
    expect(server.mails(ada.email)).toHaveLength(1);
  });

  it('resets the password once with the mailed link and ends every session', async () => {
    const ada = await server.signUp();
    await ask(ada.email.toUpperCase());
    const link = linkIn(server.lastMail(ada.email));
    expect(link.origin).toBe(server.url);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;

    const tooShort = await reset(token, '123');
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.fields).toEqual({ password: 'error.passwordLength' });

    const done = await reset(token, 'reset-secret-1');
    expect(done.status).toBe(200);
    expect((await ada.client.get('/cm-api/api/users/self')).status).toBe(401);
    expect((await server.client().login(ada.email, ada.password)).status).toBe(401);
    expect((await server.client().login(ada.email, 'reset-secret-1')).status).toBe(200);

    const again = await reset(token, 'reset-secret-2');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('reset_link_invalid');
    expect((await server.client().login(ada.email, 'reset-secret-2')).status).toBe(401);
  });

  it('ends the sign-in link mailed before the reset', async () => {
    const ada = await server.signUp();
    await server.client().post('/cm-api/auth/magic-link', { email: ada.email });
    const magicId = linkIn(server.lastMail(ada.email)).pathname.split('/').pop()!;
    await ask(ada.email);
    const token = linkIn(server.lastMail(ada.email)).searchParams.get('token')!;
    expect((await reset(token, 'reset-secret-1')).status).toBe(200);
    const magic = await server.client().post('/cm-api/auth/login/magic-link', { magicId });
    expect(magic.status).toBe(401);
    expect(magic.body.code).toBe('magic_link_invalid');
  });

  it('limits requests from one address', async () => {
    const client = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/cm-api/api/users/self/reset-password', { email: uniqueEmail('flood') })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('refuses an unknown token', async () => {
    const response = await reset('x'.repeat(43), 'whatever-secret');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('reset_link_invalid');
  });

  it('refuses an expired link', async () => {
    const ada = await server.signUp();
    await ask(ada.email);
    const token = linkIn(server.lastMail(ada.email)).searchParams.get('token')!;
    await server.ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeTokens.userId, ada.id), eq(oneTimeTokens.kind, 'password_reset')));
    const response = await reset(token, 'reset-secret-1');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('reset_link_invalid');
  });

  it('does not let a reset token sign in as a magic link', async () => {
    const ada = await server.signUp();
    await ask(ada.email);
    const token = linkIn(server.lastMail(ada.email)).searchParams.get('token')!;
    const response = await server.client().post('/cm-api/auth/login/magic-link', { magicId: token });
    expect(response.status).toBe(401);
    expect((await reset(token, 'still-valid-1')).status).toBe(200);
  });
});

describe('magic link', () => {
  const ask = (email: string, extra: object = {}) => server.client().post('/cm-api/auth/magic-link', { email, ...extra });
  const use = (magicId: string) => server.client().post('/cm-api/auth/login/magic-link', { magicId });
  const magicId = (email: string) => {
    const link = linkIn(server.lastMail(email));
    expect(link.pathname).toMatch(/^\/magiclink-auth\/[\w-]+$/);
    return { id: link.pathname.split('/').pop()!, link };
  };

  it('answers the same whether or not the address has an account', async () => {
    const ada = await server.createUser();
    const ghost = uniqueEmail('ghost');
    const known = await ask(ada.email);
    const unknown = await ask(ghost);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(server.mails(ghost)).toHaveLength(0);
    expect(server.mails(ada.email)).toHaveLength(1);
  });

  it('signs in once with the mailed link', async () => {
    const ada = await server.signUp();
    await ask(ada.email);
    const { id, link } = magicId(ada.email);
    expect(link.origin).toBe(server.url);

    const first = await use(id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ auth_token: expect.any(String), refresh_token: expect.any(String), user_id: ada.id });
    const self = await server.client().get('/cm-api/api/users/self', { auth: first.body.auth_token });
    expect(self.body._id).toBe(ada.id);

    const second = await use(id);
    expect(second.status).toBe(401);
    expect(second.body.code).toBe('magic_link_invalid');
  });

  it('carries the conversation to open in the link', async () => {
    const ada = await server.signUp();
    const conversationId = crypto.randomUUID();
    await ask(ada.email, { conversationId });
    expect(magicId(ada.email).link.searchParams.get('conversationId')).toBe(conversationId);
  });

  it('refuses an unknown link with 401 magic_link_invalid', async () => {
    const response = await use('y'.repeat(43));
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ status: 'error', code: 'magic_link_invalid' });
  });

  it('refuses an expired link with 401 magic_link_invalid', async () => {
    const ada = await server.signUp();
    await ask(ada.email);
    const { id } = magicId(ada.email);
    await server.ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeTokens.userId, ada.id), eq(oneTimeTokens.kind, 'magic_link')));
    const response = await use(id);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('magic_link_invalid');
  });

  it('limits requests from one address', async () => {
    const client = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/cm-api/auth/magic-link', { email: uniqueEmail('flood') })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('refuses a malformed magic id with 400', async () => {
    const response = await use('short');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
  });
});
