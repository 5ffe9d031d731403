/** The session socket: authenticated handshake, organization rooms for members only, progress pushed. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationUpdateEvent, sessionUpdateEvent, type ConversationUpdate, type SessionUpdate, type SocketRefusal } from '@palabre/shared';
import { conversationRights, conversations, memberships, transcriberProfiles, users } from '../../src/db/schema.ts';
import { organizationRoom } from '../../src/realtime/socket.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/fixtures/audio');
const SECRET = `test-secret-${crypto.randomUUID()}`;

let server: TestServer;
let member: TestUser;
let outsider: TestUser;
let organizationId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { PALABRE_SECRET: SECRET } });
  member = await server.quickUser();
  outsider = await server.quickUser();
  organizationId = (await createOrganization(member.client))._id;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

function open(token: unknown): Socket {
  const socket = connect(server.url, { path: '/cm-api/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

function request(socket: Socket, event: string, payload: unknown): Promise<{ ok: boolean; error?: string }> {
  return socket.timeout(5000).emitWithAck(event, payload);
}

const tokenOf = (user: TestUser) => user.client.authToken!;

describe('session socket', () => {
  it('refuses a connection without a valid access token', async () => {
    await expect(connected(open('not-a-token'))).rejects.toThrow('unauthorized');
    await expect(connected(open(''))).rejects.toThrow('unauthorized');
    await expect(connected(open({ nested: 'object' }))).rejects.toThrow('unauthorized');
  });

  it('takes a socket without a token as an anonymous viewer, who may only join and leave live rooms', async () => {
    const anonymous = open(undefined);
    await connected(anonymous);
    expect(await request(anonymous, 'watch_organization', organizationId)).toEqual({ ok: false, error: 'unauthorized' });
    expect(await request(anonymous, 'unwatch_organization', organizationId)).toEqual({ ok: false, error: 'unauthorized' });
    expect(await request(anonymous, 'join_room', `${organizationId}/${crypto.randomUUID()}`)).toEqual({ ok: false, error: 'not_found' });
    expect(await request(anonymous, 'leave_room', `${organizationId}/${crypto.randomUUID()}`)).toEqual({ ok: true });
    expect(anonymous.connected).toBe(true);
  });

  it('refuses a revoked session', async () => {
    const user = await server.quickUser();
    const token = tokenOf(user);
    const { sessionId } = await server.ctx.tokens.verifyAccess(token);
    await server.ctx.tokens.revokeSession(sessionId);
    await expect(connected(open(token))).rejects.toThrow('unauthorized');
  });

  it('lets a member watch the organization, refuses a non-member, validates payloads', async () => {
    const socket = open(tokenOf(member));
    await connected(socket);
    expect(await request(socket, 'watch_organization', organizationId)).toEqual({ ok: true });
    expect(await request(socket, 'watch_organization', 'not-a-uuid')).toEqual({ ok: false, error: 'validation_failed' });
    expect(await request(socket, 'watch_organization', { id: organizationId })).toEqual({ ok: false, error: 'validation_failed' });

    const stranger = open(tokenOf(outsider));
    await connected(stranger);
    expect(await request(stranger, 'watch_organization', organizationId)).toEqual({ ok: false, error: 'not_found' });
    // An organization that does not exist answers exactly the same.
    expect(await request(stranger, 'watch_organization', crypto.randomUUID())).toEqual({ ok: false, error: 'not_found' });
    expect(await request(stranger, 'join_room', `${organizationId}/${crypto.randomUUID()}`)).toEqual({ ok: false, error: 'not_found' });
    // A session that does not exist is not found, for members too.
    expect(await request(socket, 'join_room', `${organizationId}/${crypto.randomUUID()}`)).toEqual({ ok: false, error: 'not_found' });
    expect(await request(socket, 'join_room', `${organizationId}/../x`)).toEqual({ ok: false, error: 'validation_failed' });
  });

  it('acknowledges a watch once the socket is in the room (the client then refetches what it missed before)', async () => {
    const socket = open(tokenOf(member));
    await connected(socket);
    const room = server.running.sockets.session!.in(organizationRoom(organizationId));
    expect((await room.fetchSockets()).map((inRoom) => inRoom.id)).not.toContain(socket.id);
    expect(await request(socket, 'watch_organization', organizationId)).toEqual({ ok: true });
    expect((await room.fetchSockets()).map((inRoom) => inRoom.id)).toContain(socket.id);
    // A client of an older version sends no acknowledgement callback: it is watching all the same.
    const older = open(tokenOf(member));
    await connected(older);
    older.emit('watch_organization', organizationId);
    await expect.poll(async () => (await room.fetchSockets()).map((inRoom) => inRoom.id)).toContain(older.id);
  });

  it('pushes a media’s progress to members watching its organization, and to no one else', { timeout: 400_000 }, async () => {
    const watcher = open(tokenOf(member));
    await connected(watcher);
    expect(await request(watcher, 'watch_organization', organizationId)).toEqual({ ok: true });
    const stranger = open(tokenOf(outsider));
    await connected(stranger);
    await request(stranger, 'watch_organization', organizationId);

    const event = conversationUpdateEvent(organizationId);
    const received: ConversationUpdate[] = [];
    const leaked: unknown[] = [];
    stranger.on(event, (message: unknown) => leaked.push(message));
    const done = new Promise<void>((resolve) => {
      watcher.on(event, (message: ConversationUpdate) => {
        received.push(message);
        if (message.status === 'done' || message.status === 'error') resolve();
      });
    });

    const id = crypto.randomUUID();
    const key = `media/${id}/original-0.wav`;
    const { size } = await server.ctx.storage.put(key, Readable.from([fs.readFileSync(path.join(FIXTURES, 'jfk-en.wav'))]));
    await server.ctx.db.insert(conversations).values({
      id,
      organizationId,
      ownerId: member.id,
      name: 'Socket media',
      requestedLanguage: 'en',
      files: { originals: [{ key, name: 'jfk-en.wav', size, mimeType: 'audio/wav' }] },
    });
    await server.ctx.jobs.send('media.preprocess', { conversationId: id });
    await done;

    expect(received.every((m) => m.conversationId === id && m.kind === 'progress')).toBe(true);
    const statuses = [...new Set(received.map((m) => m.status))];
    expect(statuses).toEqual(['preprocessing', 'transcription', 'diarization', 'punctuation', 'postprocessing', 'done']);
    const progress = received.map((m) => m.progress!);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    // Small notices only: nothing but the contract's fields.
    for (const message of received) expect(Object.keys(message).sort()).toEqual(['conversationId', 'kind', 'progress', 'status']);
    expect(leaked).toEqual([]);

    // After unwatching, nothing more arrives.
    expect(await request(watcher, 'unwatch_organization', organizationId)).toEqual({ ok: true });
    const count = received.length;
    server.ctx.events.conversationChanged(organizationId, { conversationId: id, kind: 'updated' });
    expect(await request(watcher, 'watch_organization', organizationId)).toEqual({ ok: true });
    expect(received.length).toBe(count);
  });

  it('sends a notice only to members who may read the media, a deletion too', async () => {
    const owner = await server.quickUser();
    const reader = await server.quickUser();
    const blind = await server.quickUser();
    const orgId = (await createOrganization(owner.client))._id;
    await server.ctx.db.insert(memberships).values([
      { organizationId: orgId, userId: reader.id, role: 1 },
      { organizationId: orgId, userId: blind.id, role: 1 },
    ]);
    const id = crypto.randomUUID();
    // Closed to members by default; the reader holds a per-user right.
    await server.ctx.db.insert(conversations).values({ id, organizationId: orgId, ownerId: owner.id, name: 'Private media', membersRight: 0 });
    await server.ctx.db.insert(conversationRights).values({ conversationId: id, userId: reader.id, right: 1, grantedBy: owner.id });

    const event = conversationUpdateEvent(orgId);
    const inbox = new Map<string, ConversationUpdate[]>();
    for (const user of [owner, reader, blind]) {
      const socket = open(tokenOf(user));
      await connected(socket);
      expect(await request(socket, 'watch_organization', orgId)).toEqual({ ok: true });
      inbox.set(user.id, []);
      socket.on(event, (message: ConversationUpdate) => inbox.get(user.id)!.push(message));
    }

    server.ctx.events.conversationChanged(orgId, { conversationId: id, kind: 'updated' });
    await expect.poll(() => inbox.get(reader.id)!.length).toBe(1);
    await expect.poll(() => inbox.get(owner.id)!.length).toBe(1);
    // A round trip later the member without a right still has nothing.
    const probe = open(tokenOf(blind));
    await connected(probe);
    await request(probe, 'watch_organization', orgId);
    expect(inbox.get(blind.id)).toEqual([]);

    // A deletion is told to those who could read the media, not to the whole room.
    expect((await owner.client.delete(`/cm-api/api/conversations/${id}`)).status).toBe(204);
    await expect.poll(() => inbox.get(reader.id)!.length).toBe(2);
    expect(inbox.get(reader.id)![1]).toEqual({ conversationId: id, kind: 'deleted' });
    await expect.poll(() => inbox.get(owner.id)!.length).toBe(2);
    await request(probe, 'watch_organization', orgId);
    expect(inbox.get(blind.id)).toEqual([]);
  });
});

describe('handshake, refused like an HTTP call with the same token', () => {
  /** The refusal of a handshake: its message and the code it carries. */
  async function refusal(token: unknown): Promise<{ message: string; code: SocketRefusal['code'] | undefined }> {
    try {
      await connected(open(token));
    } catch (error) {
      return { message: (error as Error).message, code: (error as { data?: SocketRefusal }).data?.code };
    }
    throw new Error('the socket connected');
  }

  async function httpCode(token: string): Promise<string> {
    const response = await server.client().get('/cm-api/api/users/self', { auth: token });
    expect(response.status).toBe(401);
    return response.body.code as string;
  }

  /** An access token as the server would mint it, for the session of `token`. */
  async function mint(token: string, options: { secret?: string; expiresAt: number }) {
    const { userId, sessionId } = await server.ctx.tokens.verifyAccess(token);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('palabre')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(options.expiresAt)
      .sign(new TextEncoder().encode(options.secret ?? SECRET));
  }

  it('refuses an expired token as token_expired', async () => {
    const user = await server.quickUser();
    const expired = await mint(tokenOf(user), { expiresAt: Math.floor(Date.now() / 1000) - 3600 });
    expect(await httpCode(expired)).toBe('token_expired');
    expect(await refusal(expired)).toEqual({ message: 'unauthorized', code: 'token_expired' });
    // The same session's valid token still opens the socket.
    await connected(open(tokenOf(user)));
  });

  it('refuses a revoked session as token_revoked', async () => {
    const user = await server.quickUser();
    const token = tokenOf(user);
    await server.ctx.tokens.revokeSession((await server.ctx.tokens.verifyAccess(token)).sessionId);
    expect(await httpCode(token)).toBe('token_revoked');
    expect(await refusal(token)).toEqual({ message: 'unauthorized', code: 'token_revoked' });
  });

  it('refuses the token of an account that is no longer active as token_revoked', async () => {
    const user = await server.quickUser();
    await server.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    expect(await httpCode(tokenOf(user))).toBe('token_revoked');
    expect(await refusal(tokenOf(user))).toEqual({ message: 'unauthorized', code: 'token_revoked' });
  });

  it('refuses a forged or malformed token as unauthorized', async () => {
    const forged = await mint(tokenOf(member), { secret: `other-${SECRET}`, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    expect(await httpCode(forged)).toBe('unauthorized');
    expect(await refusal(forged)).toEqual({ message: 'unauthorized', code: 'unauthorized' });
    expect(await refusal(['a', 'list'])).toEqual({ message: 'unauthorized', code: 'unauthorized' });
  });
});

