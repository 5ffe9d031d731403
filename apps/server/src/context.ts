/** The application context handed to every service: configuration, database, mail, storage, tokens. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import type { EncoderListeners } from './live/ingest/gate.ts';
import type { Database, DatabaseHandle, DatabaseKind } from './db/client.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import type { Storage } from './storage/storage.ts';
import { createStorage } from './storage/drivers.ts';
import { TokenService } from './auth/tokens.ts';
import type { JobQueue } from './jobs/queue.ts';
import { silentEvents, type EventBus } from './realtime/events.ts';
import type { HostContext } from './collab/host.ts';
import { DocumentRegistry, type RegistryContext } from './collab/registry.ts';
import type { TranscriptDocuments } from './collab/types.ts';
import { SubtitleDocuments } from './subtitles/documents.ts';
import type { LiveSessions } from './live/types.ts';
import type { BotManager } from './bots/manager.ts';
import { Metrics } from './metrics/metrics.ts';
import type { FirstRunSetup } from './users/first-run.ts';

export interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

export interface AppContext {
  config: Config;
  db: Database;
  dbKind: DatabaseKind;
  mailer: Mailer;
  storage: Storage;
  tokens: TokenService;
  log: Logger;
  /** Background jobs (pg-boss; set by startServer). */
  jobs: JobQueue;
  /** The RTMP and SRT listeners of live channels, in the process that runs them (set by startServer). */
  encoders?: EncoderListeners | undefined;
  /** "This changed" notices pushed to socket rooms. */
  events: EventBus;
  /** The transcript documents: the one way anything changes a transcript (collab/types.ts). */
  documents: TranscriptDocuments;
  /** The screen documents of subtitle versions: the one way anything changes their screens. */
  subtitles: SubtitleDocuments;
  /** The live streams of this process (live/service.ts; set by startServer). */
  live: LiveSessions;
  /** The videoconference bots of this process (bots/manager.ts; set by startServer when it listens). */
  bots?: BotManager | undefined;
  /** This process's metrics (metrics/metrics.ts), served by GET /metrics. */
  metrics: Metrics;
  /** The one-time setup token while no account exists (users/first-run.ts; set by startServer when it serves the API). */
  firstRun?: FirstRunSetup | undefined;
}

/** Until startServer installs the real queue, sending a job is a programming error. */
const noQueue: JobQueue = {
  send: (name) => Promise.reject(new Error(`the job queue is not started (job ${name})`)),
};

/** Without a live service (workers, commands) no stream connects here: a session's start and stop touch none. */
const noLiveStreams: LiveSessions = {
  sessionStarted: async () => undefined,
  endSession: async () => undefined,
  channelTime: () => undefined,
};

/** The signing secret: PALABRE_SECRET, else one generated once and kept in the data folder. */
export function resolveSecret(config: Config): string {
  if (config.secret) return config.secret;
  const file = path.join(config.dataDir, 'secret.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** The transcript documents of a process, timed and bounded by the configuration. */
export function createDocuments(config: Config, ctx: RegistryContext): DocumentRegistry {
  return new DocumentRegistry(ctx, { snapshotIntervalMs: config.transcriptSnapshotIntervalSeconds * 1000, maxDocumentBytes: config.collabMaxDocumentBytes });
}

/** The subtitle screen documents of a process, bounded by the configuration. */
export function createSubtitleDocuments(config: Config, ctx: HostContext): SubtitleDocuments {
  return new SubtitleDocuments(ctx, { maxDocumentBytes: config.collabMaxDocumentBytes });
}

export function createContext(config: Config, handle: DatabaseHandle, log: Logger): AppContext {
  const secret = resolveSecret(config);
  return {
    config,
    db: handle.db,
    dbKind: handle.kind,
    mailer: createMailer(config, log),
    storage: createStorage(config),
    tokens: new TokenService(handle.db, secret, config.accessTokenTtlSeconds),
    log,
    jobs: noQueue,
    events: silentEvents,
    // Without a socket server (workers, commands) documents still change, store and project.
    documents: createDocuments(config, { db: handle.db, log }),
    subtitles: createSubtitleDocuments(config, { db: handle.db, log }),
    live: noLiveStreams,
    metrics: new Metrics(),
  };
}
