import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocPeer } from '@palabre/shared';

/** A stand-in for the socket.io client: records what the editor emits and lets the test answer. */
class FakeSocket {
  connected = false;
  id = 'me';
  emitted: { event: string; payload: unknown; ack?: (response: unknown) => void }[] = [];
  private handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, payload: unknown, ack?: (response: unknown) => void) {
    this.emitted.push({ event, payload, ack });
    return this;
  }
  /** socket.io's acknowledgement with a deadline: the callback takes (error, response). */
  timeout() {
    return {
      emit: (event: string, payload: unknown, ack: (error: Error | null, response?: unknown) => void) => {
        this.emitted.push({ event, payload, ack: (response: unknown) => ack(null, response) });
      },
    };
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  connect() {
    this.connected = true;
    this.fire('connect');
  }
  disconnect() {
    if (!this.connected) return;
    this.connected = false;
    this.fire('disconnect', 'io client disconnect');
  }
  drop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  last(event: string) {
    return this.emitted.filter((e) => e.event === event).at(-1);
  }
  all(event: string) {
    return this.emitted.filter((e) => e.event === event);
  }
}

let socket: FakeSocket;
let ioOptions: Record<string, unknown> | null = null;
vi.mock('socket.io-client', () => ({
  io: (options: Record<string, unknown>) => {
    ioOptions = options;
    return socket;
  },
}));

const { CollabClient, REMOTE_ORIGIN } = await import('./collabClient.ts');

const CONVERSATION = '6b7f6f0e-4a43-4d1a-9f9e-2c1f4b0a7e11';
const windowEvents = new Map<string, (() => void)[]>();

function serverDoc(text: string): Y.Doc {
  const doc = new Y.Doc();
  doc.getText('t').insert(0, text);
  return doc;
}

/**
 * Answers the last join with what `server` has that the client lacks, in the update format the join
 * asked for (or in the first, as a server that knows no other would).
 */
function answerJoin(server: Y.Doc, you: Partial<DocPeer> = {}, options: { ignoreEncoding?: boolean } = {}) {
  const join = socket.last('doc:join')!;
  const { stateVector, encoding: asked } = join.payload as { stateVector: Uint8Array; encoding?: 'v1' | 'v2' };
  const encoding = options.ignoreEncoding ? undefined : asked;
  join.ack!({
    ok: true,
    access: 'write',
    update: (encoding === 'v2' ? Y.encodeStateAsUpdateV2 : Y.encodeStateAsUpdate)(server, stateVector),
    ...(encoding ? { encoding } : {}),
    stateVector: Y.encodeStateVector(server),
    you: { clientId: 'me', userId: 'u1', name: 'Me', color: '#000', turnId: null, typing: false, ...you },
  });
}

