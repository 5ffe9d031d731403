/** Configuration from the environment, validated at boot with clear messages (see .env.example). */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { COLLAB_LIMITS, MAX_AUDIO_FILE_BYTES } from '@palabre/shared';
import { DEFAULT_MODEL_HOST, MODEL_CATALOGUE } from '@palabre/engines';
import { parseCidr } from './net/addresses.ts';
import { normalizeBucketPrefix } from './storage/prefix.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Comma or space separated CIDR ranges. */
const cidrList = z
  .string()
  .default('')
  .transform((raw, ctx) => {
    const list = raw.split(/[\s,]+/).filter(Boolean);
    for (const cidr of list) {
      if (!parseCidr(cidr)) ctx.addIssue({ code: 'custom', message: `"${cidr}" is not a CIDR range (e.g. 10.0.0.0/8, fd00::/8)` });
    }
    return list;
  });

export interface PortRange {
  first: number;
  last: number;
}

/** `19350-19449`, or several ports and ranges separated by commas or spaces; `off` (or `none`) turns the ingest off. */
const portRanges = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw, ctx): PortRange[] | null => {
      const text = raw.trim().toLowerCase();
      if (text === 'off' || text === 'none' || text === 'false') return null;
      const ranges: PortRange[] = [];
      for (const part of text.split(/[\s,]+/).filter(Boolean)) {
        const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(part);
        const first = Number(match?.[1]);
        const last = match?.[2] === undefined ? first : Number(match[2]);
        if (!match || first < 1 || last > 65535 || last < first) {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not a port or a port range (e.g. 19350-19449), and the value is not off` });
        } else ranges.push({ first, last });
      }
      return ranges.length > 0 ? ranges : null;
    });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PALABRE_DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().url().optional(),
  LIVE_INGEST_HOST: z.string().min(1).optional(),
  LIVE_PUBLIC_HOST: z
    .string()
    .refine((host) => !/[\s/?#@]/.test(host) && (!host.includes(':') || net.isIPv6(host.replace(/^\[(.*)\]$/, '$1'))), {
      message: 'must be a host name or an IP address, without scheme, port or path',
    })
    .optional(),
  LIVE_RTMP_PORTS: portRanges('19350-19449'),
  LIVE_SRT_PORTS: portRanges('19450-19549'),
  LIVE_MAX_CHANNELS_PER_ORGANIZATION: z.coerce.number().int().min(0).default(20),
  LIVE_MAX_CHANNELS_PER_USER: z.coerce.number().int().min(0).default(10),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PALABRE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .max(7 * 24 * 3600)
    .default(3600),
  TRANSCRIPT_SNAPSHOT_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(300),
  COLLAB_MAX_DOCUMENT_BYTES: z.coerce.number().int().min(COLLAB_LIMITS.maxUpdateBytes).default(COLLAB_LIMITS.maxDocumentBytes),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  INVITATIONS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(50),
  INVITATIONS_PER_ORGANIZATION_PER_HOUR: z.coerce.number().int().min(1).default(200),
  ORGANIZATION_NAME_CHECKS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(30),
  LOGIN_RATE_LIMIT_PER_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  USER_CREATION_DISABLED: bool.default(false),
  INVITATIONS_DISABLED: bool.default(false),
  EXPERIMENTAL_HIGHLIGHT: bool.default(false),
  APP_NAME: z.string().min(1).max(60).default('Palabre'),
  APP_THEME: z.enum(['green', 'blue', 'violet']).default('green'),
  WEB_DIST_DIR: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().default('Palabre <no-reply@localhost>'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().default('Single sign-on'),
  OIDC_SCOPES: z.string().default('openid email profile'),
  OIDC_ALLOW_INSECURE: bool.default(false),
  TRUST_PROXY: bool.default(false),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1).max(MAX_AUDIO_FILE_BYTES).default(MAX_AUDIO_FILE_BYTES),
  OUTBOUND_ALLOWED_RANGES: cidrList,
  /** The former name of OUTBOUND_ALLOWED_RANGES, still read (both lists are merged). */
  MEDIA_IMPORT_ALLOWED_RANGES: cidrList,
  /** Webhook retries wait this many seconds times 1, 10, 60, 240 and 960 (docs/webhooks.md). */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /** Days a webhook delivery stays in the log. */
  WEBHOOK_LOG_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  MAX_MEDIA_DURATION_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600)
    .default(6 * 3600),
  QUICK_MEETING_ABANDON_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 365)
    .default(12),
  MEDIA_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  MEDIA_JOB_CONCURRENCY_PER_ORGANIZATION: z.coerce.number().int().min(1).max(256).optional(),
  MEDIA_IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  MEDIA_IMPORT_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(3600),
  MEDIA_IMPORT_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  MEDIA_IMPORTS_PER_USER: z.coerce.number().int().min(1).max(256).default(2),
  MEDIA_IMPORT_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(8192),
  MEDIA_IMPORT_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  EXPORTS_PER_USER: z.coerce.number().int().min(1).max(256).default(2),
  EXPORTS_PER_ORGANIZATION: z.coerce.number().int().min(1).max(256).default(6),
  BURNS_PER_USER: z.coerce.number().int().min(1).max(256).default(2),
  PALABRE_DEFAULT_MODEL: z
    .string()
    .default('base')
    .refine((name) => name === 'none' || MODEL_CATALOGUE.some((model) => model.kind === 'whisper' && model.name === name), {
      message: `must be none or a whisper model of the catalogue (${MODEL_CATALOGUE.filter((m) => m.kind === 'whisper')
        .map((m) => m.name)
        .join(', ')})`,
    }),
  PALABRE_MODELS_BASE_URL: z.string().url().default(DEFAULT_MODEL_HOST),
  PALABRE_BENCH_OPENAI_ENDPOINT: z.string().url().optional(),
  LIVE_TRANSLATOR: z.enum(['apertium', 'libretranslate', 'openai']).default('apertium'),
  LIVE_TRANSLATOR_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//i, 'must be an http:// or https:// URL')
    .refine((url) => !URL.canParse(url) || (!new URL(url).username && !new URL(url).password), 'must not carry credentials: put the key in LIVE_TRANSLATOR_API_KEY')
    .optional(),
  LIVE_TRANSLATOR_MODEL: z.string().max(200).optional(),
  LIVE_TRANSLATOR_API_KEY: z.string().max(4096).optional(),
  BOTS_MAX: z.coerce.number().int().min(0).max(64).default(2),
  BOT_CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  BOT_DISPLAY_NAME: z.string().trim().min(1).max(64).default('Palabre captions'),
  BOT_MEMORY_MB: z.coerce.number().int().min(64).default(1024),
  BOT_CPU_PERCENT: z.coerce.number().int().min(10).default(150),
  BOT_ALONE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(120),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z
    .string()
    .url()
    .regex(/^https?:\/\//i, 'must be an http:// or https:// URL')
    .refine((url) => !URL.canParse(url) || (!new URL(url).username && !new URL(url).password), 'must not carry credentials: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[a-z0-9/_.-]*$/i, 'must hold only letters, digits and / _ . -')
    .refine((prefix) => !prefix.split('/').includes('..') && !/\/\/./.test(prefix), 'must be folder names separated by single slashes')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PALABRE_CHECK_RESPONSES: bool.default(false),
});

export type Env = z.infer<typeof envSchema>;

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/** Where encoders are told to send: LIVE_PUBLIC_HOST, else PUBLIC_URL's host, else the bind address (localhost for a wildcard one). */
function liveIngest(env: Env): Config['liveIngest'] {
  const bindHost = env.LIVE_INGEST_HOST ?? env.HOST;
  const publicHost = env.LIVE_PUBLIC_HOST ?? (env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : WILDCARD_HOSTS.has(bindHost) ? 'localhost' : bindHost);
  return {
    bindHost,
    publicHost,
    rtmpPorts: env.LIVE_RTMP_PORTS,
    srtPorts: env.LIVE_SRT_PORTS,
    maxChannelsPerOrganization: env.LIVE_MAX_CHANNELS_PER_ORGANIZATION,
    maxChannelsPerUser: env.LIVE_MAX_CHANNELS_PER_USER,
  };
}

/** An S3-compatible bucket (storage/s3.ts; docs/storage.md). */
export interface S3Config {
  /** Unset: AWS S3 itself (from the region). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default credential chain (environment, shared files, instance or container role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Keys are stored under this prefix in the bucket ("" or "folder/"). */
  prefix: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  secret: string | undefined;
  accessTokenTtlSeconds: number;
  /** An automatic transcript snapshot is taken at the first edit this long after the previous one. */
  transcriptSnapshotIntervalSeconds: number;
  /** Largest encoded state of a collaborative document (a transcript, a subtitle version's screens). */
  collabMaxDocumentBytes: number;
  loginRateLimitPerMinute: number;
  /** Invitation mails one user, and one organization, may cause per hour. */
  invitationsPerUserPerHour: number;
  invitationsPerOrganizationPerHour: number;
  /** Organization creations and renames (each one tests whether a name is taken) per user per hour. */
  organizationNameChecksPerUserPerHour: number;
  loginRateLimitPerClientPerMinute: number;
  userCreationDisabled: boolean;
  /** Nobody may invite anyone into an organization (public config `invitationsDisabled`). */
  invitationsDisabled: boolean;
  /** The experimental highlights of a transcript (public config `features.experimentalHighlight`). */
  experimentalHighlight: boolean;
  appName: string;
  appTheme: 'green' | 'blue' | 'violet';
  webDistDir: string | undefined;
  smtp: { url: string; from: string } | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined; name: string; scopes: string; allowInsecure: boolean } | undefined;
  /**
   * The RTMP and SRT listeners of live sessions' channels (live/ingest/encoders.ts): the address they
   * bind, the host name shown in their addresses, and the ports each protocol takes one of per
   * listening channel (null: that protocol is off); and how many channels of started sessions one
   * organization, and the sessions one user owns, may hold at once (0: no cap), so that no account
   * takes every port.
   */
  liveIngest: {
    bindHost: string;
    publicHost: string;
    rtmpPorts: PortRange[] | null;
    srtPorts: PortRange[] | null;
    maxChannelsPerOrganization: number;
    maxChannelsPerUser: number;
  };
  /** Honour X-Forwarded-* headers (only behind a reverse proxy you control). */
  trustProxy: boolean;
  /** The bearer token GET /metrics asks for; without one, only loopback clients may read it. */
  metricsToken: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Check every answer against its endpoint's contract (the test suite; never in production). */
  checkResponses: boolean;
  /** Largest accepted media file (uploads and URL imports): 1 GB, lower only for tests. */
  maxUploadBytes: number;
  /** Longest media accepted by processing (probed duration, and the bound of every conversion). */
  maxMediaDurationSeconds: number;
  /**
   * A quick meeting that has received no audio this long after its start is abandoned: its owner's
   * next quick meeting in the organization replaces it (docs/meetings.md).
   */
  quickMeetingAbandonMs: number;
  /** CIDR ranges that outbound requests to user-supplied addresses may reach although they are private (administrator's choice). */
  outboundAllowedRanges: string[];
  /** Webhook deliveries: the unit of the retry schedule and how long the log keeps them. */
  webhooks: { retryBaseSeconds: number; logDays: number };
  /** The whisper model downloaded in the background at start when none is installed; null: never. */
  defaultModel: string | null;
  /** Host the model files are downloaded from (`<base>/<repository>/resolve/main/<file>`). */
  modelsBaseUrl: string;
  /** Total time allowed for one URL import download. */
  mediaImportTimeoutMs: number;
  /** A URL import fails when no byte arrives for this long. */
  mediaImportIdleTimeoutMs: number;
  /**
   * URL imports one user may have queued or running at once, across organizations: the import
   * workers are shared by everyone, and per-organization fairness does not stop one user who
   * belongs to several organizations from holding them all.
   */
  mediaImportsPerUser: number;
  /** A URL import fails when it receives less than this many bytes per second over a window (0: no floor). */
  mediaImportMinBytesPerSecond: number;
  mediaImportRateWindowMs: number;
  /**
   * CPU-heavy work the read right starts: exports rendered at once per user and per organization
   * (in this process), and burns queued or running per user; beyond, 429 too_many_requests.
   */
  heavyWork: { exportsPerUser: number; exportsPerOrganization: number; burnsPerUser: number };
  /** An OpenAI-compatible endpoint `palabre bench media rtf` also measures (its --openai-endpoint wins). */
  benchOpenAiEndpoint: string | undefined;
  /** What translates live captions: Apertium (offline, default), or a LibreTranslate or OpenAI-compatible server. */
  liveTranslator: LiveTranslatorConfig;
  /**
   * Jobs run at once by this process: per processing step queue (default: the CPU count, these
   * steps are CPU-bound), per URL-import queue (network-bound), video renditions (always one: they
   * only serve the player and burned-in exports, so they leave the CPU to transcriptions), and per
   * organization in each queue.
   */
  /**
   * Videoconference bots (bots/manager.ts): how many run at once on this server, the Chromium they
   * launch, the name they join under, the memory (MB, whole process tree) and processor (% of a
   * core averaged over a minute) a bot may use, and how long one stays alone in a call.
   */
  bots: { max: number; chromiumPath: string; displayName: string; memoryMb: number; cpuPercent: number; aloneSeconds: number };
  jobConcurrency: { mediaSteps: number; urlImports: number; videoRenditions: number; sessionSchedule: number; webhooks: number; perOrganization: number };
  /**
   * Where media files are kept: the local folder (<dataDir>/storage) or an S3 bucket. Both may be
   * configured at once (`palabre storage migrate` moves the objects from one to the other).
   */
  storage: { driver: 'local' | 's3'; localRoot: string; s3: S3Config | undefined };
}

export type LiveTranslatorConfig =
  { backend: 'apertium' } | { backend: 'libretranslate'; url: string; apiKey: string | undefined } | { backend: 'openai'; url: string; model: string; apiKey: string | undefined };

export class ConfigError extends Error {}

function liveTranslator(env: Env): LiveTranslatorConfig {
  const backend = env.LIVE_TRANSLATOR;
  if (backend === 'apertium') return { backend };
  const missing = [...(env.LIVE_TRANSLATOR_URL ? [] : ['LIVE_TRANSLATOR_URL']), ...(backend === 'openai' && !env.LIVE_TRANSLATOR_MODEL?.trim() ? ['LIVE_TRANSLATOR_MODEL'] : [])];
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: required when LIVE_TRANSLATOR is ${backend}`).join('\n')}\nSee .env.example.`);
  }
  const url = env.LIVE_TRANSLATOR_URL!;
  const apiKey = env.LIVE_TRANSLATOR_API_KEY;
  return backend === 'openai' ? { backend, url, model: env.LIVE_TRANSLATOR_MODEL!.trim(), apiKey } : { backend, url, apiKey };
}

function storage(env: Env, dataDir: string): Config['storage'] {
  const problems = [
    ...(env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET ? ['S3_BUCKET: required when STORAGE_DRIVER is s3'] : []),
    ...(env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY ? ['S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set'] : []),
    ...(env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID ? ['S3_ACCESS_KEY_ID: required when S3_SECRET_ACCESS_KEY is set'] : []),
  ];
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}\nSee .env.example.`);
  const s3: S3Config | undefined = env.S3_BUCKET
    ? {
        endpoint: env.S3_ENDPOINT,
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        // Self-hosted servers (an endpoint) mostly want the bucket in the path; AWS in the host name.
        forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
        credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
        prefix: normalizeBucketPrefix(env.S3_PREFIX),
      }
    : undefined;
  return { driver: env.STORAGE_DRIVER, localRoot: path.join(dataDir, 'storage'), s3 };
}

