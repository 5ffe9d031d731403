/** Errors as logged: what helps an operator stays, bound values never appear. */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createLogger, serializeError } from '../../src/logging.ts';

describe('serializeError', () => {
  it('drops the parameters drizzle writes into its message and keeps the driver error as cause', () => {
    const driver = Object.assign(new Error('new row for relation "users" violates check constraint "c"'), {
      code: '23514',
      constraint: 'c',
      detail: 'Failing row contains (id, ada@example.org, $argon2id$secret-hash).',
      params: ['ada@example.org', '$argon2id$secret-hash'],
    });
    const wrapped = new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', ['ada@example.org', '$argon2id$secret-hash'], driver);
    const logged = JSON.stringify(serializeError(wrapped));
    expect(logged).not.toContain('secret-hash');
    expect(logged).not.toContain('ada@example.org');
    expect(logged).toContain('insert into \\"users\\"');
    expect(serializeError(wrapped)).toMatchObject({ cause: { code: '23514', constraint: 'c' } });
  });

  it('drops the parameters and query options of a PGlite error', () => {
    const error = Object.assign(new Error('invalid byte sequence'), { query: 'update x set key = $1', params: ['sk-live-key'], queryOptions: { paramTypes: [] } });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('update x set key = $1');
    expect(logged).not.toContain('sk-live-key');
  });
});

describe('logger', () => {
  it('never writes the S3 secret key, even when a whole configuration is logged', () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (line: string) => void lines.push(line) });
    const config = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'palabre-media', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-secret' });
    log.info({ config }, 'configuration');
    log.info({ storage: config.storage.s3 }, 'storage');
    log.info({ env: { S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-secret' } }, 'environment');
    expect(lines).toHaveLength(3);
    expect(lines.join('')).not.toContain('wJalrXUtnFEMI-secret');
    expect(lines.join('')).toContain('AKIAEXAMPLE');
  });
});
