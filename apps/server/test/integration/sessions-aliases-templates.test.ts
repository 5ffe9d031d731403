/**
 * Session aliases (unique per organization, resolved for whoever may see the session) and session
 * templates (saved, applied at creation, deleted), with their rights.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WATERMARK, ORGANIZATION_ROLE, zAlias, zTemplateList } from '@palabre/shared';
import { memberships, sessionTemplates, transcriberProfiles } from '../../src/db/schema.ts';
import { createCast } from '../harness/cast.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

const API = '/cm-api/api';
let server: TestServer;
let owner: TestUser;
let maintainer: TestUser;
let member: TestUser;
let outsider: TestUser;
let orgId: string;
let otherOrgId: string;
let profileId: string;

const channel = (name = 'Floor') => ({ name, transcriberProfileId: profileId, languages: ['en'] });
async function newSession(values: Record<string, unknown> = {}, user = owner) {
  const res = await user.client.post(`${API}/organizations/${orgId}/sessions`, { name: 'Session', channels: [channel()], ...values });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string; alias: string | null };
}
const aliases = `/cm-api/api/organizations/:org/sessions/alias`;
const aliasPath = (name = '', organizationId = orgId) => `${aliases.replace(':org', organizationId)}${name ? `/${encodeURIComponent(name)}` : ''}`;
const templatesPath = (organizationId = orgId) => `${API}/organizations/${organizationId}/templates`;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, reader: member, outsider, orgId } = await createCast(server));
  maintainer = await server.quickUser();
  await server.ctx.db.insert(memberships).values({ organizationId: orgId, userId: maintainer.id, role: ORGANIZATION_ROLE.MAINTAINER });
  otherOrgId = (await createOrganization(outsider.client))._id;
  profileId = (
    await server.ctx.db
      .insert(transcriberProfiles)
      .values({ type: 'openai', languages: ['en', 'fr'], translations: ['de'], name: 'Live', organizationId: orgId })
      .returning()
  )[0]!.id;
});
afterAll(() => server?.close());

describe('session aliases', () => {
  it('names a session; the name is unique in the organization without case', async () => {
    const { _id } = await newSession();
    const created = await owner.client.post(aliasPath(), { name: 'plenary', sessionId: _id });
    expect(created.status).toBe(201);
    expect(zAlias.parse(created.body)).toMatchObject({ name: 'plenary', sessionId: _id, organizationId: orgId });
    expect((await owner.client.get(`${API}/sessions/${_id}`)).body.alias).toBe('plenary');

    const other = await newSession();
    const duplicate = await owner.client.post(aliasPath(), { name: 'Plenary', sessionId: other._id });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'session_alias_exists', fields: { name: 'error.name_exists' } });
    const atCreation = await owner.client.post(`${API}/organizations/${orgId}/sessions`, { name: 'Again', channels: [channel()], alias: 'PLENARY' });
    expect(atCreation.status).toBe(409);
    expect(atCreation.body.code).toBe('session_alias_exists');
  });

  it('gives a session its alias at creation', async () => {
    const session = await newSession({ alias: 'at-creation' });
    expect(session.alias).toBe('at-creation');
  });

  it('answers the session an alias names to whoever may see the session', async () => {
    const internal = await newSession({ alias: 'internal-one' });
    expect((await member.client.get(aliasPath('INTERNAL-ONE'))).body).toEqual({ sessionId: internal._id, organizationId: orgId });
    expect((await outsider.client.get(aliasPath('internal-one'))).status).toBe(404);
    expect((await server.client().get(aliasPath('internal-one'))).status).toBe(404);

    const open = await newSession({ alias: 'open-one', visibility: 'public', anonymousAccess: true });
    expect((await server.client().get(aliasPath('open-one'))).body.sessionId).toBe(open._id);
    expect((await server.client().get(aliasPath('open-one', otherOrgId))).status).toBe(404);
    expect((await server.client().get(aliasPath('nothing-here'))).status).toBe(404);
  });

  it('renames an alias and points it at another session', async () => {
    const first = await newSession({ alias: 'moving' });
    const second = await newSession();
    const renamed = await owner.client.put(aliasPath('moving'), { name: 'moved' });
    expect(renamed.body).toMatchObject({ name: 'moved', sessionId: first._id });
    const repointed = await owner.client.put(aliasPath('moved'), { sessionId: second._id });
    expect(repointed.body).toMatchObject({ name: 'moved', sessionId: second._id });
    await newSession({ alias: 'taken' });
    const clash = await owner.client.put(aliasPath('moved'), { name: 'TAKEN' });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('session_alias_exists');
    expect((await owner.client.put(aliasPath('moved'), { name: 'MOVED' })).body.name).toBe('MOVED');
  });

  it('deletes an alias', async () => {
    await newSession({ alias: 'short-lived' });
    expect((await owner.client.delete(aliasPath('short-lived'))).status).toBe(204);
    expect((await owner.client.get(aliasPath('short-lived'))).status).toBe(404);
  });

  it('lets only those who operate the session manage its aliases', async () => {
    const { _id } = await newSession();
    await newSession({ alias: 'guarded' });
    const byMember = await member.client.post(aliasPath(), { name: 'mine', sessionId: _id });
    expect(byMember.status).toBe(403);
    expect((await member.client.delete(aliasPath('guarded'))).status).toBe(403);
    expect((await outsider.client.delete(aliasPath('guarded'))).status).toBe(404);
    expect((await outsider.client.post(aliasPath('', otherOrgId), { name: 'stolen', sessionId: _id })).status).toBe(404);
    expect((await maintainer.client.post(aliasPath(), { name: 'by-maintainer', sessionId: _id })).status).toBe(201);
    const ownSession = await newSession({}, member);
    expect((await member.client.post(aliasPath(), { name: 'members-own', sessionId: ownSession._id })).status).toBe(201);
  });

  it('refuses names that are not aliases', async () => {
    const { _id } = await newSession();
    for (const name of ['', 'with space', '-dash-first', 'a/b', 'x'.repeat(65)]) {
      const res = await owner.client.post(aliasPath(), { name, sessionId: _id });
      expect(res.status, name).toBe(400);
    }
    expect((await owner.client.post(aliasPath(), { name: 'slash', sessionId: _id })).status).toBe(201);
  });
});

describe('session templates', () => {
  it('saves settings, lists them as {sessionTemplates, totalItems}, and applies them at creation', async () => {
    const saved = await member.client.post(templatesPath(), {
      name: 'Bilingual council',
      channels: [channel('Floor'), { ...channel('Interpreter'), languages: ['fr'], translations: ['de'] }],
      visibility: 'public',
      anonymousAccess: true,
      metadata: [{ key: 'room', value: 'B12' }],
      watermark: { text: 'Council', pinned: true },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      name: 'Bilingual council',
      owner: member.id,
      settings: { visibility: 'public', watermark: { text: 'Council', pinned: true, frequency: 600 } },
    });

    const listed = await member.client.get(templatesPath());
    expect(listed.status).toBe(200);
    const { sessionTemplates: templates, totalItems } = zTemplateList.parse(listed.body);
    expect(totalItems).toBe(templates.length);
    expect(templates.map((t) => t.name)).toContain('Bilingual council');

    const applied = await owner.client.post(`${API}/organizations/${orgId}/sessions`, { name: 'From template', templateId: saved.body._id, keepAudio: false });
    expect(applied.status).toBe(201);
    expect(applied.body).toMatchObject({
      templateId: saved.body._id,
      visibility: 'public',
      anonymousAccess: true,
      keepAudio: false,
      metadata: [{ key: 'room', value: 'B12' }],
      watermark: { text: 'Council', pinned: true },
    });
    expect(applied.body.channels.map((c: { name: string; translations: string[] }) => [c.name, c.translations])).toEqual([
      ['Floor', []],
      ['Interpreter', ['de']],
    ]);
    const overridden = await owner.client.post(`${API}/organizations/${orgId}/sessions`, { name: 'Own channels', templateId: saved.body._id, channels: [channel('Only')] });
    expect(overridden.body.channels.map((c: { name: string }) => c.name)).toEqual(['Only']);
  });

  it('refuses a template of another organization, and invalid settings', async () => {
    const foreign = await outsider.client.post(templatesPath(otherOrgId), { name: 'Theirs', channels: [{ name: 'A', transcriberProfileId: profileId, languages: ['en'] }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ 'channels.0.transcriberProfileId': 'error.invalid' });
    const [theirs] = await server.ctx.db
      .insert(sessionTemplates)
      .values({
        organizationId: otherOrgId,
        name: 'Theirs',
        settings: {
          channels: [],
          visibility: 'internal',
          anonymousAccess: false,
          diarization: false,
          keepAudio: true,
          liveTranscription: true,
          autoStart: false,
          autoEnd: false,
          metadata: [],
          watermark: DEFAULT_WATERMARK,
        },
      })
      .returning();
    const applied = await owner.client.post(`${API}/organizations/${orgId}/sessions`, { name: 'x', templateId: theirs!.id });
    expect(applied.status).toBe(400);
    expect(applied.body.fields).toEqual({ templateId: 'error.invalid' });
    expect((await owner.client.post(templatesPath(), { name: 'No channel', channels: [] })).body.fields).toEqual({ channels: 'error.channel_required' });
    expect((await outsider.client.get(templatesPath())).status).toBe(404);
    expect((await owner.client.get(templatesPath(), { query: { limit: '101' } })).status).toBe(400);
  });

  it('deletes a template: its author or the maintainers', async () => {
    const make = async (user: TestUser) => (await user.client.post(templatesPath(), { name: 'Temp', channels: [channel()] })).body._id as string;
    const byOwner = await make(owner);
    expect((await member.client.delete(`${templatesPath()}/${byOwner}`)).status).toBe(403);
    expect((await outsider.client.delete(`${templatesPath(otherOrgId)}/${byOwner}`)).status).toBe(404);
    expect((await maintainer.client.delete(`${templatesPath()}/${byOwner}`)).status).toBe(204);
    const byMember = await make(member);
    expect((await member.client.delete(`${templatesPath()}/${byMember}`)).status).toBe(204);
    expect((await member.client.delete(`${templatesPath()}/${byMember}`)).status).toBe(404);
  });

  it('pages the list with limit, page and offset', async () => {
    const pageOrg = (await createOrganization(owner.client))._id;
    const profile = (
      await server.ctx.db
        .insert(transcriberProfiles)
        .values({ type: 'openai', languages: ['en'], name: 'P', organizationId: pageOrg })
        .returning()
    )[0]!.id;
    for (const name of ['one', 'two', 'three']) {
      await owner.client.post(templatesPath(pageOrg), { name, channels: [{ name: 'A', transcriberProfileId: profile, languages: ['en'] }] });
    }
    const first = await owner.client.get(templatesPath(pageOrg), { query: { limit: '2' } });
    const second = await owner.client.get(templatesPath(pageOrg), { query: { limit: '2', page: '1' } });
    expect(first.body.totalItems).toBe(3);
    expect([...first.body.sessionTemplates, ...second.body.sessionTemplates].map((t: { name: string }) => t.name).sort()).toEqual(['one', 'three', 'two']);
    expect((await owner.client.get(templatesPath(pageOrg), { query: { offset: '2' } })).body.sessionTemplates).toHaveLength(1);
  });
});

describe('deleting the organization', () => {
  it('removes its sessions, their channels and aliases, and its templates', async () => {
    const boss = await server.quickUser();
    const doomed = (await createOrganization(boss.client))._id;
    const profile = (
      await server.ctx.db
        .insert(transcriberProfiles)
        .values({ type: 'openai', languages: ['en'], name: 'P', organizationId: doomed })
        .returning()
    )[0]!.id;
    const channels = [{ name: 'A', transcriberProfileId: profile, languages: ['en'] }];
    const template = (await boss.client.post(templatesPath(doomed), { name: 'T', channels })).body._id as string;
    const session = await boss.client.post(`${API}/organizations/${doomed}/sessions`, { name: 'S', templateId: template, alias: 'gone' });
    expect(session.status).toBe(201);
    expect((await boss.client.delete(`${API}/organizations/${doomed}`)).status).toBe(204);
    expect((await boss.client.get(`${API}/sessions/${session.body._id}`)).status).toBe(404);
    expect(await server.ctx.db.select().from(sessionTemplates).where(eq(sessionTemplates.organizationId, doomed))).toEqual([]);
  });
});