describe('client requests', () => {
  it('answers invalid payloads with validation_failed, ignores what it does not know, and keeps serving', async () => {
    const socket = open(tokenOf(member));
    await connected(socket);
    const invalid: unknown[] = [null, 42, true, [], [organizationId], { organizationId }, `${organizationId}x`, 'x'.repeat(60_000), { toString: organizationId }];
    for (const event of ['watch_organization', 'unwatch_organization', 'join_room', 'leave_room']) {
      for (const payload of invalid) expect(await request(socket, event, payload)).toEqual({ ok: false, error: 'validation_failed' });
    }
    // Without an ack, with an ack that is not a function, with no payload at all, or an unknown event: nothing to answer, nothing breaks.
    socket.emit('watch_organization', 'not-a-uuid');
    socket.emit('watch_organization', organizationId, 'not-a-function');
    socket.emit('join_room');
    socket.emit('no_such_event', organizationId);
    expect(
      await socket
        .timeout(1000)
        .emitWithAck('no_such_event', organizationId)
        .catch((error: Error) => error.message),
    ).toMatch(/timed out/);
    expect(socket.connected).toBe(true);
    expect(await request(socket, 'watch_organization', organizationId)).toEqual({ ok: true });
    expect((await member.client.get('/cm-api/api/users/self')).status).toBe(200);
  });

  it('closes the socket of a session revoked since the handshake at its next request', async () => {
    const user = await server.quickUser();
    const socket = open(tokenOf(user));
    await connected(socket);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    // Revoked behind the token service's back: the next request checks the session again.
    await server.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    expect(await request(socket, 'watch_organization', organizationId)).toEqual({ ok: false, error: 'unauthorized' });
    await closed;
  });
});

