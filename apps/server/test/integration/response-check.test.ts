/** Under the test harness, the real server checks its answers against the endpoint table. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, type Endpoint } from '@palabre/shared';
import { takeResponseViolations } from '../../src/http/response-check.ts';
import { startTestServer, type TestServer } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('answers checked against their contract', () => {
  it('answers the health check as the table describes it', async () => {
    const response = await server.client().get('/healthcheck');
    expect(response.status).toBe(200);
    expect(takeResponseViolations()).toEqual([]);
  });

  it('turns an answer its response schema does not describe into a 500, recorded for the test to fail', async () => {
    // The entry is the one the route was registered from: a contract that no longer matches what
    // the server sends, as after a change on one side only.
    const entry = API.system.health as Endpoint;
    const kept = entry.response;
    entry.response = z.object({ status: z.literal('ready') });
    try {
      const response = await server.client().get('/healthcheck');
      expect(response.status).toBe(500);
      expect(response.body).toMatchObject({ status: 'error', code: 'internal_error' });
    } finally {
      entry.response = kept;
    }
    const violations = takeResponseViolations();
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ endpoint: 'GET /healthcheck', url: '/healthcheck', status: 200 });
  });
});
