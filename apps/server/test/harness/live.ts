/**
 * Live session tests: sessions with a channel, the ingest WebSocket and viewer sockets as clients,
 * a scripted engine and a tiny translator pool, and a `session.save` handler that only records.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { LIVE_INGEST_PATH, type LiveFinal, type LiveIngestReply, type LivePartial, type BrokerNotice } from '@palabre/shared';
import type { StreamingEngine, StreamResult, TranscriptionStream, Translator } from '@palabre/engines';
import { eq } from 'drizzle-orm';
import { conversations, transcriberProfiles } from '../../src/db/schema.ts';
import { jobDefinitions } from '../../src/job-definitions.ts';
import { defineJob, RETRY_TWICE, type JobDefinition } from '../../src/jobs/registry.ts';
import type { TranslatorPool } from '../../src/live/types.ts';
import type { TestServer, TestUser } from './server.ts';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/fixtures/audio');
const API = '/cm-api/api';

/** Every job's definition, `session.save` replaced by one that records the sessions saved. */
export function recordingSaves(saved: string[]): ReadonlyArray<JobDefinition<any>> {
  return [
    ...jobDefinitions.filter((definition) => definition.name !== 'session.save'),
    defineJob('session.save', { concurrency: 'sessionSchedule', retry: RETRY_TWICE, expireInSeconds: 60, handler: async (_ctx, { sessionId }) => void saved.push(sessionId) }),
  ];
}

/** An organization's PocketSphinx profile transcribing English and translating to French. */
export async function liveProfile(server: Pick<TestServer, 'ctx'>, organizationId: string): Promise<string> {
  const [row] = await server.ctx.db
    .insert(transcriberProfiles)
    .values({ name: `Live ${crypto.randomBytes(3).toString('hex')}`, type: 'pocketsphinx', languages: ['en'], translations: ['fr'], config: {}, organizationId })
    .returning();
  return row!.id;
}

export interface LiveSession {
  id: string;
  channels: Array<{ _id: string; streamKey: string }>;
}

/** Creates a session with one channel per name (as `user`), translated to `translations`. */
export async function newLiveSession(
  user: Pick<TestUser, 'client'>,
  organizationId: string,
  profileId: string,
  values: Record<string, unknown> = {},
  channels: Array<{ name: string; translations?: string[] }> = [{ name: 'Floor' }],
): Promise<LiveSession> {
  const res = await user.client.post(`${API}/organizations/${organizationId}/sessions`, {
    name: 'Live meeting',
    channels: channels.map((channel) => ({ transcriberProfileId: profileId, languages: ['en'], translations: [], ...channel })),
    ...values,
  });
  if (res.status !== 201) throw new Error(`session not created: ${res.status} ${JSON.stringify(res.body)}`);
  const read = await user.client.get(`${API}/sessions/${res.body._id}`);
  return { id: res.body._id, channels: read.body.channels };
}

export async function startLive(user: Pick<TestUser, 'client'>, organizationId: string, sessionId: string): Promise<void> {
  const res = await user.client.put(`${API}/organizations/${organizationId}/sessions/${sessionId}/start`);
  if (res.status !== 200) throw new Error(`session not started: ${res.status} ${JSON.stringify(res.body)}`);
}

export function stopLive(user: Pick<TestUser, 'client'>, organizationId: string, sessionId: string, query: Record<string, string> = {}) {
  return user.client.delete(`${API}/organizations/${organizationId}/sessions/${sessionId}`, undefined, { query });
}

/** An ingest WebSocket client: its replies, and how it closed. */
export interface IngestClient {
  socket: WebSocket;
  /** The first text message of the server. */
  reply: Promise<LiveIngestReply>;
  closed: Promise<{ code: number }>;
  /** Sends PCM in messages of `bytes`, every `intervalMs`, honouring back-pressure of the socket. */
  stream(pcm: Buffer, options?: { bytes?: number; intervalMs?: number }): Promise<void>;
}

