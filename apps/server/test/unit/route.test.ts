/**
 * Routes registered from endpoint entries: input parsed with the entry's schemas, the entry's
 * status, the actor when it is required, and, when answers are checked, an answer that breaks its
 * contract turned into a 500 and recorded.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@palabre/shared';
import type { Actor } from '../../src/http/auth.ts';
import { registerErrorHandler } from '../../src/http/errors.ts';
import { trackRoutes } from '../../src/http/openapi.ts';
import { registerResponseCheck, takeResponseViolations } from '../../src/http/response-check.ts';
import { route } from '../../src/http/route.ts';

const zItem = z.object({ _id: z.string(), name: z.string() });

const entries = {
  get: endpoint({
    method: 'GET',
    path: '/cm-api/api/items/:id',
    summary: 'An item',
    tag: 't',
    auth: false,
    params: z.object({ id: z.string().uuid() }),
    query: z.object({ upper: z.enum(['yes', 'no']).default('no') }),
    response: zItem,
  }),
  create: endpoint({
    method: 'POST',
    path: '/cm-api/api/items',
    summary: 'Create',
    tag: 't',
    auth: true,
    body: z.object({ name: z.string().min(1) }),
    response: zItem,
    status: 201,
  }),
  remove: endpoint({ method: 'DELETE', path: '/cm-api/api/items/:id', summary: 'Remove', tag: 't', auth: false, status: 204 }),
  broken: endpoint({ method: 'GET', path: '/cm-api/api/broken', summary: 'Answers the wrong shape', tag: 't', auth: false, response: zItem }),
};

const ID = '6f1c1f43-3d0c-4a4b-9a39-0d3c1c1f4b11';

async function tinyApp(options: { checkResponses: boolean }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.decorateRequest('actor', null);
  // A stand-in for authentication: the header names the user.
  app.addHook('preHandler', async (request) => {
    const id = request.headers['x-user'];
    if (typeof id === 'string') request.actor = { user: { id }, sessionId: 's' } as unknown as Actor;
  });
  if (options.checkResponses) registerResponseCheck(app);
  await app.register(
    async (api) => {
      route(api, entries.get, async ({ params, query }) => ({ _id: params.id, name: query.upper === 'yes' ? 'ITEM' : 'item' }));
      route(api, entries.create, async ({ actor, body }) => ({ _id: actor.user.id, name: body.name }));
      route(api, entries.remove, async () => {});
      // The wrong shape gets past the type check only by a cast, as a presenter's bug would.
      route(api, entries.broken, async () => ({ _id: 1, title: 'x' }) as unknown as z.output<typeof zItem>);
    },
    { prefix: '/cm-api/api' },
  );
  return app;
}

afterEach(() => {
  takeResponseViolations();
});

describe('route', () => {
  it('serves the entry path under the plugin prefix, with params and query parsed by the entry schemas', async () => {
    const app = await tinyApp({ checkResponses: true });
    const response = await app.inject({ method: 'GET', url: `/cm-api/api/items/${ID}?upper=yes&t=123` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _id: ID, name: 'ITEM' });
    expect(takeResponseViolations()).toEqual([]);
  });

  it('answers 400 naming the field when params, query or body break the entry schemas', async () => {
    const app = await tinyApp({ checkResponses: true });
    const badParam = await app.inject({ method: 'GET', url: '/cm-api/api/items/nope' });
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json()).toMatchObject({ code: 'validation_failed', fields: { id: 'error.invalid' } });
    const badQuery = await app.inject({ method: 'GET', url: `/cm-api/api/items/${ID}?upper=maybe` });
    expect(badQuery.json()).toMatchObject({ code: 'validation_failed', fields: { upper: 'error.invalid' } });
    const badBody = await app.inject({ method: 'POST', url: '/cm-api/api/items', headers: { 'x-user': 'u1' }, payload: { name: '' } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toMatchObject({ fields: { name: 'error.invalid' } });
  });

  it('asks for a signed-in user when the entry says so, before reading the input', async () => {
    const app = await tinyApp({ checkResponses: true });
    const anonymous = await app.inject({ method: 'POST', url: '/cm-api/api/items', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'unauthorized' });
  });

  it("answers with the entry's status, and an empty 204 when the handler returns nothing", async () => {
    const app = await tinyApp({ checkResponses: true });
    const created = await app.inject({ method: 'POST', url: '/cm-api/api/items', headers: { 'x-user': 'u1' }, payload: { name: 'a' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ _id: 'u1', name: 'a' });
    const removed = await app.inject({ method: 'DELETE', url: `/cm-api/api/items/${ID}` });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(takeResponseViolations()).toEqual([]);
  });

  it('turns an answer that breaks its response schema into a 500 and records it, when answers are checked', async () => {
    const app = await tinyApp({ checkResponses: true });
    const response = await app.inject({ method: 'GET', url: '/cm-api/api/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ status: 'error', code: 'internal_error' });
    const violations = takeResponseViolations();
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ endpoint: 'GET /cm-api/api/broken', status: 200 });
    expect(JSON.stringify(violations[0]!.problems)).toContain('name');
  });

  it('leaves answers alone when they are not checked (production)', async () => {
    const app = await tinyApp({ checkResponses: false });
    const response = await app.inject({ method: 'GET', url: '/cm-api/api/broken' });
    expect(response.statusCode).toBe(200);
    expect(takeResponseViolations()).toEqual([]);
  });
});

describe('trackRoutes', () => {
  it('refuses a table entry that no route serves', () => {
    const app = Fastify({ logger: false });
    const routes = trackRoutes(app);
    expect(() => routes.assertMatchesTable()).toThrow(/Endpoint table entries without a route: .*GET \/healthcheck/);
  });

  it('refuses a route missing from the table', async () => {
    const app = Fastify({ logger: false });
    const routes = trackRoutes(app);
    app.get('/cm-api/api/undocumented', async () => ({}));
    await app.ready();
    expect(() => routes.assertMatchesTable()).toThrow(/Routes missing from the endpoint table.*GET \/cm-api\/api\/undocumented/);
  });
});
