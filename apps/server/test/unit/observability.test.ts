/** Request ids, who may read the metrics, live caption latency's clock, and readiness checks. */
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { ReadinessProbe, lastMigrationOf, type ReadinessParts } from '../../src/health/readiness.ts';
import { requestIdOf, safeRequestId } from '../../src/http/request-id.ts';
import { AudioArrivals } from '../../src/live/arrivals.ts';
import { loggerOptions } from '../../src/logging.ts';
import { checkMetricsAccess, isLoopback, tokenMatches } from '../../src/metrics/access.ts';
import { runWithContext } from '../../src/request-context.ts';

describe('request ids', () => {
  it('keeps short ids of safe characters', () => {
    for (const id of ['abc', 'A-b_c.9', 'x'.repeat(64), '0c5f1e2a-94c4-4c09-8f5e-0f3b8e0c9d11']) expect(safeRequestId(id)).toBe(id);
  });

  it('refuses empty, long, unsafe or repeated ids', () => {
    for (const id of ['', 'x'.repeat(65), 'has space', 'a/b', 'quote"', 'line\nbreak', 'é', '<script>', undefined, ['a', 'b'], 42]) {
      expect(safeRequestId(id)).toBeNull();
    }
  });

  it('generates an id when the incoming one is not safe', () => {
    expect(requestIdOf({ headers: { 'x-request-id': 'given-1' } })).toBe('given-1');
    const made = requestIdOf({ headers: { 'x-request-id': 'not safe' } });
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf({ headers: {} })).not.toBe(made);
  });
});

describe('log lines', () => {
  function capture() {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    return { logger: pino(loggerOptions('info'), stream), lines };
  }

  it('carry the request or the job they are written for, once', async () => {
    const { logger, lines } = capture();
    logger.info('outside');
    runWithContext({ reqId: 'r-1' }, () => logger.info('in a request'));
    await runWithContext({ jobId: 'j-1', jobName: 'media.finalize' }, async () => {
      await Promise.resolve();
      logger.info('in a job');
    });
    // A request logger (Fastify binds reqId) does not get it twice.
    runWithContext({ reqId: 'r-2' }, () => logger.child({ reqId: 'r-2' }).info('request logger'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).not.toHaveProperty('reqId');
    expect(lines[1]).toMatchObject({ reqId: 'r-1', msg: 'in a request' });
    expect(lines[2]).toMatchObject({ jobId: 'j-1', jobName: 'media.finalize' });
    expect(lines[3]).toMatchObject({ reqId: 'r-2' });
  });
});

describe('metrics access', () => {
  const request = (ip: string, remote: string, authorization?: string, ips?: string[]) =>
    ({ ip, ips, socket: { remoteAddress: remote }, headers: authorization ? { authorization } : {} }) as never;

  it('knows loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', 'fe80::1', '', undefined]) expect(isLoopback(address)).toBe(false);
  });

  it('compares tokens whatever their length', () => {
    expect(tokenMatches('a-token-of-some-length', 'a-token-of-some-length')).toBe(true);
    expect(tokenMatches('a-token', 'a-token-of-some-length')).toBe(false);
  });

  it('without a token, serves only a loopback client that no proxy reports as another', () => {
    expect(() => checkMetricsAccess(request('127.0.0.1', '127.0.0.1'), undefined)).not.toThrow();
    // A reverse proxy on this machine reporting a visitor's address.
    expect(() => checkMetricsAccess(request('203.0.113.9', '127.0.0.1'), undefined)).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(() => checkMetricsAccess(request('203.0.113.9', '203.0.113.9'), undefined)).toThrow(expect.objectContaining({ code: 'forbidden' }));
    // A visitor claiming loopback in its own X-Forwarded-For, which the proxy appended to.
    expect(() => checkMetricsAccess(request('127.0.0.1', '127.0.0.1', undefined, ['127.0.0.1', '127.0.0.1', '203.0.113.9']), undefined)).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    );
  });

  it('with a token, asks everyone for it', () => {
    const token = 'metrics-token-0123456789';
    expect(() => checkMetricsAccess(request('203.0.113.9', '203.0.113.9', `Bearer ${token}`), token)).not.toThrow();
    expect(() => checkMetricsAccess(request('127.0.0.1', '127.0.0.1'), token)).toThrow(expect.objectContaining({ code: 'unauthorized' }));
    expect(() => checkMetricsAccess(request('127.0.0.1', '127.0.0.1', `Bearer ${token}-`), token)).toThrow(expect.objectContaining({ code: 'unauthorized' }));
    expect(() => checkMetricsAccess(request('127.0.0.1', '127.0.0.1', token), token)).toThrow(expect.objectContaining({ code: 'unauthorized' }));
  });
});

