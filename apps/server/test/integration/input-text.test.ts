/** Text the database cannot store (a NUL character) is a validation error on every kind of input. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PLATFORM_ROLE } from '@palabre/shared';
import { createOrganization, startTestServer, uniqueEmail, type ApiResponse, type TestServer } from '../harness/server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const JFK = fs.readFileSync(path.join(ROOT, '../shared/fixtures/audio/jfk-en.wav'));
const API = '/cm-api/api';
const NUL = '\u0000';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function expectRefused(response: ApiResponse, field: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body).toMatchObject({ code: 'validation_failed', fields: { [field]: 'error.unauthorized_caracters' } });
}

it('refuses a NUL in JSON bodies, nested fields included', async () => {
  const owner = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
  expectRefused(await owner.client.post(`${API}/organizations`, { name: `Org${NUL}` }), 'name');
  const org = await createOrganization(owner.client);
  expectRefused(await owner.client.put(`${API}/organizations/${org._id}`, { name: 'Org', description: `a${NUL}b` }), 'description');
  const profile = { name: 'Hosted', type: 'openai', languages: ['en'], organizationId: null, config: { endpoint: 'http://asr.example.org/v1', apiKey: `sk-${NUL}` } };
  expectRefused(await owner.client.post(`${API}/transcriber_profiles`, profile), 'config.apiKey');
  expectRefused(await server.client().post('/cm-api/auth/login', { email: `a${NUL}@example.org`, password: 'whatever' }), 'email');
});

it('refuses a NUL in the query and in path parameters', async () => {
  const user = await server.quickUser();
  const org = await createOrganization(user.client);
  expectRefused(await user.client.get(`${API}/users/search`, { query: { search: `ab${NUL}` } }), 'search');
  expectRefused(await user.client.get(`${API}/organizations/${org._id}/conversations`, { query: { text: `x${NUL}` } }), 'text');
  expectRefused(await user.client.get(`${API}/conversations/%00`), 'id');
});

it('refuses a NUL in multipart fields: sign-up and media upload', async () => {
  const signUp = await server.client().signUp({ firstname: `A${NUL}`, lastname: 'B', email: uniqueEmail(), password: 'a-good-password' });
  expectRefused(signUp, 'firstname');
  const user = await server.quickUser();
  const org = await createOrganization(user.client);
  const form = new FormData();
  form.append('name', `Media${NUL}`);
  form.append('file', new Blob([JFK], { type: 'audio/wav' }), 'jfk-en.wav');
  expectRefused(await user.client.request('POST', `${API}/organizations/${org._id}/conversations/create`, { form }), 'name');
  const list = await user.client.get(`${API}/organizations/${org._id}/conversations`);
  expect(list.body.count).toBe(0);
});

it('refuses too long names, markup and control characters with the field named', async () => {
  const user = await server.quickUser();
  const longName = await user.client.put(`${API}/users/self`, { firstname: 'a'.repeat(300) });
  expect(longName.status).toBe(400);
  expect(longName.body.fields).toEqual({ firstname: 'error.too_long' });
  const markup = await user.client.put(`${API}/users/self`, { lastname: 'Eve <img src=x>' });
  expect(markup.body.fields).toEqual({ lastname: 'error.unauthorized_caracters' });
  const control = await user.client.post(`${API}/organizations`, { name: 'Org\u001b[31m' });
  expect(control.status).toBe(400);
  expect(control.body.fields).toEqual({ name: 'error.unauthorized_caracters' });
  const self = await user.client.get(`${API}/users/self`);
  expect(self.body).toMatchObject({ firstname: 'Test', lastname: 'User' });
});

it('drops invisible and reordering characters from names, and refuses a word mixing look-alike scripts', async () => {
  const user = await server.quickUser();
  const created = await user.client.post(`${API}/organizations`, { name: `Acme\u200b \u202eLabs\u202c ${Date.now()}` });
  expect(created.status).toBe(201);
  expect(created.body.name).toMatch(/^Acme Labs \d+$/);
  const renamed = await user.client.put(`${API}/users/self`, { firstname: '\ufeffAda\u2066', lastname: 'Love\u00adlace' });
  expect(renamed.status).toBe(200);
  expect(renamed.body).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace' });
  const lookalike = await user.client.put(`${API}/users/self`, { lastname: 'P\u0430ypal' });
  expect(lookalike.status).toBe(400);
  expect(lookalike.body.fields).toEqual({ lastname: 'error.unauthorized_caracters' });
});

it('has one password maximum for sign-up and sign-in', async () => {
  const tooLong = 'p'.repeat(129);
  const signUp = await server.client().signUp({ firstname: 'A', lastname: 'B', email: uniqueEmail(), password: tooLong });
  expect(signUp.status).toBe(400);
  expect(signUp.body.fields).toEqual({ password: 'error.passwordLength' });
  const login = await server.client().login(uniqueEmail(), tooLong);
  expect(login.status).toBe(400);
  expect(login.body).toMatchObject({ code: 'validation_failed', fields: { password: 'error.passwordLength' } });
});
