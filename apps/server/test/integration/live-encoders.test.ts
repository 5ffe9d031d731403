/**
 * The RTMP and SRT listeners against real ffmpeg encoders on loopback: a channel's encoder is let in
 * with its key only, its audio reaches the gate's sink as 16 kHz PCM, the next encoder is let in once
 * it has gone, and stopping (release, or the sink closing) disconnects it and frees the port. The gate
 * is a small one of the test's: no database.
 */
import { spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE_AUDIO, type IngestKind } from '@palabre/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/context.ts';
import { AppError } from '../../src/http/errors.ts';
import { createEncoderListeners } from '../../src/live/ingest/encoders.ts';
import type { AudioSink, EncoderListeners, IngestGate } from '../../src/live/ingest/gate.ts';
import { portIsFree, type Transport } from '../../src/live/ingest/ports.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const JFK = path.join(ROOT, '../shared/fixtures/audio/jfk-en.wav');
/** jfk-en.wav lasts 11.0 s. */
const JFK_SECONDS = 11;
const BYTES_PER_SECOND = LIVE_AUDIO.sampleRate * LIVE_AUDIO.bytesPerSample;

const KEY = 'k'.repeat(20) + 'Abc-123_xyz' + 'q'.repeat(12);
const OTHER_KEY = 'w'.repeat(43);
const HOST = '127.0.0.1';

/** Ports of this test file's own, away from other test files' (a taken port is skipped anyway). */
const base = 30000 + (process.pid % 500) * 20;
const RTMP_PORTS = { first: base, last: base + 4 };
const SRT_PORTS = { first: base + 10, last: base + 14 };

class TestSink extends EventEmitter implements AudioSink {
  readonly sessionId = 'session';
  readonly channelIndex = 0;
  readonly chunks: Buffer[] = [];
  ended: 'finished' | 'failed' | null = null;
  private writes = 0;
  readonly kind: IngestKind;
  readonly endedPromise: Promise<'finished' | 'failed'>;
  private resolveEnd!: (reason: 'finished' | 'failed') => void;
  readonly firstBytes: Promise<void>;
  private resolveFirst!: () => void;

  constructor(kind: IngestKind) {
    super();
    this.kind = kind;
    this.endedPromise = new Promise((resolve) => (this.resolveEnd = resolve));
    this.firstBytes = new Promise((resolve) => (this.resolveFirst = resolve));
  }

  get bytes(): number {
    return this.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  }

  write(pcm: Buffer): boolean {
    this.chunks.push(pcm);
    this.resolveFirst();
    // Lags now and then: the listener must wait for 'drain' and lose nothing.
    if (++this.writes % 5 !== 0) return true;
    setTimeout(() => this.emit('drain'), 50);
    return false;
  }

  end(reason: 'finished' | 'failed'): Promise<void> {
    this.ended = reason;
    this.resolveEnd(reason);
    return Promise.resolve();
  }
}

/** The gate of the test: one channel, whose key is KEY; `refuse` makes it answer like a busy channel. */
class TestGate implements IngestGate {
  readonly sinks: TestSink[] = [];
  readonly refused: IngestKind[] = [];
  refuse: IngestKind | null = null;
  private waiting: ((sink: TestSink) => void)[] = [];

  open(streamKey: string, kind: IngestKind): Promise<AudioSink> {
    if (streamKey !== KEY) return Promise.reject(new AppError('not_found', 'Channel not found'));
    if (this.refuse === kind) {
      this.refused.push(kind);
      return Promise.reject(new AppError('conflict', 'This channel already receives a stream'));
    }
    const sink = new TestSink(kind);
    this.sinks.push(sink);
    for (const waiter of this.waiting.splice(0)) waiter(sink);
    return Promise.resolve(sink);
  }

