/** The encoder listeners' configuration, and the addresses operators are shown for a channel. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { RTMP, SRT } from '../../src/live/ingest/encoder-protocols.ts';
import type { EncoderListeners } from '../../src/live/ingest/gate.ts';
import { PortPool } from '../../src/live/ingest/ports.ts';
import { channelEndpoints, ingestWebSocketUrl } from '../../src/sessions/presenter.ts';

const KEY = 'A'.repeat(43);

describe('live ingest configuration', () => {
  it('listens with both protocols by default, on the server host, shown as the public address', () => {
    expect(loadConfig({}).liveIngest).toEqual({
      bindHost: '0.0.0.0',
      publicHost: 'localhost',
      rtmpPorts: [{ first: 19350, last: 19449 }],
      srtPorts: [{ first: 19450, last: 19549 }],
      maxChannelsPerOrganization: 20,
      maxChannelsPerUser: 10,
    });
    expect(loadConfig({ HOST: '10.1.2.3' }).liveIngest).toMatchObject({ bindHost: '10.1.2.3', publicHost: '10.1.2.3' });
    expect(loadConfig({ PUBLIC_URL: 'https://studio.example.org/palabre' }).liveIngest.publicHost).toBe('studio.example.org');
  });

  it('reads the bind address, the public host and the port ranges; off turns a protocol off', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://studio.example.org',
      LIVE_INGEST_HOST: '192.168.1.10',
      LIVE_PUBLIC_HOST: 'ingest.example.org',
      LIVE_RTMP_PORTS: '1935, 20000-20009',
      LIVE_SRT_PORTS: 'off',
      LIVE_MAX_CHANNELS_PER_ORGANIZATION: '40',
      LIVE_MAX_CHANNELS_PER_USER: '0',
    });
    expect(config.liveIngest).toEqual({
      bindHost: '192.168.1.10',
      publicHost: 'ingest.example.org',
      rtmpPorts: [
        { first: 1935, last: 1935 },
        { first: 20000, last: 20009 },
      ],
      srtPorts: null,
      maxChannelsPerOrganization: 40,
      maxChannelsPerUser: 0,
    });
    expect(loadConfig({ LIVE_PUBLIC_HOST: '2001:db8::1' }).liveIngest.publicHost).toBe('2001:db8::1');
  });

  it.each([
    [{ LIVE_RTMP_PORTS: '20000-19000' }, 'LIVE_RTMP_PORTS'],
    [{ LIVE_SRT_PORTS: '70000' }, 'LIVE_SRT_PORTS'],
    [{ LIVE_SRT_PORTS: 'many' }, 'LIVE_SRT_PORTS'],
    [{ LIVE_PUBLIC_HOST: 'rtmp://ingest.example.org' }, 'LIVE_PUBLIC_HOST'],
    [{ LIVE_PUBLIC_HOST: 'ingest.example.org:1935' }, 'LIVE_PUBLIC_HOST'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('ingest addresses', () => {
  it('puts the key where each protocol carries it', () => {
    expect(RTMP.address('ingest.example.org', 19350, KEY)).toBe(`rtmp://ingest.example.org:19350/live/${KEY}`);
    expect(SRT.address('ingest.example.org', 19450, KEY)).toBe(`srt://ingest.example.org:19450?mode=caller&passphrase=${KEY}`);
    expect(SRT.address('2001:db8::1', 19450, KEY)).toBe(`srt://[2001:db8::1]:19450?mode=caller&passphrase=${KEY}`);
    expect(RTMP.input('::', 19350, KEY).script).toContain(`file 'rtmp://[::]:19350/live/${KEY}'`);
    expect(SRT.input('::', 19450, KEY).script).toContain(`file 'srt://[::]:19450?mode=listener&passphrase=${KEY}&`);
  });

  it('gives the ingest WebSocket on the public address, ws or wss', () => {
    expect(ingestWebSocketUrl({ publicUrl: 'http://localhost:8080' })).toBe('ws://localhost:8080/cm-api/live/ingest');
    expect(ingestWebSocketUrl({ publicUrl: 'https://studio.example.org/palabre' })).toBe('wss://studio.example.org/palabre/cm-api/live/ingest');
  });

  it('shows RTMP and SRT only while the listeners have them', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://studio.example.org' });
    expect(channelEndpoints({ config }, KEY)).toEqual({ rtmp: null, srt: null, websocket: 'wss://studio.example.org/cm-api/live/ingest' });
    const encoders: EncoderListeners = {
      listen: async () => undefined,
      release: async () => undefined,
      close: async () => undefined,
      addresses: (key) => ({ rtmp: `rtmp://studio.example.org:19350/live/${key}`, srt: null }),
    };
    expect(channelEndpoints({ config, encoders }, KEY)).toEqual({
      rtmp: `rtmp://studio.example.org:19350/live/${KEY}`,
      srt: null,
      websocket: 'wss://studio.example.org/cm-api/live/ingest',
    });
  });
});

describe('PortPool', () => {
  it('hands out free ports from the preferred one on, skips taken ones, and takes released ones back', async () => {
    const taken = new Set([101]);
    const pool = new PortPool(
      [
        { first: 100, last: 102 },
        { first: 200, last: 200 },
      ],
      async (port) => !taken.has(port),
    );
    expect(pool.size).toBe(4);
    const ports = await Promise.all([pool.acquire(), pool.acquire(), pool.acquire()]);
    expect(ports.sort()).toEqual([100, 102, 200]);
    expect(await pool.acquire()).toBeNull();
    pool.release(102);
    expect(await pool.acquire({ skip: new Set([102]) })).toBeNull();
    expect(await pool.acquire()).toBe(102);
    pool.release(100);
    pool.release(200);
    // The fourth port (200) first, then around to the first (100).
    expect(await pool.acquire({ preference: 3 })).toBe(200);
    expect(await pool.acquire({ preference: 7 })).toBe(100);
  });
});
