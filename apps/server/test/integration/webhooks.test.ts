/**
 * Webhooks end to end on the real job queue. This server may reach 127.0.0.1 only
 * (OUTBOUND_ALLOWED_RANGES), where a receiver records what it is sent; 127.0.0.2 stands for an
 * address the platform must not reach. Retries wait half a second times the schedule's factors.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookWithSecret } from '@palabre/shared';
import { conversations, webhookDeliveries, webhooks } from '../../src/db/schema.ts';
import { verifySignature } from '../../src/webhooks/signature.ts';
import { sweepWebhooks } from '../../src/webhooks/sweeper.ts';
import { createCast, type Cast } from '../harness/cast.ts';
import { startTestServer, type TestServer } from '../harness/server.ts';
import { makeTranscript, seedTranscribedMedia } from '../harness/transcripts.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/fixtures/audio');
const API = '/cm-api/api';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: TestServer;
let receiver: http.Server;
let base = '';
let cast: Cast;
const received: Received[] = [];
/** Status codes the receiver answers, per path, in order (then 200). */
const answers = new Map<string, number[]>();

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body });
      const status = answers.get(path)?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end('x'.repeat(status === 200 ? 10 : 100_000));
    });
  });
  base = await new Promise<string>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}`)));
  server = await startTestServer({ env: { OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32', WEBHOOK_RETRY_BASE_SECONDS: '0.5' }, start: { pollingIntervalSeconds: 0.5 } });
  cast = await createCast(server);
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answers.clear();
});

const hooks = (organizationId = cast.orgId) => `${API}/organizations/${organizationId}/webhooks`;

async function createWebhook(body: object): Promise<WebhookWithSecret> {
  const response = await cast.owner.client.post(hooks(), body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as WebhookWithSecret;
}

async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function deliveries(webhookId: string): Promise<WebhookDelivery[]> {
  const response = await cast.owner.client.get(`${hooks()}/${webhookId}/deliveries`);
  expect(response.status).toBe(200);
  return (response.body as { list: WebhookDelivery[] }).list;
}

/** Waits until the webhook's newest delivery is no longer pending. */
const settled = (webhookId: string) =>
  waitFor(async () => {
    const [latest] = await deliveries(webhookId);
    return latest && latest.state !== 'pending' ? latest : undefined;
  });

/** A media of the cast's organization, processed by the real pipeline from its upload. */
async function processMedia(bytes: Buffer, name: string): Promise<string> {
  const id = crypto.randomUUID();
  const key = `media/${id}/original-0${path.extname(name)}`;
  const { size } = await server.ctx.storage.put(key, Readable.from([bytes]));
  await server.ctx.db.insert(conversations).values({
    id,
    organizationId: cast.orgId,
    ownerId: cast.owner.id,
    name: `Media ${id.slice(0, 8)}`,
    status: 'pending',
    requestedLanguage: 'en',
    files: { originals: [{ key, name, size, mimeType: null }] },
    channels: [{ index: 0, name: 'Main' }],
  });
  await server.ctx.jobs.send('media.preprocess', { conversationId: id });
  return id;
}

describe('managing webhooks', () => {
  it('is for organization admins: not found for outsiders, forbidden for members', async () => {
    const body = { url: `${base}/a`, events: ['media.processed'] };
    expect((await cast.outsider.client.get(hooks())).status).toBe(404);
    expect((await cast.outsider.client.post(hooks(), body)).status).toBe(404);
    expect((await cast.reader.client.get(hooks())).status).toBe(403);
    expect((await cast.reader.client.post(hooks(), body)).status).toBe(403);
    const created = await createWebhook({ ...body, description: 'Reader cannot see this' });
    expect((await cast.reader.client.post(`${hooks()}/${created._id}/test`)).status).toBe(403);
    expect((await cast.outsider.client.get(`${hooks()}/${created._id}/deliveries`)).status).toBe(404);
    expect((await cast.reader.client.delete(`${hooks()}/${created._id}`)).status).toBe(403);
    expect((await cast.owner.client.delete(`${hooks()}/${created._id}`)).status).toBe(204);
    expect((await cast.owner.client.post(`${hooks()}/${created._id}/test`)).status).toBe(404);
  });

  it('shows the secret once, on creation and on rotation', async () => {
    const created = await createWebhook({ url: `${base}/secret`, events: ['media.processed', 'report.ready'], description: 'CRM' });
    expect(created.secret).toMatch(/^whsec_/);
    expect(created).toMatchObject({ url: `${base}/secret`, events: ['media.processed', 'report.ready'], enabled: true, description: 'CRM', createdBy: cast.owner.id });
    const listed = (await cast.owner.client.get(hooks())).body as { list: Array<Record<string, unknown>> };
    const entry = listed.list.find((w) => w._id === created._id)!;
    expect(entry).toBeDefined();
    expect(entry).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const rotated = (await cast.owner.client.post(`${hooks()}/${created._id}/secret`)).body as WebhookWithSecret;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    const updated = await cast.owner.client.patch(`${hooks()}/${created._id}`, { enabled: false, events: ['session.ended'] });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ enabled: false, events: ['session.ended'] });
    expect(updated.body).not.toHaveProperty('secret');
  });

  it('refuses addresses with credentials, other schemes and addresses the server may not reach', async () => {
    const refused = async (url: string, field: string) => {
      const response = await cast.owner.client.post(hooks(), { url, events: ['media.processed'] });
      expect(response.status, url).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_failed', fields: { url: field } });
    };
    await refused('https://user:pw@example.org/hook', 'error.url_credentials');
    await refused('ftp://example.org/hook', 'error.invalid_url');
    await refused('not a url', 'error.invalid_url');
    await refused(`https://example.org/${'a'.repeat(2001)}`, 'error.too_long');
    await refused('http://127.0.0.2:9/hook', 'error.address_not_allowed');
    await refused('http://[::1]:9/hook', 'error.address_not_allowed');
    const created = await createWebhook({ url: `${base}/move`, events: ['media.processed'] });
    const moved = await cast.owner.client.patch(`${hooks()}/${created._id}`, { url: 'http://10.0.0.1/hook' });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ fields: { url: 'error.address_not_allowed' } });
    const empty = await cast.owner.client.post(hooks(), { url: `${base}/x`, events: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ fields: { events: 'error.required' } });
  });
});