  nextSink(): Promise<TestSink> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

function testLog() {
  const lines: string[] = [];
  const record = (obj: object | string, msg?: string) => void lines.push(JSON.stringify([obj, msg], (_key, value: unknown) => (value instanceof Error ? value.message : value)));
  const log: Logger = { info: record, warn: record, error: record };
  return { log, lines };
}

/** Whether something listens on this loopback port (read from the kernel's tables: probing would race with ffmpeg's bind). */
function bound(transport: Transport, port: number): boolean {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const rows = fs.readFileSync(`/proc/net/${transport}`, 'utf8').split('\n').slice(1);
  return rows.some((row) => {
    const [, local, , state] = row.trim().split(/\s+/);
    return local?.endsWith(hex) && (transport === 'udp' || state === '0A');
  });
}

/** The command lines of this process's ffmpeg children, as any local user reads them in /proc. */
function ffmpegCommandLines(): string[] {
  const lines: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // The parent's pid is the 4th field, after the command name in parentheses.
      const parent = Number(
        fs
          .readFileSync(`/proc/${pid}/stat`, 'utf8')
          .replace(/^.*\) /s, '')
          .split(' ')[1],
      );
      if (parent !== process.pid) continue;
      const line = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (line.includes('ffmpeg')) lines.push(line);
    } catch {
      // The process is gone meanwhile.
    }
  }
  return lines;
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const portOf = (address: string | null) => Number(/:(\d+)[/?]/.exec(address ?? '')?.[1]);

/** An encoder: ffmpeg sending the fixture in real time (its first `seconds`), AAC in FLV (RTMP) or MPEG-TS (SRT). */
function encoder(kind: 'rtmp' | 'srt', address: string, seconds?: number): { done: Promise<number | null>; kill: () => void } {
  const limit = seconds ? ['-t', String(seconds)] : [];
  const format = kind === 'rtmp' ? 'flv' : 'mpegts';
  const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-re', ...limit, '-i', JFK, '-c:a', 'aac', '-f', format, address], {
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const done = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { done, kill: () => child.kill('SIGKILL') };
}

let listeners: EncoderListeners | undefined;
afterEach(async () => {
  await listeners?.close();
  listeners = undefined;
});

function setup(options: { rtmp?: boolean; srt?: boolean; bindHost?: string; ffmpegPath?: string } = {}) {
  const gate = new TestGate();
  const { log, lines } = testLog();
  listeners = createEncoderListeners(
    {
      liveIngest: {
        bindHost: options.bindHost ?? HOST,
        publicHost: HOST,
        rtmpPorts: options.rtmp === false ? null : [RTMP_PORTS],
        srtPorts: options.srt === false ? null : [SRT_PORTS],
      },
    },
    gate,
    log,
    options.ffmpegPath ? { ffmpegPath: options.ffmpegPath } : {},
  );
  return { gate, lines, listeners };
}

