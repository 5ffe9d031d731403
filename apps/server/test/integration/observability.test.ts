/**
 * Observability: GET /metrics (route patterns, jobs, queue depths; who may read it), request ids
 * (echoed, on the log lines a service writes while serving the request, on a job's lines), and
 * readiness.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobName } from '@palabre/shared';
import { defineJob, type JobDefinition } from '../../src/jobs/registry.ts';
import { jobDefinitions } from '../../src/job-definitions.ts';
import { createOrganization, insertMedia, startTestServer, TestClient, type TestServer } from '../harness/server.ts';

const JOB_MARKER = 'finalize step of the observability test';

/** media.finalize only logs a line (through ctx.log, as services do). */
function jobsUnderTest(): ReadonlyArray<JobDefinition<any>> {
  return jobDefinitions.map((definition) =>
    definition.name === 'media.finalize' ? defineJob('media.finalize', { ...definition, singletonKey: undefined, handler: async (ctx) => ctx.log.info(JOB_MARKER) }) : definition,
  );
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ captureLog: true, start: { jobs: jobsUnderTest(), pollingIntervalSeconds: 0.5 } });
});
afterAll(() => server?.close());

/** A client on the server's own machine (no proxy in between reports another address). */
const loopback = () => new TestClient(server.url, { address: '127.0.0.1' });

async function metrics(client = loopback()): Promise<string> {
  const response = await client.get('/metrics', { auth: false });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return response.body as string;
}

/** The value of one series, 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Log entries, parsed. */
function entries(): Array<Record<string, unknown>> {
  return server
    .logged()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function until<T>(find: () => T | undefined, what: string): Promise<T> {
  for (let n = 0; n < 200; n++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

describe('GET /metrics', () => {
  it('counts requests by route pattern, never by address', async () => {
    const user = await server.quickUser();
    const pattern = '/cm-api/api/conversations/:id';
    const series = `palabre_http_request_duration_seconds_count{method="GET",route="${pattern}",status_class="4xx"}`;
    const before = valueOf(await metrics(), series);
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const id of ids) expect((await user.client.get(`/cm-api/api/conversations/${id}`)).status).toBe(404);
    const text = await metrics();
    expect(valueOf(text, series)).toBe(before + 3);
    for (const id of ids) expect(text).not.toContain(id);
    // An address no route serves counts under one label.
    await server.client().get(`/cm-api/api/no-such-thing/${ids[0]}`);
    expect(await metrics()).toMatch(/palabre_http_request_duration_seconds_count\{method="GET",route="unmatched",status_class="4xx"\} [1-9]/);
  });

  it('reports process metrics, sockets and open documents', async () => {
    const text = await metrics();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toMatch(/palabre_connected_sockets\{socket="session"\} 0/);
    expect(text).toMatch(/palabre_open_documents\{kind="transcript"\} \d+/);
  });

  it('refuses a client that is not on this machine when no token is configured', async () => {
    // The test client plays a visitor behind the reverse proxy (X-Forwarded-For): not loopback.
    const response = await server.client().get('/metrics', { auth: false });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ status: 'error', code: 'forbidden' });
  });

  it('times a job, counts its outcome and reports queue depths', async () => {
    const owner = await server.quickUser();
    const organization = await createOrganization(owner.client);
    const conversationId = await insertMedia(server, { organizationId: organization._id, ownerId: owner.id });
    const jobId = await server.running.queue.sendJob('media.finalize', { conversationId });
    expect(jobId).toBeTruthy();
    await until(() => entries().find((entry) => entry.msg === JOB_MARKER), 'the job ran');
    const name: JobName = 'media.finalize';
    let text = '';
    for (let n = 0; n < 100 && valueOf(text, `palabre_jobs_total{job="${name}",outcome="completed"}`) < 1; n++) {
      if (n > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      text = await metrics();
    }
    expect(valueOf(text, `palabre_jobs_total{job="${name}",outcome="completed"}`)).toBe(1);
    expect(valueOf(text, `palabre_job_duration_seconds_count{job="${name}"}`)).toBeGreaterThanOrEqual(1);
    for (const state of ['queued', 'deferred', 'retry', 'active']) expect(text).toMatch(new RegExp(`palabre_job_queue_jobs\\{queue="${name}",state="${state}"\\} \\d+`));
    // The job's own log line carries its id and name.
    expect(entries().find((entry) => entry.msg === JOB_MARKER)).toMatchObject({ jobId, jobName: name });
  });
});

describe('request ids', () => {
  it('echoes a safe incoming id and puts it on the lines a service logs while serving the request', async () => {
    const user = await server.quickUser();
    const requestId = `req-${crypto.randomBytes(6).toString('hex')}`;
    const response = await server.client().post('/cm-api/auth/magic-link', { email: user.email }, { auth: false, headers: { 'x-request-id': requestId } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    // The mailer (no SMTP here) logs the mail it writes, from the magic-link service.
    const line = await until(() => entries().find((entry) => entry.to === user.email && String(entry.msg).startsWith('mail (no SMTP configured)')), 'the mail was logged');
    expect(line.reqId).toBe(requestId);
  });

  it('replaces an unsafe or long id with one of its own', async () => {
    for (const given of ['has spaces', 'x'.repeat(65), 'quote"and\\slash']) {
      const response = await server.client().get('/cm-api/api/config', { headers: { 'x-request-id': given } });
      const id = response.headers.get('x-request-id');
      expect(id).not.toBe(given);
      expect(id).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    }
  });
});

describe('GET /readyz', () => {
  it('answers 200 with every check ok while the server runs, without signing in', async () => {
    const response = await server.client().get('/readyz', { auth: false });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready', checks: { accepting: 'ok', database: 'ok', migrations: 'ok', storage: 'ok', jobs: 'ok' } });
  });

  it('leaves liveness as it was', async () => {
    const response = await server.client().get('/healthcheck', { auth: false });
    expect(response).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});

describe('GET /metrics with a token', () => {
  const token = `metrics-${crypto.randomBytes(12).toString('hex')}`;
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startTestServer({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => guarded?.close());

  it('asks for the token, from anywhere', async () => {
    const remote = guarded.client();
    expect((await remote.get('/metrics', { auth: false })).status).toBe(401);
    expect((await remote.get('/metrics', { auth: `${token}x` })).status).toBe(401);
    expect((await new TestClient(guarded.url, { address: '127.0.0.1' }).get('/metrics', { auth: false })).status).toBe(401);
    const allowed = await remote.get('/metrics', { auth: token });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toContain('palabre_http_request_duration_seconds');
  });
});
