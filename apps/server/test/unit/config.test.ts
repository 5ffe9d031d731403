/** Configuration from the environment: defaults, and clear refusals at boot. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { AppError, parse } from '../../src/http/errors.ts';
import { zCreateUserFields } from '@palabre/shared';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.loginRateLimitPerMinute).toBe(10);
    expect(config.oidc).toBeUndefined();
    expect(config.smtp).toBeUndefined();
    // Forwarded client addresses are ignored unless a trusted proxy is declared.
    expect(config.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('reads the environment and ignores empty values', () => {
    const config = loadConfig({
      PORT: '9000',
      PALABRE_DATA_DIR: '/tmp/palabre-x',
      PUBLIC_URL: 'https://studio.example.org/',
      DATABASE_URL: 'postgresql://u:p@db/palabre',
      USER_CREATION_DISABLED: 'yes',
      SMTP_URL: '',
      OIDC_ISSUER: 'https://id.example.org',
      OIDC_CLIENT_ID: 'palabre',
      OIDC_ALLOW_INSECURE: 'false',
    });
    expect(config.port).toBe(9000);
    expect(config.dataDir).toBe('/tmp/palabre-x');
    expect(config.publicUrl).toBe('https://studio.example.org');
    expect(config.databaseUrl).toBe('postgresql://u:p@db/palabre');
    expect(config.userCreationDisabled).toBe(true);
    expect(config.smtp).toBeUndefined();
    expect(config.oidc).toMatchObject({ issuer: 'https://id.example.org', clientId: 'palabre', allowInsecure: false, scopes: 'openid email profile' });
  });

  it('downloads the base speech model from Hugging Face unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ defaultModel: 'base', modelsBaseUrl: 'https://huggingface.co' });
    expect(loadConfig({ PALABRE_DEFAULT_MODEL: 'none' }).defaultModel).toBeNull();
    expect(loadConfig({ PALABRE_DEFAULT_MODEL: 'small.en', PALABRE_MODELS_BASE_URL: 'https://mirror.example.org' })).toMatchObject({
      defaultModel: 'small.en',
      modelsBaseUrl: 'https://mirror.example.org',
    });
  });

  it('translates live captions with Apertium unless a translation server is configured', () => {
    expect(loadConfig({}).liveTranslator).toEqual({ backend: 'apertium' });
    // A server address alone does not change the backend.
    expect(loadConfig({ LIVE_TRANSLATOR_URL: 'http://lt.example.org' }).liveTranslator).toEqual({ backend: 'apertium' });
    expect(loadConfig({ LIVE_TRANSLATOR: 'libretranslate', LIVE_TRANSLATOR_URL: 'http://lt.example.org:5000' }).liveTranslator).toEqual({
      backend: 'libretranslate',
      url: 'http://lt.example.org:5000',
      apiKey: undefined,
    });
    expect(
      loadConfig({ LIVE_TRANSLATOR: 'openai', LIVE_TRANSLATOR_URL: 'http://127.0.0.1:11434/v1', LIVE_TRANSLATOR_MODEL: ' mistral ', LIVE_TRANSLATOR_API_KEY: 'sk-1' })
        .liveTranslator,
    ).toEqual({ backend: 'openai', url: 'http://127.0.0.1:11434/v1', model: 'mistral', apiKey: 'sk-1' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL'],
    [{ PALABRE_SECRET: 'short' }, 'PALABRE_SECRET'],
    [{ USER_CREATION_DISABLED: 'maybe' }, 'USER_CREATION_DISABLED'],
    [{ OIDC_ISSUER: 'https://id.example.org' }, 'OIDC_CLIENT_ID'],
    [{ PALABRE_DEFAULT_MODEL: 'silero-v6.2.0' }, 'PALABRE_DEFAULT_MODEL'],
    [{ PALABRE_DEFAULT_MODEL: 'huge' }, 'PALABRE_DEFAULT_MODEL'],
    [{ PALABRE_MODELS_BASE_URL: 'models.example.org' }, 'PALABRE_MODELS_BASE_URL'],
    [{ LIVE_TRANSLATOR: 'deepl' }, 'LIVE_TRANSLATOR'],
    [{ LIVE_TRANSLATOR: 'libretranslate' }, 'LIVE_TRANSLATOR_URL'],
    [{ LIVE_TRANSLATOR: 'openai', LIVE_TRANSLATOR_URL: 'http://127.0.0.1:11434/v1' }, 'LIVE_TRANSLATOR_MODEL'],
    [{ LIVE_TRANSLATOR: 'openai', LIVE_TRANSLATOR_URL: 'ftp://llm.example.org', LIVE_TRANSLATOR_MODEL: 'm' }, 'LIVE_TRANSLATOR_URL'],
    [{ LIVE_TRANSLATOR: 'libretranslate', LIVE_TRANSLATOR_URL: 'https://user:pass@lt.example.org' }, 'LIVE_TRANSLATOR_URL'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('storage configuration', () => {
  it('keeps files in the data folder unless an S3 bucket is chosen', () => {
    expect(loadConfig({ PALABRE_DATA_DIR: '/srv/palabre' }).storage).toEqual({ driver: 'local', localRoot: '/srv/palabre/storage', s3: undefined });
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'https://minio.example.org:9000',
      S3_BUCKET: 'palabre-media',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'very-secret',
      S3_PREFIX: '/studio-a',
    });
    expect(config.storage.driver).toBe('s3');
    expect(config.storage.s3).toEqual({
      endpoint: 'https://minio.example.org:9000',
      bucket: 'palabre-media',
      region: 'us-east-1',
      // An endpoint of one's own: the bucket goes in the path unless told otherwise.
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'very-secret' },
      prefix: 'studio-a/',
    });
    // AWS itself: no endpoint, virtual-hosted buckets, the SDK's own credentials.
    const aws = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'palabre-media', S3_REGION: 'eu-west-3' }).storage.s3;
    expect(aws).toMatchObject({ endpoint: undefined, region: 'eu-west-3', forcePathStyle: false, credentials: undefined, prefix: '' });
    // Configured but not chosen: the local folder stays the storage (the migration's destination).
    expect(loadConfig({ S3_BUCKET: 'palabre-media' }).storage.driver).toBe('local');
  });

  it('refuses incomplete or invalid S3 settings, naming the variable', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ STORAGE_DRIVER: 's3' })).toContain('S3_BUCKET: required when STORAGE_DRIVER is s3');
    expect(refusal({ STORAGE_DRIVER: 'minio' })).toContain('STORAGE_DRIVER');
    expect(refusal({ S3_BUCKET: 'bucket-1', S3_ACCESS_KEY_ID: 'AKIA' })).toContain('S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set');
    expect(refusal({ S3_BUCKET: 'bucket-1', S3_SECRET_ACCESS_KEY: 'x' })).toContain('S3_ACCESS_KEY_ID: required');
    expect(refusal({ S3_BUCKET: 'Not_A_Bucket' })).toContain('S3_BUCKET: must be a bucket name');
    expect(refusal({ S3_BUCKET: 'bucket-1', S3_ENDPOINT: 'ftp://host' })).toContain('S3_ENDPOINT');
    expect(refusal({ S3_BUCKET: 'bucket-1', S3_ENDPOINT: 'https://key:secret@host' })).toContain('S3_ENDPOINT: must not carry credentials');
    expect(refusal({ S3_BUCKET: 'bucket-1', S3_PREFIX: 'a/../b' })).toContain('S3_PREFIX');
    expect(refusal({ S3_BUCKET: 'bucket-1', S3_FORCE_PATH_STYLE: 'maybe' })).toContain('S3_FORCE_PATH_STYLE');
    // The secret itself is never part of a message.
    expect(refusal({ S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'very-secret' })).not.toContain('very-secret');
  });
});

describe('parse', () => {
  it('reports every invalid field with its error key', () => {
    try {
      parse(zCreateUserFields, { firstname: 'Ada', lastname: 'L', email: 'x', password: '1' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).code).toBe('validation_failed');
      expect((error as AppError).fields).toEqual({ email: 'error.invalid_email', password: 'error.passwordLength' });
    }
  });

  it('reports a missing field as invalid rather than hiding it', () => {
    expect(() => parse(zCreateUserFields, {})).toThrow(AppError);
  });
});