describe.each([
  { kind: 'rtmp' as const, transport: 'tcp' as const, wrong: (address: string) => address.replace(KEY, OTHER_KEY) },
  { kind: 'srt' as const, transport: 'udp' as const, wrong: (address: string) => address.replace(KEY, OTHER_KEY) },
])('$kind encoders', ({ kind, transport, wrong }) => {
  it('take the channel key only, deliver 16 kHz PCM, then let the next encoder in', async () => {
    const { gate, lines, listeners } = setup();
    await listeners.listen(KEY);
    const address = listeners.addresses(KEY)[kind]!;
    expect(address).toContain(KEY);
    const port = portOf(address);
    await until(() => bound(transport, port), 'the listener is up');
    // The key is not on the listeners' command lines (both protocols listen).
    await until(() => ffmpegCommandLines().length === 2, 'both listeners are running');
    for (const line of ffmpegCommandLines()) expect(line).not.toContain(KEY);

    // Another channel's key: not let in, nothing reaches the gate.
    const intruder = encoder(kind, wrong(address), 3);
    const intruderCode = await intruder.done;
    expect(intruderCode).not.toBe(0);
    expect(gate.sinks).toHaveLength(0);

    await until(() => bound(transport, port), 'the listener is up again');
    const first = gate.nextSink();
    const pushed = encoder(kind, address);
    const sink = await first;
    expect(sink.kind).toBe(kind);
    expect(await sink.endedPromise).toBe('finished');
    expect(await pushed.done).toBe(0);
    // About 11 s of 16 kHz mono 16-bit audio (an SRT caller drops what is still in flight when it closes).
    expect(sink.bytes).toBeGreaterThan((JFK_SECONDS - (kind === 'srt' ? 1.5 : 0.5)) * BYTES_PER_SECOND);
    expect(sink.bytes).toBeLessThan((JFK_SECONDS + 0.5) * BYTES_PER_SECOND);
    expect(sink.bytes % 2).toBe(0);
    const samples = new Int16Array(Buffer.concat(sink.chunks).buffer.slice(0, sink.bytes));
    expect(Math.max(...samples.subarray(0, 5 * LIVE_AUDIO.sampleRate).map(Math.abs))).toBeGreaterThan(1000);

    // The next encoder, once the first has gone.
    await until(() => bound(transport, port), 'the listener is up after the first encoder');
    const second = gate.nextSink();
    const again = encoder(kind, address, 2);
    const secondSink = await second;
    expect(await secondSink.endedPromise).toBe('finished');
    await again.done;
    expect(secondSink.bytes).toBeGreaterThan(1 * BYTES_PER_SECOND);
    expect(listeners.addresses(KEY)[kind]).toBe(address);

    // Stream keys never reach the log.
    expect(lines.join('\n')).not.toContain(KEY);
    expect(lines.join('\n')).not.toContain(OTHER_KEY);
  });

  it('disconnects the encoder and stops listening when the sink closes', async () => {
    const { gate, listeners } = setup();
    await listeners.listen(KEY);
    const address = listeners.addresses(KEY)[kind]!;
    const port = portOf(address);
    await until(() => bound(transport, port), 'the listener is up');
    const opened = gate.nextSink();
    const pushed = encoder(kind, address);
    const sink = await opened;
    await sink.firstBytes;
    // One encoder at a time: a second one finds nobody listening while the first streams.
    expect(await encoder(kind, address, 2).done).not.toBe(0);
    expect(gate.sinks).toHaveLength(1);
    const closed = Date.now();
    sink.emit('close');
    await pushed.done;
    // Cut off well before the 11 s of the file.
    expect(Date.now() - closed).toBeLessThan(5_000);
    await until(() => listeners.addresses(KEY)[kind] === null, 'the channel stopped listening');
    await until(() => !bound(transport, port), 'the port is given back');
    expect(await portIsFree(transport, HOST, port)).toBe(true);
    // The session stopped the stream: the encoder's leaving does not end it again.
    expect(sink.ended).toBeNull();
  });

  it('disconnects an encoder whose channel already receives another stream', async () => {
    const { gate, listeners } = setup();
    gate.refuse = kind;
    await listeners.listen(KEY);
    const address = listeners.addresses(KEY)[kind]!;
    const port = portOf(address);
    await until(() => bound(transport, port), 'the listener is up');
    const started = Date.now();
    const pushed = encoder(kind, address);
    await pushed.done;
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(gate.refused).toEqual([kind]);
    expect(gate.sinks).toHaveLength(0);
    // Still listening for the channel's next encoder.
    await until(() => bound(transport, port), 'the listener is up again');
    expect(listeners.addresses(KEY)[kind]).toBe(address);
  });
});

