/**
 * The caps on listening channels: each channel of a started session holds an encoder port (here
 * RTMP only, four ports for the whole server). One user's sessions may hold two channels at once and
 * one organization's three: a start past either cap is refused with `live_channel_limit_reached`,
 * and another organization still finds a port for its own session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, type Cast } from '../harness/cast.ts';
import { liveProfile, newLiveSession, startLive, stopLive } from '../harness/live.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

const API = '/cm-api/api';
/** Ports of this test file's own, away from other test files' (a taken port is skipped anyway). */
const base = 40000 + (process.pid % 500) * 10;

let server: TestServer;
let cast: Cast;
let profileId: string;

beforeAll(async () => {
  server = await startTestServer({
    env: { LIVE_RTMP_PORTS: `${base}-${base + 3}`, LIVE_SRT_PORTS: 'off', LIVE_MAX_CHANNELS_PER_ORGANIZATION: '3', LIVE_MAX_CHANNELS_PER_USER: '2' },
  });
  cast = await createCast(server);
  profileId = await liveProfile(server, cast.orgId);
});
afterAll(async () => {
  await server?.close();
});

const start = (user: Pick<TestUser, 'client'>, organizationId: string, sessionId: string) => user.client.put(`${API}/organizations/${organizationId}/sessions/${sessionId}/start`);
const channels = (count: number) => Array.from({ length: count }, (_, index) => ({ name: `Channel ${index + 1}` }));

describe('listening channels', () => {
  it('are capped per user and per organization, leaving ports for other organizations', async () => {
    const first = await newLiveSession(cast.owner, cast.orgId, profileId, {}, channels(2));
    await startLive(cast.owner, cast.orgId, first.id);

    // The owner's sessions hold two channels: a third is refused, and the session stays scheduled.
    const second = await newLiveSession(cast.owner, cast.orgId, profileId, {}, channels(1));
    const refused = await start(cast.owner, cast.orgId, second.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('live_channel_limit_reached');
    expect((await cast.owner.client.get(`${API}/sessions/${second.id}`)).body.status).toBe('scheduled');

    // Another member: two more channels would take the organization past three; one fits.
    const large = await newLiveSession(cast.writer, cast.orgId, profileId, {}, channels(2));
    expect((await start(cast.writer, cast.orgId, large.id)).body.code).toBe('live_channel_limit_reached');
    const small = await newLiveSession(cast.writer, cast.orgId, profileId, {}, channels(1));
    expect((await start(cast.writer, cast.orgId, small.id)).status).toBe(200);

    // Another organization's session still gets the last port.
    const otherOrg = (await createOrganization(cast.outsider.client))._id;
    const otherProfile = await liveProfile(server, otherOrg);
    const theirs = await newLiveSession(cast.outsider, otherOrg, otherProfile, {}, channels(1));
    const started = await start(cast.outsider, otherOrg, theirs.id);
    expect(started.status).toBe(200);
    expect(started.body.channels[0].endpoints.rtmp).toMatch(/^rtmp:\/\//);

    // A stopped session gives its channels back.
    expect((await stopLive(cast.owner, cast.orgId, first.id, { force: 'true' })).status).toBe(204);
    const after = await start(cast.owner, cast.orgId, second.id);
    expect(after.status).toBe(200);
    expect(after.body.channels[0].endpoints.rtmp).toMatch(/^rtmp:\/\//);
  });
});
