/** Account creation: POST /cm-api/api/users (multipart, optional picture). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ROLE, zUser } from '@palabre/shared';
import { TINY_PNG, startTestServer, uniqueEmail, type TestServer } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const fields = (overrides: Record<string, string> = {}) => ({
  firstname: 'Grace',
  lastname: 'Hopper',
  email: uniqueEmail('grace'),
  password: 'cobol-1959',
  ...overrides,
});

describe('POST /cm-api/api/users', () => {
  it('creates an account without a picture, that can then sign in', async () => {
    const client = server.client();
    const input = fields({ firstname: '  Grace ', email: `  ${uniqueEmail('Grace').toUpperCase()} ` });
    const response = await client.signUp(input);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: expect.any(String), user_id: expect.any(String) });

    const login = await client.login(input.email.trim().toLowerCase(), input.password);
    expect(login.status).toBe(200);
    expect(login.body.user_id).toBe(response.body.user_id);
    const self = await client.get('/cm-api/api/users/self');
    const user = zUser.parse(self.body);
    expect(user).toMatchObject({ firstname: 'Grace', lastname: 'Hopper', email: input.email.trim().toLowerCase(), picture: null, status: 'active' });
    // New accounts may create their first organization (the second step of account creation).
    expect(user.role).toBe(PLATFORM_ROLE.USER | PLATFORM_ROLE.ORGANIZATION_INITIATOR);
  });

  it('stores a picture sent with the account and serves it back', async () => {
    const client = server.client();
    const input = fields();
    const response = await client.signUp(input, { bytes: TINY_PNG, filename: 'me.png' });
    expect(response.status).toBe(201);
    await client.login(input.email, input.password);
    const self = await client.get('/cm-api/api/users/self');
    expect(self.body.picture).toMatch(new RegExp(`^/cm-api/api/users/${response.body.user_id}/picture`));
    const picture = await client.get(self.body.picture);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.bytes.equals(TINY_PNG)).toBe(true);
  });

  it('recognises the image by its bytes, not by the name or type the client gave', async () => {
    const client = server.client();
    const input = fields();
    const response = await client.signUp(input, { bytes: TINY_PNG, filename: 'photo.jpg', type: 'image/jpeg' });
    expect(response.status).toBe(201);
    await client.login(input.email, input.password);
    const self = await client.get('/cm-api/api/users/self');
    expect((await client.get(self.body.picture)).headers.get('content-type')).toBe('image/png');
  });

  it('refuses a picture that is not an image, and creates no account', async () => {
    const client = server.client();
    const input = fields();
    const response = await client.signUp(input, { bytes: Buffer.from('<svg onload="alert(1)"></svg>'), filename: 'x.png', type: 'image/png' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', fields: { picture: 'error.invalid_format' } });
    expect((await server.client().login(input.email, input.password)).status).toBe(401);
    // The person can correct the form and try again with the same address.
    expect((await server.client().signUp(input)).status).toBe(201);
  });

  it('refuses a picture over 5 MB with 413, and creates no account', async () => {
    const input = fields();
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await server.client().signUp(input, { bytes: big });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
    expect((await server.client().signUp(input)).status).toBe(201);
  });

  it('refuses an address that already has an account with 409 email_exists, whatever its case', async () => {
    const input = fields();
    expect((await server.client().signUp(input)).status).toBe(201);
    const again = await server.client().signUp({ ...input, email: input.email.toUpperCase(), password: 'other-password' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: 'error', code: 'email_exists', fields: { email: 'error.email_exists' } });
    expect((await server.client().login(input.email, 'other-password')).status).toBe(401);
  });

  it('creates one account when the same address signs up twice at once', async () => {
    const input = fields();
    const responses = await Promise.all([server.client().signUp(input), server.client().signUp(input), server.client().signUp(input)]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of responses.filter((r) => r.status === 409)) expect(r.body.code).toBe('email_exists');
  });

  it('names every invalid field with its error key', async () => {
    const response = await server.client().signUp(fields({ firstname: '   ', lastname: 'Hop<per>', email: '@example.org', password: '12345' }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      status: 'error',
      code: 'validation_failed',
      fields: {
        firstname: 'error.required',
        lastname: 'error.unauthorized_caracters',
        email: 'error.invalid_email',
        password: 'error.passwordLength',
      },
    });
  });

  it('reports missing fields', async () => {
    const form = new FormData();
    form.append('email', uniqueEmail());
    const response = await server.client().request('POST', '/cm-api/api/users', { form, auth: false });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fields).sort()).toEqual(['firstname', 'lastname', 'password']);
  });

  it('refuses two pictures where one is expected, and creates no account', async () => {
    const input = fields();
    const form = new FormData();
    for (const [k, v] of Object.entries(input)) form.append(k, v);
    form.append('picture', new Blob([TINY_PNG], { type: 'image/png' }), 'one.png');
    form.append('picture', new Blob([TINY_PNG], { type: 'image/png' }), 'two.png');
    const response = await server.client().request('POST', '/cm-api/api/users', { form, auth: false });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ picture: 'error.single_file' });
    expect((await server.client().login(input.email, input.password)).status).toBe(401);
  });

  it('expects multipart form data', async () => {
    const response = await server.client().post('/cm-api/api/users', fields(), { auth: false });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
  });

  it('ignores extra fields such as a platform role', async () => {
    const client = server.client();
    const input = fields();
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...input, role: '31', status: 'active' })) form.append(k, v);
    expect((await client.request('POST', '/cm-api/api/users', { form, auth: false })).status).toBe(201);
    await client.login(input.email, input.password);
    expect((await client.get('/cm-api/api/users/self')).body.role).toBe(3);
  });
});

describe('with registration disabled', () => {
  let closed: TestServer;
  beforeAll(async () => {
    closed = await startTestServer({ env: { USER_CREATION_DISABLED: 'true' } });
  });
  afterAll(() => closed?.close());

  it('refuses sign-up with 403 registration_disabled and says so in the public config', async () => {
    const response = await closed.client().signUp(fields());
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('registration_disabled');
    expect((await closed.client().get('/cm-api/api/config')).body.userCreationDisabled).toBe(true);
  });
});