describe('encoder listeners', () => {
  it('keep the audio of an encoder that also sends video, as OBS does', async () => {
    const { gate, listeners } = setup({ srt: false });
    await listeners.listen(KEY);
    const address = listeners.addresses(KEY).rtmp!;
    await until(() => bound('tcp', portOf(address)), 'the listener is up');
    const opened = gate.nextSink();
    const child = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25', '-re', '-t', '3', '-i', JFK],
        ...['-map', '0:v', '-map', '1:a', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-c:a', 'aac', '-f', 'flv', address],
      ],
      { stdio: 'ignore' },
    );
    const pushed = new Promise((resolve) => child.once('close', resolve));
    const sink = await opened;
    expect(await sink.endedPromise).toBe('finished');
    expect(await pushed).toBe(0);
    expect(sink.bytes).toBeGreaterThan(2 * BYTES_PER_SECOND);
    expect(sink.bytes).toBeLessThan(3.5 * BYTES_PER_SECOND);
  });

  it('release kills the listeners and frees their ports; off protocols have no address', async () => {
    const { listeners } = setup({ srt: false });
    await listeners.listen(KEY);
    await listeners.listen(KEY);
    const { rtmp, srt } = listeners.addresses(KEY);
    expect(rtmp).toMatch(new RegExp(`^rtmp://127\\.0\\.0\\.1:\\d+/live/${KEY}$`));
    expect(srt).toBeNull();
    const port = portOf(rtmp);
    expect(port).toBeGreaterThanOrEqual(RTMP_PORTS.first);
    expect(port).toBeLessThanOrEqual(RTMP_PORTS.last);
    await until(() => bound('tcp', port), 'the listener is up');
    await listeners.release(KEY);
    expect(listeners.addresses(KEY)).toEqual({ rtmp: null, srt: null });
    expect(bound('tcp', port)).toBe(false);
    expect(await portIsFree('tcp', HOST, port)).toBe(true);
    // Listening again (the session's next start), the channel finds its address again.
    await listeners.listen(KEY);
    expect(listeners.addresses(KEY).rtmp).toBe(rtmp);
  });

  it('gives each channel its own port, skips a taken one, and listens for no more channels than ports', async () => {
    const { listeners } = setup({ srt: false });
    // Another program holds the first port of the range.
    const net = await import('node:net');
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen({ host: HOST, port: RTMP_PORTS.first }, resolve));
    try {
      const keys = Array.from({ length: 5 }, (_, index) => `${String(index).repeat(10)}${'x'.repeat(33)}`);
      for (const key of keys) await listeners.listen(key);
      const ports = keys.map((key) => portOf(listeners.addresses(key).rtmp));
      expect(ports.slice(0, 4).sort((a, b) => a - b)).toEqual([1, 2, 3, 4].map((offset) => RTMP_PORTS.first + offset));
      // Five ports, one taken: the fifth channel has none.
      expect(listeners.addresses(keys[4]!).rtmp).toBeNull();
      // A released channel's port goes to the next channel that listens.
      await listeners.release(keys[0]!);
      await listeners.listen(keys[4]!);
      expect(portOf(listeners.addresses(keys[4]!).rtmp)).toBe(ports[0]);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('says why ffmpeg cannot listen, without the key', async () => {
    // An address of no interface of this machine.
    const { lines, listeners } = setup({ srt: false, bindHost: '192.0.2.1' });
    await listeners.listen(KEY);
    await until(() => lines.some((line) => line.includes('keeps failing')), 'the warning');
    const warning = lines.find((line) => line.includes('keeps failing'))!;
    expect(warning).toContain('Cannot assign requested address');
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('say when ffmpeg is missing, and show no address', async () => {
    const { lines, listeners } = setup({ ffmpegPath: '/nonexistent/ffmpeg' });
    await listeners.listen(KEY);
    await until(() => lines.filter((line) => line.includes('ffmpeg is not installed')).length === 2, 'the errors');
    await until(() => listeners.addresses(KEY).rtmp === null && listeners.addresses(KEY).srt === null, 'no address');
  });

  it('never outlive the server, even one killed abruptly', async () => {
    const port = RTMP_PORTS.last + 1;
    const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/test/harness/encoders-child.ts'), KEY, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await once(server.stdout!, 'data')) as [Buffer];
    expect(line.toString()).toContain(`:${port}/live/`);
    await until(() => bound('tcp', port), 'the listener is up');
    server.kill('SIGKILL');
    await until(() => !bound('tcp', port), 'the listener died with the server', 5_000);
  });
});
