/**
 * Malformed multipart forms are the client's mistake on every multipart route (sign-up, picture,
 * media upload) and on JSON routes: 400 `validation_failed`, or 413 when too large, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG, createOrganization, startTestServer, uniqueEmail, type ApiResponse, type TestServer, type TestUser } from '../harness/server.ts';

const API = '/cm-api/api';
const B = 'palabre-test-boundary';
let server: TestServer;
let user: TestUser;
let orgId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.quickUser();
  orgId = (await createOrganization(user.client))._id;
});
afterAll(() => server?.close());

/** A part of a multipart body, as it goes on the wire. */
const part = (disposition: string, content: string, type?: string) =>
  `--${B}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${content}\r\n`;
const end = `--${B}--\r\n`;
const png = TINY_PNG.toString('latin1');

const routes = {
  signUp: { method: 'POST', path: `${API}/users`, signedIn: false },
  picture: { method: 'PUT', path: `${API}/users/self/picture`, signedIn: true },
  upload: { method: 'POST', path: () => `${API}/organizations/${orgId}/conversations/create`, signedIn: true },
} as const;
type RouteName = keyof typeof routes;

function send(route: RouteName, raw: string, contentType = `multipart/form-data; boundary=${B}`): Promise<ApiResponse> {
  const { method, path, signedIn } = routes[route];
  const client = signedIn ? user.client : server.client();
  return client.request(method, typeof path === 'function' ? path() : path, { raw, headers: { 'content-type': contentType } });
}

function expectRefused(response: ApiResponse, status = 400) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.code).toBe(status === 413 ? 'payload_too_large' : 'validation_failed');
}

/** Fields that make each route's form otherwise valid, so that only the malformation is wrong. */
const valid: Record<RouteName, () => string> = {
  signUp: () => part('name="firstname"', 'Ada') + part('name="lastname"', 'Lovelace') + part('name="email"', uniqueEmail()) + part('name="password"', 'a-good-password'),
  picture: () => '',
  upload: () => part('name="name"', 'Media'),
};
const fileField: Record<RouteName, string> = { signUp: 'picture', picture: 'picture', upload: 'file' };
const textField: Record<RouteName, string> = { signUp: 'firstname', picture: 'note', upload: 'description' };

describe.each(Object.keys(routes) as RouteName[])('%s', (route) => {
  it('refuses a multipart content type without a boundary', async () => {
    expectRefused(await send(route, valid[route]() + end, 'multipart/form-data'));
  });

  it('refuses a truncated body', async () => {
    const cut = valid[route]() + `--${B}\r\nContent-Disposition: form-data; name="${fileField[route]}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${png.slice(0, 20)}`;
    expectRefused(await send(route, cut));
  });

  it('refuses a part without a name', async () => {
    expectRefused(await send(route, valid[route]() + part('filename="a.png"', png, 'image/png') + end));
  });

  it('refuses a body that is not multipart under a multipart content type', async () => {
    expectRefused(await send(route, 'this is not a form at all'));
    expectRefused(await send(route, '{"name":"json"}'));
  });

  it('refuses a field over the size limit', async () => {
    const response = await send(route, valid[route]() + part(`name="${textField[route]}"`, 'x'.repeat(200_000)) + end);
    expect([400, 413]).toContain(response.status);
    expectRefused(response, response.status);
  });
});

describe('duplicate file fields', () => {
  it('refuses two pictures', async () => {
    const twice = part('name="picture"; filename="a.png"', png, 'image/png') + part('name="picture"; filename="b.png"', png, 'image/png') + end;
    expectRefused(await send('picture', twice));
    expectRefused(await send('signUp', valid.signUp() + twice));
  });
});

describe('a multipart body on a JSON route', () => {
  it('is refused, not parsed', async () => {
    const response = await user.client.request('PUT', `${API}/users/self`, {
      raw: part('name="firstname"', 'Ada') + end,
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
    });
    expectRefused(response);
    const other = await user.client.request('POST', `${API}/organizations`, {
      raw: part('name="name"', 'Org') + end,
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
    });
    expectRefused(other);
  });
});