describe('revoked sessions', () => {
  async function watching(user: TestUser, orgId: string) {
    const socket = open(tokenOf(user));
    await connected(socket);
    expect(await request(socket, 'watch_organization', orgId)).toEqual({ ok: true });
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    return { socket, closed };
  }

  it('disconnect their sockets at logout, and only theirs', async () => {
    const owner = await server.quickUser();
    const orgId = (await createOrganization(owner.client))._id;
    const other = server.client();
    other.useTokens(await server.ctx.tokens.openSession(owner.id, 'signup'));
    const leaving = await watching(owner, orgId);
    const staying = await watching({ ...owner, client: other }, orgId);
    expect((await owner.client.post('/cm-api/auth/logout', {})).status).toBe(204);
    await leaving.closed;
    expect(leaving.socket.connected).toBe(false);
    expect(await request(staying.socket, 'watch_organization', orgId)).toEqual({ ok: true });
  });

  it('disconnect every socket of a suspended user', async () => {
    const admin = await server.createUser({ role: 31 });
    const user = await server.quickUser();
    const orgId = (await createOrganization(user.client))._id;
    const { closed } = await watching(user, orgId);
    expect((await admin.client.patch(`/cm-api/api/administration/users/${user.id}`, { status: 'suspended' })).status).toBe(200);
    await closed;
  });
});

