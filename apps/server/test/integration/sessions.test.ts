/**
 * Live sessions over HTTP: creation and its rights, validation, reading (full, per channel, public
 * view), visibility for members, outsiders and anonymous viewers, the list and its filters, the
 * status machine and its refusals, scheduled starts and stops, and the organization's notices.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_WATERMARK, ORGANIZATION_ROLE, PLATFORM_ROLE, zPublicSession, zSession, type SessionUpdate } from '@palabre/shared';
import { memberships, organizations, sessionChannels, sessions, transcriberProfiles } from '../../src/db/schema.ts';
import { audioEnded, audioReached } from '../../src/sessions/service.ts';
import { createCast } from '../harness/cast.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

const API = '/cm-api/api';
let server: TestServer;
let owner: TestUser;
let maintainer: TestUser;
let member: TestUser;
let operator: TestUser;
let outsider: TestUser;
let orgId: string;
let otherOrgId: string;
let profileId: string;
let otherProfileId: string;
const notices: Array<{ organizationId: string; update: SessionUpdate; mayView: (userId: string) => boolean }> = [];

const future = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const channel = (name = 'Floor', values: Record<string, unknown> = {}) => ({ name, transcriberProfileId: profileId, languages: ['en'], ...values });
const body = (values: Record<string, unknown> = {}) => ({ name: 'Council meeting', channels: [channel()], ...values });

const createSession = (user: TestUser, values: Record<string, unknown> = {}, organizationId = orgId) =>
  user.client.post(`${API}/organizations/${organizationId}/sessions`, body(values));
async function newSession(values: Record<string, unknown> = {}, user = owner) {
  const res = await createSession(user, values);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string; channels: Array<{ _id: string; streamKey?: string }>; status: string };
}
const sessionPath = (id: string, organizationId = orgId) => `${API}/organizations/${organizationId}/sessions/${id}`;
const read = (user: TestUser, id: string) => user.client.get(`${API}/sessions/${id}`);
const list = (user: TestUser, query: Record<string, string> = {}) => user.client.get(`${API}/sessions`, { query: { organizationId: orgId, ...query } });

async function streaming(sessionId: string) {
  const [first] = await server.ctx.db.select().from(sessionChannels).where(eq(sessionChannels.sessionId, sessionId));
  return audioReached(server.ctx, first!);
}

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.events = {
    conversationChanged: () => undefined,
    sessionChanged: (organizationId, update, mayView) => void notices.push({ organizationId, update, mayView }),
  };
  ({ owner, reader: member, outsider, orgId } = await createCast(server));
  maintainer = await server.quickUser();
  operator = await server.quickUser({ role: PLATFORM_ROLE.USER + PLATFORM_ROLE.SESSION_OPERATOR });
  await server.ctx.db.insert(memberships).values([
    { organizationId: orgId, userId: maintainer.id, role: ORGANIZATION_ROLE.MAINTAINER },
    { organizationId: orgId, userId: operator.id, role: ORGANIZATION_ROLE.MEMBER },
  ]);
  otherOrgId = (await createOrganization(outsider.client))._id;
  const profile = { type: 'openai' as const, languages: ['en', 'fr'], translations: ['de', 'es'], config: { endpoint: 'https://speech.example.com' } };
  profileId = (
    await server.ctx.db
      .insert(transcriberProfiles)
      .values({ ...profile, name: 'Live', organizationId: orgId })
      .returning()
  )[0]!.id;
  otherProfileId = (
    await server.ctx.db
      .insert(transcriberProfiles)
      .values({ ...profile, name: 'Elsewhere', organizationId: otherOrgId })
      .returning()
  )[0]!.id;
});
afterAll(() => server?.close());
beforeEach(() => {
  notices.length = 0;
});

describe('POST /organizations/:id/sessions', () => {
  it('creates a scheduled session with its channels, stream keys for its operator, and tells the organization', async () => {
    const res = await createSession(member, {
      metadata: [{ key: 'room', value: 'B12' }],
      watermark: { text: 'Palabre' },
      channels: [channel('Floor', { translations: ['de'] }), channel('Booth', { languages: ['fr'], diarization: true })],
    });
    expect(res.status).toBe(201);
    const session = zSession.parse(res.body);
    expect(session).toMatchObject({
      name: 'Council meeting',
      status: 'scheduled',
      usable: true,
      visibility: 'internal',
      owner: member.id,
      metadata: [{ key: 'room', value: 'B12' }],
      watermark: { enabled: true, text: 'Palabre', frequency: 600, duration: 10, pinned: false },
      savedConversationId: null,
      abilities: { operate: true },
    });
    expect(session.channels.map((c) => [c.index, c.name, c.profileName, c.languages, c.translations, c.streamStatus, c.transcriberStatus])).toEqual([
      [0, 'Floor', 'Live', ['en'], ['de'], 'inactive', 'idle'],
      [1, 'Booth', 'Live', ['fr'], [], 'inactive', 'idle'],
    ]);
    expect(session.channels[0]!.streamKey).toMatch(/^[\w-]{43}$/);
    expect(session.channels[0]!.streamKey).not.toBe(session.channels[1]!.streamKey);
    const notice = await eventually(
      async () => notices.find((n) => n.update.sessionId === session._id),
      (n) => n !== undefined,
    );
    expect(notice).toMatchObject({ organizationId: orgId, update: { kind: 'created', status: 'scheduled' } });
    expect([owner.id, member.id, maintainer.id].every((id) => notice!.mayView(id))).toBe(true);
    expect(notice!.mayView(outsider.id)).toBe(false);
  });

  it('follows the create-session permission; the session operator role and maintainers keep it', async () => {
    await server.ctx.db
      .update(organizations)
      .set({ permissions: { upload: true, summary: true, session: false } })
      .where(eq(organizations.id, orgId));
    try {
      const refused = await createSession(member);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('no_organization_rights');
      expect((await createSession(operator)).status).toBe(201);
      expect((await createSession(maintainer)).status).toBe(201);
    } finally {
      await server.ctx.db
        .update(organizations)
        .set({ permissions: { upload: true, summary: true, session: true } })
        .where(eq(organizations.id, orgId));
    }
  });

  it('is not found for people outside the organization', async () => {
    const res = await createSession(outsider);
    expect(res.status).toBe(404);
  });

  it.each([
    ['no channel', () => ({ channels: [] }), 'channels', 'error.channel_required'],
    ['a session without channels nor template', () => ({ channels: undefined }), 'channels', 'error.channel_required'],
    ['two channels of one name', () => ({ channels: [channel('Floor'), channel('floor')] }), 'channels.1.name', 'error.name_exists'],
    ['a name with markup', () => ({ name: '<b>' }), 'name', 'error.unauthorized_caracters'],
    ['an empty name', () => ({ name: '  ' }), 'name', 'error.required'],
    ['a start in the past', () => ({ scheduleOn: new Date(Date.now() - 60_000).toISOString() }), 'scheduleOn', 'error.date_in_past'],
    ['an end before the start', () => ({ scheduleOn: future(3600), endOn: future(1800) }), 'endOn', 'error.end_before_start'],
    ['an automatic start without a start time', () => ({ autoStart: true }), 'scheduleOn', 'error.required'],
    ['a language the profile does not transcribe', () => ({ channels: [channel('Floor', { languages: ['it'] })] }), 'channels.0.languages', 'error.unsupported_language'],
    ['a translation the profile does not offer', () => ({ channels: [channel('Floor', { translations: ['ja'] })] }), 'channels.0.translations', 'error.unsupported_translation'],
    ["another organization's profile", () => ({ channels: [channel('Floor', { transcriberProfileId: otherProfileId })] }), 'channels.0.transcriberProfileId', 'error.invalid'],
    ['too many metadata pairs', () => ({ metadata: Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, value: 'v' })) }), 'metadata', 'error.invalid'],
    ['a watermark shown too often', () => ({ watermark: { frequency: 0 } }), 'watermark.frequency', 'error.invalid'],
  ])('refuses %s', async (_label, values, field, key) => {
    // The values are made here: the profile ids exist only once the server has started.
    const res = await createSession(owner, values());
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.fields[field], JSON.stringify(res.body.fields)).toBe(key);
  });
});

describe('GET /sessions/:id and the public view', () => {
  it('shows stream keys only to those who operate the session', async () => {
    const { _id } = await newSession();
    const byOwner = await read(owner, _id);
    expect(byOwner.body.channels[0].streamKey).toBeDefined();
    const byMember = await read(member, _id);
    expect(byMember.status).toBe(200);
    expect(byMember.body.channels[0].streamKey).toBeUndefined();
    expect(byMember.body.abilities).toEqual({ operate: false });
    expect((await read(operator, _id)).body.abilities).toEqual({ operate: true });
  });

  it('keeps one channel with channel_index', async () => {
    const { _id } = await newSession({ channels: [channel('Floor'), channel('Booth')] });
    const res = await member.client.get(`${API}/sessions/${_id}`, { query: { channel_index: '1' } });
    expect(res.body.channels.map((c: { name: string }) => c.name)).toEqual(['Booth']);
    const missing = await member.client.get(`${API}/sessions/${_id}`, { query: { channel_index: '5' } });
    expect(missing.status).toBe(400);
  });

  it('hides a private session from members who do not operate it', async () => {
    const { _id } = await newSession({ visibility: 'private' }, member);
    expect((await read(member, _id)).status).toBe(200);
    expect((await read(maintainer, _id)).status).toBe(200);
    expect((await read(operator, _id)).status).toBe(200);
    const other = await server.quickUser();
    await server.ctx.db.insert(memberships).values({ organizationId: orgId, userId: other.id, role: ORGANIZATION_ROLE.MEMBER });
    expect((await read(other, _id)).status).toBe(404);
    expect((await list(other)).body.sessions.map((s: { _id: string }) => s._id)).not.toContain(_id);
  });

  it('answers not found to outsiders, whatever the visibility', async () => {
    for (const visibility of ['private', 'internal', 'public']) {
      const { _id } = await newSession({ visibility });
      expect((await read(outsider, _id)).status).toBe(404);
    }
  });

  it('opens the public view of a public session to anonymous viewers only with anonymous access', async () => {
    const open = await newSession({ visibility: 'public', anonymousAccess: true, metadata: [{ key: 'secret', value: 'x' }] });
    const anonymous = await server.client().get(`${API}/sessions/${open._id}/public`);
    expect(anonymous.status).toBe(200);
    const view = zPublicSession.strict().parse(anonymous.body);
    expect(view).toMatchObject({ name: 'Council meeting', status: 'scheduled', channels: [{ name: 'Floor', languages: ['en'], translations: [] }] });
    expect(JSON.stringify(anonymous.body)).not.toMatch(/streamKey|secret|owner|transcriberProfileId/);
    expect((await owner.client.get(`${API}/sessions/${open._id}`)).body.publicLink).toBe(`${server.url}/interface/${orgId}/sessions/${open._id}`);

    const signedInOnly = await newSession({ visibility: 'public', anonymousAccess: false });
    expect((await server.client().get(`${API}/sessions/${signedInOnly._id}/public`)).status).toBe(404);
    expect((await outsider.client.get(`${API}/sessions/${signedInOnly._id}/public`)).status).toBe(200);

    for (const visibility of ['internal', 'private']) {
      const { _id } = await newSession({ visibility, anonymousAccess: true });
      expect((await server.client().get(`${API}/sessions/${_id}/public`)).status).toBe(404);
      expect((await outsider.client.get(`${API}/sessions/${_id}/public`)).status).toBe(404);
    }
  });

  it('keeps one channel of the public view with transcriber_id', async () => {
    const { _id, channels } = await newSession({ visibility: 'public', anonymousAccess: true, channels: [channel('Floor'), channel('Booth')] });
    const res = await server.client().get(`${API}/sessions/${_id}/public`, { query: { transcriber_id: channels[1]!._id } });
    expect(res.body.channels.map((c: { name: string }) => c.name)).toEqual(['Booth']);
  });

  it('stores anonymous access only for public sessions', async () => {
    const session = await newSession({ visibility: 'internal', anonymousAccess: true });
    expect((await read(owner, session._id)).body.anonymousAccess).toBe(false);
  });
});

describe('PUT and PATCH /organizations/:id/sessions/:sid', () => {
  it('changes a session for those who operate it; members who do not are refused', async () => {
    const { _id } = await newSession({}, member);
    const patched = await member.client.patch(sessionPath(_id), { name: 'Renamed', scheduleOn: future(3600) });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Renamed', channels: [{ name: 'Floor' }] });
    const byOperator = await operator.client.patch(sessionPath(_id), { name: 'Operator' });
    expect(byOperator.status).toBe(200);
    const other = await server.quickUser();
    await server.ctx.db.insert(memberships).values({ organizationId: orgId, userId: other.id, role: ORGANIZATION_ROLE.MEMBER });
    const forbidden = await other.client.patch(sessionPath(_id), { name: 'Mine' });
    expect(forbidden.status).toBe(403);
    const replaced = await owner.client.put(sessionPath(_id), body({ name: 'Replaced', channels: [channel('Floor'), channel('Booth')] }));
    expect(replaced.status).toBe(200);
    expect(replaced.body.channels.map((c: { name: string }) => c.name)).toEqual(['Floor', 'Booth']);
    expect(replaced.body.scheduleOn).toBeNull();
  });

  it('keeps the stream key of a channel that stays', async () => {
    const created = await newSession();
    await owner.client.patch(sessionPath(created._id), { channels: [channel('Floor renamed'), channel('Booth')] });
    const after = await read(owner, created._id);
    expect(after.body.channels[0].streamKey).toBe(created.channels[0]!.streamKey);
    expect(after.body.channels[0].name).toBe('Floor renamed');
  });

  it('keeps a channel whose profile was deleted until its channels are given again', async () => {
    const [temporary] = await server.ctx.db
      .insert(transcriberProfiles)
      .values({ type: 'openai', languages: ['en'], name: 'Temporary', organizationId: orgId })
      .returning();
    const { _id } = await newSession({ channels: [channel('Floor', { transcriberProfileId: temporary!.id })] });
    await server.ctx.db.delete(transcriberProfiles).where(eq(transcriberProfiles.id, temporary!.id));
    const renamed = await owner.client.patch(sessionPath(_id), { name: 'Renamed anyway' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.channels[0]).toMatchObject({ name: 'Floor', transcriberProfileId: null, profileName: null });
    const fixed = await owner.client.patch(sessionPath(_id), { channels: [channel('Floor')] });
    expect(fixed.body.channels[0]).toMatchObject({ transcriberProfileId: profileId, profileName: 'Live' });
  });

  it("answers not found through another organization's path or to outsiders", async () => {
    const { _id } = await newSession();
    expect((await outsider.client.patch(sessionPath(_id, otherOrgId), { name: 'x' })).status).toBe(404);
    expect((await outsider.client.put(`${sessionPath(_id, otherOrgId)}/start`)).status).toBe(404);
    expect((await outsider.client.delete(sessionPath(_id, otherOrgId))).status).toBe(404);
    expect((await outsider.client.patch(sessionPath(_id), { name: 'x' })).status).toBe(404);
  });

  it('does not check again a planned time that stays', async () => {
    const { _id } = await newSession({ scheduleOn: future(2) });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const res = await owner.client.patch(sessionPath(_id), { name: 'Late edit' });
    expect(res.status).toBe(200);
    expect((await owner.client.patch(sessionPath(_id), { scheduleOn: new Date(Date.now() - 1000).toISOString() })).body.fields).toEqual({ scheduleOn: 'error.date_in_past' });
  });
});

describe('the status machine', () => {
  it('starts, becomes active with the first audio, refuses to stop while streaming unless forced', async () => {
    const { _id } = await newSession();
    const started = await owner.client.put(`${sessionPath(_id)}/start`);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'pending', usable: true });
    expect(started.body.startTime).not.toBeNull();
    expect((await owner.client.put(`${sessionPath(_id)}/start`)).body.status).toBe('pending');

    const active = await streaming(_id);
    expect(active.status).toBe('active');
    expect((await read(member, _id)).body.channels[0]).toMatchObject({ streamStatus: 'active', transcriberStatus: 'streaming' });

    const refused = await owner.client.delete(sessionPath(_id));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('session_streaming');
    const removeRefused = await owner.client.delete(sessionPath(_id), undefined, { query: { remove: 'true' } });
    expect(removeRefused.body.code).toBe('session_streaming');

    const stopped = await owner.client.delete(sessionPath(_id), undefined, { query: { force: 'true', name: 'Minutes' } });
    expect(stopped.status).toBe(204);
    const after = await read(owner, _id);
    expect(after.body).toMatchObject({ status: 'terminated', usable: false, savedConversationId: null });
    expect(after.body.endTime).not.toBeNull();
    expect(after.body.channels[0]).toMatchObject({ streamStatus: 'inactive', transcriberStatus: 'closed' });
    const [row] = await server.ctx.db.select().from(sessions).where(eq(sessions.id, _id));
    expect(row!.saveAs).toBe('Minutes');

    expect((await owner.client.delete(sessionPath(_id))).status).toBe(204);
    const restart = await owner.client.put(`${sessionPath(_id)}/start`);
    expect(restart.status).toBe(409);
    expect(restart.body.code).toBe('session_status');
    expect((await owner.client.patch(sessionPath(_id), { name: 'Too late' })).body.code).toBe('session_status');
    const statuses = notices.filter((n) => n.update.sessionId === _id && n.update.kind === 'status').map((n) => n.update.status);
    expect(statuses).toEqual(['pending', 'active', 'terminated']);
  });

  it('stops a session without streams at once, and removes it with remove=true', async () => {
    const { _id } = await newSession();
    await owner.client.put(`${sessionPath(_id)}/start`);
    expect((await owner.client.delete(sessionPath(_id), undefined, { query: { remove: 'true' } })).status).toBe(204);
    expect((await read(owner, _id)).status).toBe(404);
  });

  it('stops without force once the streams have ended; a stream’s start and end on an active session are told as changes', async () => {
    const { _id } = await newSession();
    await owner.client.put(`${sessionPath(_id)}/start`);
    await streaming(_id);
    const [first] = await server.ctx.db.select().from(sessionChannels).where(eq(sessionChannels.sessionId, _id));
    await audioEnded(server.ctx, first!, 'inactive');
    expect((await read(owner, _id)).body).toMatchObject({ status: 'active', channels: [{ streamStatus: 'inactive', transcriberStatus: 'idle' }] });
    await audioReached(server.ctx, first!);
    await audioEnded(server.ctx, first!, 'inactive');
    const changes = await eventually(
      async () => notices.filter((n) => n.update.sessionId === _id && n.update.kind === 'updated').map((n) => n.update.status),
      (list) => list.length === 3,
    );
    expect(changes).toEqual(['active', 'active', 'active']);
    expect((await owner.client.delete(sessionPath(_id))).status).toBe(204);
  });

  it('refuses audio for a session not started', async () => {
    const { _id } = await newSession();
    await expect(streaming(_id)).rejects.toMatchObject({ code: 'session_status' });
  });

  it('changes channels only before the start', async () => {
    const { _id } = await newSession();
    await owner.client.put(`${sessionPath(_id)}/start`);
    const res = await owner.client.patch(sessionPath(_id), { channels: [channel('Floor'), channel('Booth')] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('session_status');
    expect((await owner.client.patch(sessionPath(_id), { name: 'Still fine' })).status).toBe(200);
  });

  it('lets only those who operate a session start or stop it', async () => {
    const { _id } = await newSession();
    expect((await member.client.put(`${sessionPath(_id)}/start`)).status).toBe(403);
    expect((await member.client.delete(sessionPath(_id))).status).toBe(403);
    expect((await operator.client.put(`${sessionPath(_id)}/start`)).status).toBe(200);
  });
});

describe('scheduled starts and stops', () => {
  it('starts and stops a session at its planned times', async () => {
    const { _id } = await newSession({ scheduleOn: future(1.5), endOn: future(3.5), autoStart: true, autoEnd: true });
    const started = await eventually(
      async () => (await read(owner, _id)).body.status,
      (status) => status !== 'scheduled',
    );
    expect(started).toBe('pending');
    const ended = await eventually(
      async () => (await read(owner, _id)).body.status,
      (status) => status === 'terminated',
    );
    expect(ended).toBe('terminated');
  });

  it('follows a new time: the job planned for the former one does nothing', async () => {
    const { _id } = await newSession({ scheduleOn: future(1.5), autoStart: true });
    const later = future(3600);
    await owner.client.patch(sessionPath(_id), { scheduleOn: later });
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect((await read(owner, _id)).body).toMatchObject({ status: 'scheduled', scheduleOn: later, usable: false });
  });
});

describe('GET /sessions', () => {
  let listOrg: string;
  const ids: Record<string, string> = {};
  const listOf = (query: Record<string, string>) => owner.client.get(`${API}/sessions`, { query: { organizationId: listOrg, ...query } });
  const names = (res: { body: { sessions: Array<{ name: string }> } }) => res.body.sessions.map((s) => s.name).sort();

  beforeAll(async () => {
    listOrg = (await createOrganization(owner.client))._id;
    const profile = (
      await server.ctx.db
        .insert(transcriberProfiles)
        .values({ type: 'openai', languages: ['en'], name: 'List', organizationId: listOrg })
        .returning()
    )[0]!.id;
    const week = (days: number) => new Date(Date.UTC(2030, 0, 7 + days, 10)).toISOString();
    const make = async (name: string, values: Record<string, unknown> = {}) => {
      const res = await owner.client.post(`${API}/organizations/${listOrg}/sessions`, {
        name,
        channels: [{ name: 'A', transcriberProfileId: profile, languages: ['en'] }],
        ...values,
      });
      expect(res.status).toBe(201);
      ids[name] = res.body._id;
    };
    await make('monday', { scheduleOn: week(0) });
    await make('friday', { scheduleOn: week(4) });
    await make('next week', { scheduleOn: week(8) });
    await make('unplanned');
    await make('started');
    await make('ended');
    await owner.client.put(`${API}/organizations/${listOrg}/sessions/${ids.started}/start`);
    await owner.client.put(`${API}/organizations/${listOrg}/sessions/${ids.ended}/start`);
    await owner.client.delete(`${API}/organizations/${listOrg}/sessions/${ids.ended}`);
  });

  it('answers {sessions, totalItems} with the tabs: ongoing, scheduled, past, all', async () => {
    const all = await listOf({});
    expect(all.status).toBe(200);
    expect(all.body.totalItems).toBe(6);
    expect(names(await listOf({ statusList: 'active,pending' }))).toEqual(['started']);
    expect(names(await listOf({ statusList: 'scheduled' }))).toEqual(['friday', 'monday', 'next week', 'unplanned']);
    expect(names(await listOf({ statusList: 'terminated' }))).toEqual(['ended']);
    expect(names(await listOf({ status: 'ready' }))).toEqual(['friday', 'monday', 'next week', 'started', 'unplanned']);
    expect(names(await listOf({ statusList: 'active' }))).toEqual([]);
    expect(names(await listOf({ statusList: 'ready', status: 'ready' }))).toHaveLength(5);
  });

  it('selects a week with scheduleOn[after] and scheduleOn[before]', async () => {
    const res = await listOf({ 'scheduleOn[after]': '2030-01-07T00:00:00Z', 'scheduleOn[before]': '2030-01-14T00:00:00Z' });
    expect(names(res)).toEqual(['friday', 'monday']);
    expect(res.body.totalItems).toBe(2);
  });

  it('pages with limit and page or offset, up to 100', async () => {
    const first = await listOf({ limit: '2' });
    const second = await listOf({ limit: '2', page: '1' });
    const third = await listOf({ limit: '2', offset: '4' });
    const seen = [...first.body.sessions, ...second.body.sessions, ...third.body.sessions].map((s: { _id: string }) => s._id);
    expect(new Set(seen).size).toBe(6);
    expect(first.body.totalItems).toBe(6);
    expect((await listOf({ limit: '101' })).status).toBe(400);
    expect((await listOf({ statusList: 'finished' })).status).toBe(400);
  });

  it('answers at most 100 sessions by default', async () => {
    const bulkOrg = (await createOrganization(owner.client))._id;
    await server.ctx.db.insert(sessions).values(
      Array.from({ length: 101 }, (_, i) => ({
        organizationId: bulkOrg,
        ownerId: owner.id,
        name: `s${i}`,
        watermark: DEFAULT_WATERMARK,
      })),
    );
    const res = await owner.client.get(`${API}/sessions`, { query: { organizationId: bulkOrg } });
    expect(res.body.sessions).toHaveLength(100);
    expect(res.body.totalItems).toBe(101);
  });

  it('lists sessions without stream keys, and is not found for outsiders', async () => {
    const res = await listOf({});
    expect(JSON.stringify(res.body)).not.toContain('streamKey');
    expect((await outsider.client.get(`${API}/sessions`, { query: { organizationId: listOrg } })).status).toBe(404);
    expect((await owner.client.get(`${API}/sessions`)).status).toBe(400);
  });
});