export function ingest(url: string, hello: unknown | null): IngestClient {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${LIVE_INGEST_PATH}`);
  const reply = new Promise<LiveIngestReply>((resolve, reject) => {
    socket.once('message', (data) => resolve(JSON.parse(String(data)) as LiveIngestReply));
    socket.once('close', () => reject(new Error('closed without a reply')));
  });
  reply.catch(() => undefined);
  const closed = new Promise<{ code: number }>((resolve) => socket.once('close', (code) => resolve({ code })));
  if (hello !== null) socket.once('open', () => socket.send(typeof hello === 'string' ? hello : JSON.stringify(hello)));
  return {
    socket,
    reply,
    closed,
    async stream(pcm, { bytes = 3200, intervalMs = 50 } = {}) {
      for (let at = 0; at < pcm.length && socket.readyState === WebSocket.OPEN; at += bytes) {
        socket.send(pcm.subarray(at, at + bytes));
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
  };
}

/** A file as the channels take it: 16 kHz mono s16le PCM. */
export function pcmOf(file: string): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-ac', '1', '-ar', '16000', '-f', 's16le', '-'], { maxBuffer: 64 * 1024 * 1024 });
}

/** What a viewer socket received. */
export interface Viewer {
  socket: Socket;
  partials: LivePartial[];
  finals: LiveFinal[];
  notices: Array<{ kind: 'broker_ko' | 'broker_ok'; notice: BrokerNotice }>;
  request(event: string, payload: unknown): Promise<{ ok: boolean; error?: string }>;
}

/** A session socket viewer, signed in with `token` or anonymous (no token); resolves once connected. */
export async function viewer(url: string, token?: string): Promise<Viewer> {
  const socket = connect(url, { path: '/cm-api/socket.io', auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  const seen: Viewer = {
    socket,
    partials: [],
    finals: [],
    notices: [],
    request: (event, payload) => socket.timeout(5000).emitWithAck(event, payload),
  };
  socket.on('partial', (partial: LivePartial) => seen.partials.push(partial));
  socket.on('final', (final: LiveFinal) => seen.finals.push(final));
  socket.on('broker_ko', (notice: BrokerNotice) => seen.notices.push({ kind: 'broker_ko', notice }));
  socket.on('broker_ok', (notice: BrokerNotice) => seen.notices.push({ kind: 'broker_ok', notice }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return seen;
}

export async function eventually<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A media once its processing ended (done or failed), as stored. */
export async function processedMedia(server: Pick<TestServer, 'ctx'>, id: string, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = (await server.ctx.db.select().from(conversations).where(eq(conversations.id, id)))[0];
    if (row && (row.status === 'done' || row.status === 'error')) return row;
    if (Date.now() > deadline) throw new Error(`media ${id} still ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A translator that upper-cases: the pool of translation tests. */
export function upperCasePool(): TranslatorPool {
  const translator = (source: 'en' | 'fr', target: 'en' | 'fr'): Translator => ({
    id: `upper-${source}-${target}`,
    source,
    target,
    availability: async () => ({ ok: true }),
    translate: async (text) => text.toUpperCase(),
    close: async () => undefined,
  });
  return {
    get: (source, target) => (source === 'en' && target === 'fr' ? translator('en', 'fr') : null),
    targets: (source) => (source === 'en' ? ['fr'] : []),
    close: async () => undefined,
  };
}

/**
 * A scripted engine: every second of audio written makes a partial then a final "caption N".
 * `failNext` streams fail on their first write (as an engine process that dies).
 */
export class ScriptedEngine implements StreamingEngine {
  readonly id = 'scripted';
  failNext = 0;
  private readonly open = new Set<ScriptedStream>();

  openStream(): TranscriptionStream {
    const fails = this.failNext > 0;
    if (fails) this.failNext -= 1;
    const stream = new ScriptedStream(fails);
    this.open.add(stream);
    return stream;
  }

  /** The streams open now fail on their next write. */
  breakStreams(): void {
    for (const stream of this.open) stream.fails = true;
    this.open.clear();
  }
}

class ScriptedStream extends EventEmitter implements TranscriptionStream {
  private bytes = 0;
  private said = 0;
  private state: 'open' | 'ended' | 'failed' = 'open';

  fails: boolean;

  constructor(fails: boolean) {
    super();
    this.fails = fails;
  }

  write(pcm: Uint8Array): boolean {
    if (this.state !== 'open') throw new Error('the stream is closed');
    if (this.fails) {
      this.state = 'failed';
      setImmediate(() => this.emit('error', new Error('the engine process died')));
      return true;
    }
    this.bytes += pcm.length;
    while (this.bytes >= (this.said + 1) * 32000) {
      const start = this.said;
      this.said += 1;
      const text = `caption ${this.said}`;
      const result: StreamResult = { text, words: [{ word: text, start: start + 0.1, end: start + 0.9, confidence: 0.9 }] };
      this.emit('partial', { text: 'caption', words: [] });
      this.emit('final', { ...result, language: 'en' });
    }
    return true;
  }

  async end(): Promise<void> {
    this.state = 'ended';
  }

  async abort(): Promise<void> {
    this.state = 'ended';
  }
}