describe('session notices', () => {
  it('tells the organization of sessions created and started, a private one only to those who operate it', async () => {
    const owner = await server.quickUser();
    const plain = await server.quickUser();
    const orgId = (await createOrganization(owner.client))._id;
    await server.ctx.db.insert(memberships).values({ organizationId: orgId, userId: plain.id, role: 1 });
    const [profile] = await server.ctx.db
      .insert(transcriberProfiles)
      .values({ type: 'openai', languages: ['en'], name: 'Live', organizationId: orgId })
      .returning();

    const event = sessionUpdateEvent(orgId);
    const inbox = new Map<string, SessionUpdate[]>();
    for (const user of [owner, plain]) {
      const socket = open(tokenOf(user));
      await connected(socket);
      expect(await request(socket, 'watch_organization', orgId)).toEqual({ ok: true });
      inbox.set(user.id, []);
      socket.on(event, (message: SessionUpdate) => inbox.get(user.id)!.push(message));
    }

    const create = (visibility: string) =>
      owner.client.post(`/cm-api/api/organizations/${orgId}/sessions`, {
        name: visibility,
        visibility,
        channels: [{ name: 'A', transcriberProfileId: profile!.id, languages: ['en'] }],
      });
    const internal = (await create('internal')).body._id as string;
    await expect.poll(() => inbox.get(plain.id)!.length).toBe(1);
    expect(inbox.get(plain.id)![0]).toEqual({ sessionId: internal, kind: 'created', status: 'scheduled' });

    const hidden = (await create('private')).body._id as string;
    await owner.client.put(`/cm-api/api/organizations/${orgId}/sessions/${hidden}/start`);
    await expect.poll(() => inbox.get(owner.id)!.map((m) => m.kind)).toEqual(['created', 'created', 'status']);
    expect(inbox.get(owner.id)![2]).toEqual({ sessionId: hidden, kind: 'status', status: 'pending' });
    // A round trip later the plain member still knows only the internal session.
    await request(open(tokenOf(plain)), 'watch_organization', orgId).catch(() => undefined);
    expect(inbox.get(plain.id)!.map((m) => m.sessionId)).toEqual([internal]);
  });
});
