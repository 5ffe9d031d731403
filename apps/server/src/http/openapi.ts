/**
 * The OpenAPI document, generated from the shared endpoint table and its zod schemas, and the
 * start-up check that every registered API route appears in that table.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ENDPOINTS, endpointKey, type Endpoint } from '@palabre/shared';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function parameters(endpoint: Endpoint) {
  const out: object[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const s = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (s.required ?? []).includes(name), schema: prop });
    }
  }
  return out;
}

export function openApiDocument(appName: string) {
  const paths: Record<string, Record<string, object>> = {};
  for (const e of ENDPOINTS) {
    const path = e.path.replace(/:(\w+)/g, '{$1}');
    const body = e.body
      ? { required: true, content: { 'application/json': { schema: jsonSchema(e.body, 'input') } } }
      : e.multipart
        ? { required: true, content: { 'multipart/form-data': { schema: jsonSchema(e.multipart, 'input') } } }
        : undefined;
    (paths[path] ??= {})[e.method.toLowerCase()] = {
      summary: e.summary,
      tags: [e.tag],
      security: e.auth ? [{ bearer: [] }, ...(e.cookieAuth ? [{ cookie: [] }] : [])] : [],
      parameters: parameters(e),
      ...(body ? { requestBody: body } : {}),
      responses: {
        [String(e.status ?? 200)]: {
          description: 'Success',
          ...(e.response ? { content: { 'application/json': { schema: jsonSchema(e.response, 'output') } } } : {}),
        },
        ...(e.accepted ? { '202': { description: 'Accepted: work queued', content: { 'application/json': { schema: jsonSchema(e.accepted, 'output') } } } } : {}),
        default: { description: 'Error: {status:"error", code, message, fields?}' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${appName} API`,
      version: '1',
      description: 'Non-GET calls must mirror the XSRF-TOKEN cookie in the X-XSRF-TOKEN header.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, cookie: { type: 'apiKey', in: 'cookie', name: 'authToken' } } },
    paths,
  };
}

/**
 * Collects API routes as they register; `assertMatchesTable` fails start-up on a route missing from
 * the table, and on a table entry no route serves.
 */
export function trackRoutes(app: FastifyInstance) {
  const registered: string[] = [];
  // Outside /cm-api/: the table's own root paths (liveness, readiness, metrics); the rest is the web client.
  const rootPaths = new Set(ENDPOINTS.filter((e) => !e.path.startsWith('/cm-api/')).map((e) => e.path));
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/cm-api/') && !rootPaths.has(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registered.push(endpointKey(method, route.url));
    }
  });
  return {
    assertMatchesTable() {
      const known = new Set(ENDPOINTS.map((e) => endpointKey(e.method, e.path)));
      const missing = registered.filter((key) => !known.has(key));
      if (missing.length > 0) throw new Error(`Routes missing from the endpoint table (packages/shared): ${missing.join(', ')}`);
      const served = new Set(registered);
      const unserved = [...known].filter((key) => !served.has(key));
      if (unserved.length > 0) throw new Error(`Endpoint table entries without a route: ${unserved.join(', ')}`);
    },
  };
}