/** Applies on the server what the client sent and acknowledges it. */
function acknowledge(server: Y.Doc, ok = true) {
  const pending = socket.all('doc:update').filter((e) => !(e as { answered?: boolean }).answered);
  for (const entry of pending) {
    (entry as { answered?: boolean }).answered = true;
    if (ok) Y.applyUpdate(server, (entry.payload as { update: Uint8Array }).update);
    entry.ack!(ok ? { ok: true } : { ok: false, error: 'invalid_document' });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  socket = new FakeSocket();
  windowEvents.clear();
  const storage = new Map<string, string>();
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('document', { cookie: 'authToken=secret' });
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  });
  vi.stubGlobal('window', {
    addEventListener: (type: string, handler: () => void) => windowEvents.set(type, [...(windowEvents.get(type) ?? []), handler]),
    removeEventListener: () => undefined,
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const fireWindow = (type: string) => windowEvents.get(type)?.forEach((handler) => handler());

describe('CollabClient', () => {
  it('authenticates in the auth payload, joins with its state vector and sends back what the server lacks', () => {
    const client = new CollabClient({ conversationId: CONVERSATION }, new Y.Doc());
    const auth = ioOptions!.auth as (cb: (data: unknown) => void) => void;
    let sent: unknown;
    auth((data) => (sent = data));
    expect(sent).toEqual({ token: 'secret' });
    expect(ioOptions!.query).toBeUndefined();

    // Something typed before the connection: the server lacks it.
    client.doc.getText('t').insert(0, 'local ');
    socket.connect();
    const server = serverDoc('server');
    answerJoin(server);
    expect(client.doc.getText('t').toString()).toContain('server');
    expect(client.getStatus()).toMatchObject({ sync: 'connected', access: 'write', synced: true });
    const update = socket.last('doc:update')!;
    Y.applyUpdate(server, (update.payload as { update: Uint8Array }).update);
    expect(server.getText('t').toString()).toBe(client.doc.getText('t').toString());
  });

  it("asks for the join's answer in the second update format, and applies the first from a server that ignores the wish", () => {
    const client = new CollabClient({ conversationId: CONVERSATION }, new Y.Doc());
    socket.connect();
    expect(socket.last('doc:join')!.payload).toMatchObject({ encoding: 'v2' });
    answerJoin(serverDoc('second format'));
    expect(client.doc.getText('t').toString()).toBe('second format');

    const older = new CollabClient({ conversationId: CONVERSATION }, new Y.Doc());
    socket.connect();
    answerJoin(serverDoc('first format'), {}, { ignoreEncoding: true });
    expect(older.doc.getText('t').toString()).toBe('first format');
  });

  it('sends local edits, applies others with the remote origin and never echoes them', () => {
    const client = new CollabClient({ conversationId: CONVERSATION }, new Y.Doc());
    socket.connect();
    const server = serverDoc('abc');
    answerJoin(server);
    client.doc.getText('t').insert(3, 'd');
    vi.advanceTimersByTime(100);
    acknowledge(server);
    expect(server.getText('t').toString()).toBe('abcd');
    expect(client.getStatus().unsaved).toBe(false);

    const origins: unknown[] = [];
    client.doc.on('update', (_u: Uint8Array, origin: unknown) => origins.push(origin));
    const before = Y.encodeStateVector(server);
    server.getText('t').insert(0, '>');
    const sends = socket.all('doc:update').length;
    socket.fire('doc:update', { conversationId: CONVERSATION, update: Y.encodeStateAsUpdate(server, before) });
    vi.advanceTimersByTime(100);
    expect(client.doc.getText('t').toString()).toBe('>abcd');
    expect(origins).toEqual([REMOTE_ORIGIN]);
    expect(socket.all('doc:update')).toHaveLength(sends);
  });

  it('counts an edit as unsaved from the keystroke, before the throttled send leaves', () => {
    const client = new CollabClient({ conversationId: CONVERSATION }, new Y.Doc());
    socket.connect();
    const server = serverDoc('abc');
    answerJoin(server);
    const sends = socket.all('doc:update').length;
    client.doc.getText('t').insert(3, 'd');
    expect(socket.all('doc:update')).toHaveLength(sends);
    expect(client.getStatus().unsaved).toBe(true);
    vi.advanceTimersByTime(100);
    acknowledge(server);
    expect(client.getStatus().unsaved).toBe(false);
  });

  it('keeps unacknowledged edits through a lost connection and merges them on reconnect', () => {
    const client = new CollabClient({ conversationId: CONVERSATION }, new Y.Doc());
    socket.connect();
    const server = serverDoc('one');
    answerJoin(server);
    client.doc.getText('t').insert(3, ' two');
    vi.advanceTimersByTime(100);
    // The connection drops before the acknowledgement.
    socket.drop();
    expect(client.getStatus().sync).toBe('reconnecting');
    expect(client.getStatus().unsaved).toBe(true);
    client.doc.getText('t').insert(client.doc.getText('t').length, ' three');
    vi.advanceTimersByTime(100);
    expect(socket.all('doc:update')).toHaveLength(1);

    socket.connect();
    answerJoin(server);
    expect(client.getStatus().sync).toBe('connected');
    const resend = socket.last('doc:update')!;
    Y.applyUpdate(server, (resend.payload as { update: Uint8Array }).update);
    resend.ack!({ ok: true });
    expect(server.getText('t').toString()).toBe('one two three');
    expect(client.getStatus().unsaved).toBe(false);
  });

  it('is offline when the browser is, edits meanwhile are sent once it is back', () => {
    const client = new CollabClient({ conversationId: CONVERSATION }, new Y.Doc());
    socket.connect();
    const server = serverDoc('x');
    answerJoin(server);
    vi.stubGlobal('navigator', { onLine: false });
    fireWindow('offline');
    expect(client.getStatus().sync).toBe('offline');
    client.doc.getText('t').insert(1, 'y');
    vi.advanceTimersByTime(100);
    expect(socket.all('doc:update')).toHaveLength(0);

    vi.stubGlobal('navigator', { onLine: true });
    fireWindow('online');
    expect(client.getStatus().sync).toBe('reconnecting');
    answerJoin(server);
    acknowledge(server);
    expect(server.getText('t').toString()).toBe('xy');
    expect(client.getStatus().sync).toBe('connected');
  });

  it('keeps one update in flight: what is typed meanwhile goes in the next one', () => {
    const client = new CollabClient({ conversationId: CONVERSATION }, new Y.Doc());
    socket.connect();
    const server = serverDoc('');
    answerJoin(server);
    client.doc.getText('t').insert(0, 'a');
    vi.advanceTimersByTime(100);
    client.doc.getText('t').insert(1, 'b');
    vi.advanceTimersByTime(100);
    client.doc.getText('t').insert(2, 'c');
    vi.advanceTimersByTime(100);
    expect(socket.all('doc:update')).toHaveLength(1);
    acknowledge(server);
    vi.advanceTimersByTime(100);
    expect(socket.all('doc:update')).toHaveLength(2);
    acknowledge(server);
    expect(server.getText('t').toString()).toBe('abc');
    expect(client.getStatus().unsaved).toBe(false);
  });

  it('stops sending and says so when the server refuses an update', () => {
    const client = new CollabClient({ conversationId: CONVERSATION }, new Y.Doc());
    socket.connect();
    const server = serverDoc('x');
    answerJoin(server);
    client.doc.getText('t').insert(1, 'y');
    vi.advanceTimersByTime(100);
    acknowledge(server, false);
    expect(client.getStatus().problem).toEqual({ kind: 'update_failed', error: 'invalid_document' });
    client.doc.getText('t').insert(1, 'z');
    vi.advanceTimersByTime(100);
    expect(socket.all('doc:update')).toHaveLength(1);
  });

  it('reports a problem the server sends, follows access changes and lists the others without itself', () => {
    const client = new CollabClient({ conversationId: CONVERSATION }, new Y.Doc());
    socket.connect();
    const peer = (clientId: string): DocPeer => ({ clientId, userId: clientId, name: clientId, color: '#123', turnId: null, typing: false });
    // The room's list may come before the join's answer says which one is us.
    socket.fire('doc:presence', { conversationId: CONVERSATION, peers: [peer('me'), peer('other')] });
    answerJoin(serverDoc(''));
    expect(client.getStatus().peers.map((p) => p.clientId)).toEqual(['other']);
    expect(client.getStatus().problem).toBeNull();
    socket.fire('doc:access', { conversationId: CONVERSATION, access: 'read' });
    expect(client.getStatus().access).toBe('read');
    socket.fire('doc:error', { conversationId: CONVERSATION, error: 'internal_error' });
    expect(client.getStatus().problem).toEqual({ kind: 'update_failed', error: 'internal_error' });
  });

  it('sends presence at most every 200 ms, the latest state winning', () => {
    const client = new CollabClient({ conversationId: CONVERSATION }, new Y.Doc());
    socket.connect();
    answerJoin(serverDoc(''));
    vi.advanceTimersByTime(500);
    const before = socket.all('doc:presence').length;
    client.setPresence('t1', false);
    client.setPresence('t1', true);
    client.setPresence('t2', true);
    vi.advanceTimersByTime(250);
    const sent = socket.all('doc:presence').slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload).toEqual({ conversationId: CONVERSATION, turnId: 't2', typing: true });
  });

  it("serves a subtitle version's document: every message names it, and the transcript's messages are not its own", () => {
    const SUBTITLE = '0c1d2e3f-4a5b-4c6d-8e7f-901234567890';
    const client = new CollabClient({ conversationId: CONVERSATION, subtitleId: SUBTITLE }, new Y.Doc());
    socket.connect();
    expect(socket.last('doc:join')!.payload).toMatchObject({ conversationId: CONVERSATION, subtitleId: SUBTITLE });
    answerJoin(serverDoc('screens'));
    client.doc.getText('t').insert(0, '>');
    vi.advanceTimersByTime(100);
    expect(socket.last('doc:update')!.payload).toMatchObject({ conversationId: CONVERSATION, subtitleId: SUBTITLE });

    // The media's transcript, open in another editor of this tab, is another document.
    const other = serverDoc('transcript');
    socket.fire('doc:update', { conversationId: CONVERSATION, update: Y.encodeStateAsUpdate(other) });
    socket.fire('doc:access', { conversationId: CONVERSATION, access: 'none' });
    expect(client.doc.getText('t').toString()).toBe('>screens');
    expect(client.getStatus().problem).toBeNull();
    socket.fire('doc:access', { conversationId: CONVERSATION, subtitleId: SUBTITLE, access: 'none' });
    expect(client.getStatus().problem).toEqual({ kind: 'access_lost' });
  });

  it('keeps unacknowledged edits of each document apart across a reload', () => {
    const SUBTITLE = '0c1d2e3f-4a5b-4c6d-8e7f-901234567890';
    const subtitles = new CollabClient({ conversationId: CONVERSATION, subtitleId: SUBTITLE }, new Y.Doc());
    socket.connect();
    answerJoin(serverDoc(''));
    subtitles.doc.getText('t').insert(0, 'screen');
    vi.advanceTimersByTime(400);
    fireWindow('pagehide');
    // The transcript of the same media finds nothing of the version's edits.
    const transcript = new CollabClient({ conversationId: CONVERSATION }, new Y.Doc());
    expect(transcript.doc.getText('t').toString()).toBe('');
    const again = new CollabClient({ conversationId: CONVERSATION, subtitleId: SUBTITLE }, new Y.Doc());
    expect(again.doc.getText('t').toString()).toBe('screen');
  });
});