describe('audio arrivals', () => {
  it('answers when the audio of a moment arrived', () => {
    const arrivals = new AudioArrivals();
    arrivals.note(0.5, 1000);
    arrivals.note(1.0, 1500);
    arrivals.note(1.5, 2000);
    expect(arrivals.arrivalOf(0.2)).toBe(1000);
    expect(arrivals.arrivalOf(1.0)).toBe(1500);
    expect(arrivals.arrivalOf(1.2)).toBe(2000);
    // Audio not received yet.
    expect(arrivals.arrivalOf(1.6)).toBeNull();
  });

  it('forgets old writes, and says so', () => {
    const arrivals = new AudioArrivals(4);
    for (let n = 1; n <= 9; n++) arrivals.note(n, n * 100);
    expect(arrivals.arrivalOf(1)).toBeNull();
    expect(arrivals.arrivalOf(9)).toBe(900);
    expect(arrivals.arrivalOf(6.5)).toBe(700);
  });
});

describe('readiness', () => {
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  function parts(overrides: Partial<ReadinessParts> & { applied?: number } = {}): ReadinessParts {
    const applied = overrides.applied ?? 100;
    return {
      db: { executeSql: async (text: string) => ({ rows: text.includes('__drizzle_migrations') ? [{ last: String(applied) }] : [{ '?column?': 1 }] }) },
      storage: { check: async () => undefined },
      log: quiet,
      lastMigration: 100,
      ...overrides,
    };
  }

  it('is ready when every check passes', async () => {
    expect(await new ReadinessProbe(parts({ jobs: { ready: true } })).check()).toEqual({
      status: 'ready',
      checks: { accepting: 'ok', database: 'ok', migrations: 'ok', storage: 'ok', jobs: 'ok' },
    });
  });

  it('names what fails', async () => {
    const failing = await new ReadinessProbe(parts({ applied: 99, jobs: { ready: false }, storage: { check: () => Promise.reject(new Error('EACCES /secret/path')) } })).check();
    expect(failing).toEqual({ status: 'unavailable', checks: { accepting: 'ok', database: 'ok', migrations: 'failing', storage: 'failing', jobs: 'failing' } });
    expect(JSON.stringify(failing)).not.toContain('secret');
    const noDatabase = await new ReadinessProbe(parts({ db: { executeSql: () => Promise.reject(new Error('connection refused')) } })).check();
    expect(noDatabase.checks).toMatchObject({ database: 'failing', migrations: 'failing' });
  });

  it('turns unavailable as soon as the process stops', async () => {
    const probe = new ReadinessProbe(parts());
    expect((await probe.check()).status).toBe('ready');
    probe.stop();
    expect(await probe.check()).toMatchObject({ status: 'unavailable', checks: { accepting: 'failing' } });
  });

  it('trusts a storage check that passed for a while, and checks again at once after one that failed', async () => {
    vi.useFakeTimers();
    try {
      let checks = 0;
      let usable = true;
      const probe = new ReadinessProbe(
        parts({
          storage: {
            check: async () => {
              checks++;
              if (!usable) throw new Error('no such bucket');
            },
          },
        }),
      );
      expect((await probe.check()).checks.storage).toBe('ok');
      usable = false;
      vi.advanceTimersByTime(5_000);
      expect((await probe.check()).checks.storage).toBe('ok');
      expect(checks).toBe(1);
      vi.advanceTimersByTime(15_000);
      expect((await probe.check()).checks.storage).toBe('failing');
      usable = true;
      vi.advanceTimersByTime(1_000);
      expect((await probe.check()).checks.storage).toBe('ok');
      expect(checks).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the newest migration of the code', () => {
    expect(lastMigrationOf()).toBeGreaterThan(1_700_000_000_000);
  });
});
