/**
 * A stream whose engine is still starting: the check for sessions stopped elsewhere runs meanwhile
 * without harm, a second stream of the channel is refused, and a stop that comes before the engine
 * is ready refuses the stream once it is (nothing is left running).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, type Cast } from '../harness/cast.ts';
import { ingest, liveProfile, newLiveSession, recordingSaves, ScriptedEngine, startLive, stopLive, upperCasePool, type IngestClient } from '../harness/live.ts';
import { startTestServer, type TestServer } from '../harness/server.ts';

let server: TestServer;
let cast: Cast;
let profileId: string;
const engine = new ScriptedEngine();
/** The engine is handed out when the test says so. */
let engineReady: () => void = () => undefined;
const clients: IngestClient[] = [];

beforeAll(async () => {
  server = await startTestServer({
    start: {
      jobs: recordingSaves([]),
      live: {
        engines: () => new Promise((resolve) => (engineReady = () => resolve(engine))),
        translators: upperCasePool(),
        stoppedCheckMs: 20,
      },
    },
  });
  cast = await createCast(server);
  profileId = await liveProfile(server, cast.orgId);
});
afterAll(async () => {
  for (const client of clients) client.socket.close();
  await server?.close();
});

function connect(streamKey: string): IngestClient {
  const client = ingest(server.url, { type: 'hello', streamKey });
  clients.push(client);
  return client;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a stream whose engine is starting', () => {
  it('survives the stopped-session checks, refuses a second stream, and opens once the engine is ready', async () => {
    const session = await newLiveSession(cast.owner, cast.orgId, profileId, { keepAudio: false }, [{ name: 'Floor' }]);
    await startLive(cast.owner, cast.orgId, session.id);
    const first = connect(session.channels[0]!.streamKey);
    // Several checks run while the engine starts.
    await pause(200);
    const second = connect(session.channels[0]!.streamKey);
    expect(await second.reply).toMatchObject({ type: 'error', code: 'conflict' });
    engineReady();
    expect(await first.reply).toMatchObject({ type: 'ready', sessionId: session.id });
    expect((await fetch(`${server.url}/healthcheck`)).status).toBe(200);
    expect((await stopLive(cast.owner, cast.orgId, session.id, { force: 'true' })).status).toBe(204);
  });

  it('refuses the stream of a session stopped before its engine was ready', async () => {
    const session = await newLiveSession(cast.owner, cast.orgId, profileId, { keepAudio: false }, [{ name: 'Floor' }]);
    await startLive(cast.owner, cast.orgId, session.id);
    const client = connect(session.channels[0]!.streamKey);
    await pause(100);
    expect((await stopLive(cast.owner, cast.orgId, session.id, { force: 'true' })).status).toBe(204);
    engineReady();
    expect(await client.reply).toMatchObject({ type: 'error', code: 'session_status' });
    expect((await fetch(`${server.url}/healthcheck`)).status).toBe(200);
  });
});