function jobConcurrency(env: Env): Config['jobConcurrency'] {
  const mediaSteps = env.MEDIA_JOB_CONCURRENCY ?? Math.max(1, os.availableParallelism());
  // Half the workers per organization by default: another organization always finds one free.
  const perOrganization = env.MEDIA_JOB_CONCURRENCY_PER_ORGANIZATION ?? Math.max(1, Math.floor(mediaSteps / 2));
  return { mediaSteps, urlImports: env.MEDIA_IMPORT_CONCURRENCY, videoRenditions: 1, sessionSchedule: 1, webhooks: 2, perOrganization };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example.`);
  }
  const env = parsed.data;
  if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
    throw new ConfigError('Invalid configuration:\n  OIDC_CLIENT_ID: required when OIDC_ISSUER is set\nSee .env.example.');
  }
  const dataDir = path.resolve(env.PALABRE_DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL,
    secret: env.PALABRE_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    transcriptSnapshotIntervalSeconds: env.TRANSCRIPT_SNAPSHOT_INTERVAL_SECONDS,
    collabMaxDocumentBytes: env.COLLAB_MAX_DOCUMENT_BYTES,
    loginRateLimitPerMinute: env.LOGIN_RATE_LIMIT_PER_MINUTE,
    invitationsPerUserPerHour: env.INVITATIONS_PER_USER_PER_HOUR,
    invitationsPerOrganizationPerHour: env.INVITATIONS_PER_ORGANIZATION_PER_HOUR,
    organizationNameChecksPerUserPerHour: env.ORGANIZATION_NAME_CHECKS_PER_USER_PER_HOUR,
    loginRateLimitPerClientPerMinute: env.LOGIN_RATE_LIMIT_PER_CLIENT_PER_MINUTE,
    userCreationDisabled: env.USER_CREATION_DISABLED,
    invitationsDisabled: env.INVITATIONS_DISABLED,
    experimentalHighlight: env.EXPERIMENTAL_HIGHLIGHT,
    appName: env.APP_NAME,
    appTheme: env.APP_THEME,
    webDistDir: env.WEB_DIST_DIR,
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.SMTP_FROM } : undefined,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            name: env.OIDC_NAME,
            scopes: env.OIDC_SCOPES,
            allowInsecure: env.OIDC_ALLOW_INSECURE,
          }
        : undefined,
    liveIngest: liveIngest(env),
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    logLevel: env.LOG_LEVEL,
    checkResponses: env.PALABRE_CHECK_RESPONSES,
    maxUploadBytes: env.MAX_UPLOAD_BYTES,
    maxMediaDurationSeconds: env.MAX_MEDIA_DURATION_SECONDS,
    quickMeetingAbandonMs: env.QUICK_MEETING_ABANDON_HOURS * 3600 * 1000,
    outboundAllowedRanges: [...new Set([...env.OUTBOUND_ALLOWED_RANGES, ...env.MEDIA_IMPORT_ALLOWED_RANGES])],
    webhooks: { retryBaseSeconds: env.WEBHOOK_RETRY_BASE_SECONDS, logDays: env.WEBHOOK_LOG_DAYS },
    defaultModel: env.PALABRE_DEFAULT_MODEL === 'none' ? null : env.PALABRE_DEFAULT_MODEL,
    modelsBaseUrl: env.PALABRE_MODELS_BASE_URL,
    mediaImportTimeoutMs: env.MEDIA_IMPORT_TIMEOUT_SECONDS * 1000,
    mediaImportIdleTimeoutMs: env.MEDIA_IMPORT_IDLE_TIMEOUT_SECONDS * 1000,
    mediaImportsPerUser: env.MEDIA_IMPORTS_PER_USER,
    mediaImportMinBytesPerSecond: env.MEDIA_IMPORT_MIN_BYTES_PER_SECOND,
    mediaImportRateWindowMs: env.MEDIA_IMPORT_RATE_WINDOW_SECONDS * 1000,
    heavyWork: { exportsPerUser: env.EXPORTS_PER_USER, exportsPerOrganization: env.EXPORTS_PER_ORGANIZATION, burnsPerUser: env.BURNS_PER_USER },
    benchOpenAiEndpoint: env.PALABRE_BENCH_OPENAI_ENDPOINT,
    jobConcurrency: jobConcurrency(env),
    storage: storage(env, dataDir),
    liveTranslator: liveTranslator(env),
    bots: {
      max: env.BOTS_MAX,
      chromiumPath: env.BOT_CHROMIUM_PATH,
      displayName: env.BOT_DISPLAY_NAME,
      memoryMb: env.BOT_MEMORY_MB,
      cpuPercent: env.BOT_CPU_PERCENT,
      aloneSeconds: env.BOT_ALONE_SECONDS,
    },
  };
}