describe('deliveries', () => {
  it('sends a signed ping, and replays it as a new delivery of the same event', async () => {
    const webhook = await createWebhook({ url: `${base}/ping`, events: ['session.started'] });
    const sent = await cast.owner.client.post(`${hooks()}/${webhook._id}/test`);
    expect(sent.status).toBe(202);
    const ping = sent.body as WebhookDelivery;
    expect(ping).toMatchObject({ event: 'ping', state: 'pending', attempts: 0 });
    const done = await settled(webhook._id);
    expect(done).toMatchObject({ _id: ping._id, state: 'succeeded', attempts: 1, lastStatus: 200, lastError: null });
    const [request] = received.filter((r) => r.path === '/ping');
    expect(request!.headers['palabre-event']).toBe('ping');
    expect(request!.headers['palabre-delivery']).toBe(ping._id);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(verifySignature(webhook.secret, String(request!.headers['palabre-signature']), request!.body)).toBe(true);
    expect(JSON.parse(request!.body)).toMatchObject({ id: ping.eventId, event: 'ping', organizationId: cast.orgId, data: { webhook: { id: webhook._id } } });

    const replay = await cast.owner.client.post(`${hooks()}/${webhook._id}/deliveries/${ping._id}/replay`);
    expect(replay.status).toBe(202);
    const again = replay.body as WebhookDelivery;
    expect(again._id).not.toBe(ping._id);
    expect(again.eventId).toBe(ping.eventId);
    await waitFor(() => (received.filter((r) => r.path === '/ping').length === 2 ? true : undefined));
    const second = received.filter((r) => r.path === '/ping')[1]!;
    expect(second.headers['palabre-delivery']).toBe(again._id);
    expect(JSON.parse(second.body)).toEqual(JSON.parse(request!.body));
    const log = await deliveries(webhook._id);
    expect(log.map((d) => d._id)).toEqual([again._id, ping._id]);
    // Replays are for admins of the webhook's organization, of its own deliveries.
    expect((await cast.reader.client.post(`${hooks()}/${webhook._id}/deliveries/${ping._id}/replay`)).status).toBe(403);
    const other = await createWebhook({ url: `${base}/other`, events: ['session.started'] });
    expect((await cast.owner.client.post(`${hooks()}/${other._id}/deliveries/${ping._id}/replay`)).status).toBe(404);
  });

  it('retries a failed attempt with backoff until it succeeds', async () => {
    const webhook = await createWebhook({ url: `${base}/flaky`, events: ['session.started'] });
    answers.set('/flaky', [500]);
    await cast.owner.client.post(`${hooks()}/${webhook._id}/test`);
    const first = await waitFor(async () => {
      const [latest] = await deliveries(webhook._id);
      return latest?.attempts === 1 ? latest : undefined;
    });
    expect(first).toMatchObject({ state: 'pending', lastStatus: 500, lastError: 'HTTP 500' });
    expect(first.nextAttemptAt).not.toBeNull();
    const done = await settled(webhook._id);
    expect(done).toMatchObject({ state: 'succeeded', attempts: 2, lastStatus: 200 });
    const seen = received.filter((r) => r.path === '/flaky');
    expect(seen).toHaveLength(2);
    expect(seen[0]!.headers['palabre-delivery']).toBe(seen[1]!.headers['palabre-delivery']);
  });

  it('stops at once on 410 Gone', async () => {
    const webhook = await createWebhook({ url: `${base}/gone`, events: ['session.started'] });
    answers.set('/gone', [410]);
    await cast.owner.client.post(`${hooks()}/${webhook._id}/test`);
    expect(await settled(webhook._id)).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 410, nextAttemptAt: null });
  });

  it('checks the address again at every attempt: one no longer allowed is refused and not retried', async () => {
    const webhook = await createWebhook({ url: `${base}/moved`, events: ['session.started'] });
    // As if the host name now resolved to a private address.
    await server.ctx.db.update(webhooks).set({ url: 'http://127.0.0.2:9/moved' }).where(eq(webhooks.id, webhook._id));
    await cast.owner.client.post(`${hooks()}/${webhook._id}/test`);
    expect(await settled(webhook._id)).toMatchObject({ state: 'failed', attempts: 1, lastStatus: null, lastError: 'this address is not allowed' });
    expect(received).toHaveLength(0);
  });

  it('tells a processed media, and a failed one, to subscribed enabled webhooks only', async () => {
    const processed = await createWebhook({ url: `${base}/processed`, events: ['media.processed', 'media.failed'] });
    const unsubscribed = await createWebhook({ url: `${base}/unsubscribed`, events: ['session.ended'] });
    const disabled = await createWebhook({ url: `${base}/disabled`, events: ['media.processed', 'media.failed'], enabled: false });
    const id = await processMedia(fs.readFileSync(path.join(FIXTURES, 'jfk-en.wav')), 'jfk-en.wav');
    const done = await settled(processed._id);
    expect(done).toMatchObject({ event: 'media.processed', state: 'succeeded' });
    const request = received.find((r) => r.path === '/processed')!;
    expect(verifySignature(processed.secret, String(request.headers['palabre-signature']), request.body)).toBe(true);
    const payload = JSON.parse(request.body);
    expect(payload).toMatchObject({
      id: done.eventId,
      event: 'media.processed',
      organizationId: cast.orgId,
      data: { media: { id, status: 'done', language: 'en', url: expect.stringMatching(new RegExp(`/interface/conversations/${id}$`)) } },
    });
    expect(payload.data.media.duration).toBeGreaterThan(10);
    // No transcript text in a payload.
    expect(request.body.toLowerCase()).not.toContain('country');

    const broken = await processMedia(crypto.randomBytes(32 * 1024), 'broken.mp3');
    await waitFor(() => (received.filter((r) => r.path === '/processed').length === 2 ? true : undefined), 120_000);
    const failed = JSON.parse(received.filter((r) => r.path === '/processed')[1]!.body);
    expect(failed).toMatchObject({ event: 'media.failed', data: { media: { id: broken, status: 'error' } } });
    expect(received.filter((r) => r.path === '/unsubscribed' || r.path === '/disabled')).toHaveLength(0);
    expect(await deliveries(unsubscribed._id)).toHaveLength(0);
    expect(await deliveries(disabled._id)).toHaveLength(0);
  }, 300_000);

  it('tells a session started and ended', async () => {
    const webhook = await createWebhook({ url: `${base}/sessions`, events: ['session.started', 'session.ended'] });
    const owner = cast.owner.client;
    const profiles = (await owner.get(`${API}/organizations/${cast.orgId}/transcriber_profiles`)).body as { list: Array<{ _id: string; type: string }> };
    const profile = profiles.list.find((p) => p.type === 'pocketsphinx')!;
    const created = await owner.post(`${API}/organizations/${cast.orgId}/sessions`, {
      name: 'Weekly',
      channels: [{ name: 'Floor', transcriberProfileId: profile._id, languages: ['en'] }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sessionId = (created.body as { _id: string })._id;
    expect((await owner.put(`${API}/organizations/${cast.orgId}/sessions/${sessionId}/start`, {})).status).toBe(200);
    expect((await owner.delete(`${API}/organizations/${cast.orgId}/sessions/${sessionId}`)).status).toBe(204);
    await waitFor(() => (received.filter((r) => r.path === '/sessions').length === 2 ? true : undefined));
    const [started, ended] = received.filter((r) => r.path === '/sessions').map((r) => JSON.parse(r.body));
    const events = [started, ended].sort((a, b) => (a.event < b.event ? 1 : -1));
    expect(events[0]).toMatchObject({ event: 'session.started', data: { session: { id: sessionId, name: 'Weekly', status: 'pending', endTime: null } } });
    expect(events[1]).toMatchObject({ event: 'session.ended', data: { session: { id: sessionId, status: 'terminated' } } });
    expect(events[1].data.session.url).toMatch(new RegExp(`/interface/${cast.orgId}/sessions/${sessionId}$`));
    expect(await deliveries(webhook._id)).toHaveLength(2);
  });

  it('tells a report ready, without its text', async () => {
    const webhook = await createWebhook({ url: `${base}/reports`, events: ['report.ready'] });
    const transcript = makeTranscript([
      { speaker: 'alice', text: 'We agreed to ship the confidential roadmap in March.' },
      { speaker: 'bob', text: 'The budget review happens next week with the whole team.' },
    ]);
    const mediaId = await seedTranscribedMedia(server, { organizationId: cast.orgId, ownerId: cast.owner.id, transcript, name: 'Planning' });
    const asked = await cast.owner.client.post(`${API}/conversations/${mediaId}/reports`, { kind: 'summary', profileId: 'extractive' });
    expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);
    const done = await settled(webhook._id);
    expect(done).toMatchObject({ event: 'report.ready', state: 'succeeded' });
    const request = received.find((r) => r.path === '/reports')!;
    expect(JSON.parse(request.body)).toMatchObject({
      event: 'report.ready',
      data: {
        report: { kind: 'summary', language: 'en', url: expect.stringMatching(new RegExp(`/interface/conversations/${mediaId}/publish$`)) },
        media: { id: mediaId, name: 'Planning' },
      },
    });
    expect(request.body).not.toContain('roadmap');
  });

  it('sends a pending delivery whose job was lost, once the sweeper finds it overdue', async () => {
    const webhook = await createWebhook({ url: `${base}/lost`, events: ['session.started'] });
    // As a crash between recording a failed attempt and queueing the next one leaves it.
    const [lost] = await server.ctx.db
      .insert(webhookDeliveries)
      .values({
        webhookId: webhook._id,
        event: 'ping',
        eventId: crypto.randomUUID(),
        payload: { id: 'lost' },
        attempts: 1,
        lastStatus: 500,
        nextAttemptAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    expect(await sweepWebhooks(server.ctx)).toMatchObject({ requeued: 1 });
    expect(await settled(webhook._id)).toMatchObject({ _id: lost!.id, state: 'succeeded', attempts: 2 });
    expect(received.filter((r) => r.path === '/lost').map((r) => r.headers['palabre-delivery'])).toEqual([lost!.id]);
  });

  it('pages the delivery log, newest first', async () => {
    const webhook = await createWebhook({ url: `${base}/paged`, events: ['session.started'] });
    for (let n = 0; n < 3; n++) await cast.owner.client.post(`${hooks()}/${webhook._id}/test`);
    const page = await cast.owner.client.get(`${hooks()}/${webhook._id}/deliveries?page=1&size=2`);
    expect(page.body).toMatchObject({ count: 3 });
    expect((page.body as { list: unknown[] }).list).toHaveLength(1);
    const all = await deliveries(webhook._id);
    expect(all.map((d) => d.createdAt)).toEqual([...all.map((d) => d.createdAt)].sort().reverse());
  });
});
