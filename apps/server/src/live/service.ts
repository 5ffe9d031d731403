/**
 * The live service of this process (docs/live.md): every ingest opens a channel's stream through it
 * (it is the `IngestGate`), it runs each connected channel's transcription (channel-run.ts), and it
 * ends a session's streams when the session stops. A channel takes one stream at a time, on one node:
 * the node that opens it holds the channel's lease (lease.ts) until the stream ends.
 */
import path from 'node:path';
import type { IngestKind } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { AppError, notFound } from '../http/errors.ts';
import { createEngine } from '../pipeline/engines.ts';
import { sessionsRepo, type ChannelRow } from '../sessions/repo.ts';
import { audioEnded, audioReached } from '../sessions/service.ts';
import { profileFetch } from '../transcriber-profiles/endpoint.ts';
import { transcriberProfilesRepo } from '../transcriber-profiles/repo.ts';
import { captionsRepo } from './repo.ts';
import { ChannelRun, type EngineFactory } from './channel-run.ts';
import type { AudioSink, EncoderListeners, IngestGate } from './ingest/gate.ts';
import type { LiveSessions, TranslatorPool } from './types.ts';
import { StreamLeases, type LeaseTiming } from './lease.ts';

export interface LiveServiceOptions {
  translators: TranslatorPool;
  /** The engines channels transcribe with (default: their transcriber profile's, see pipeline/engines.ts). */
  engines?: EngineFactory;
  /** The RTMP and SRT listeners, when this process runs them. */
  encoders?: EncoderListeners | undefined;
  /** Delays between tries of a failed engine (default ENGINE_RETRY_DELAYS_MS). */
  retryDelaysMs?: readonly number[];
  /** How often sessions are checked for a stop made elsewhere (default STOPPED_CHECK_MS; tests shorten it). */
  stoppedCheckMs?: number;
  /** This node's id, in the leases of the streams it decodes. */
  nodeId: string;
  /**
   * This node runs the live ingest: it renews its leases and listens for the encoders of sessions
   * started on other nodes.
   */
  ingests: boolean;
  /** This node marks the streams of expired leases as lost (live and worker nodes: a lone live node's death is seen too). */
  sweepsLeases: boolean;
  lease?: Partial<LeaseTiming>;
}

/** How often the sessions of connected streams are checked for a stop made by another process. */
const STOPPED_CHECK_MS = 5000;

interface Stream {
  run: ChannelRun;
  channel: ChannelRow;
  /** The session stopped it: the channel's statuses are the stop's. */
  stopped: boolean;
  ended: Promise<void> | null;
}

/** The engine of a channel's transcriber profile; a profile since deleted gives the built-in engine. */
export function profileEngines(ctx: Pick<AppContext, 'db' | 'config'>): EngineFactory {
  return async (profileId) => {
    const profile = profileId ? await transcriberProfilesRepo.byId(ctx.db, profileId) : undefined;
    return createEngine(profile ?? null, { modelsDir: path.join(ctx.config.dataDir, 'models'), ...(profile ? { fetch: profileFetch(ctx.config, profile) } : {}) });
  };
}

export class LiveService implements IngestGate, LiveSessions {
  /** The connected streams, by channel id. */
  private readonly streams = new Map<string, Stream>();
  /**
   * Channels whose stream is starting (its engine loading), by channel id: their session, and whether
   * the session stopped meanwhile (the stream is then refused once started).
   */
  private readonly opening = new Map<string, { sessionId: string; cancelled: boolean }>();
  /** Channel time of channels that do not record, kept between their streams. */
  private readonly channelTimes = new Map<string, number>();
  private readonly engines: EngineFactory;
  private closed = false;
  private readonly checker: NodeJS.Timeout;
  private checking: Promise<void> = Promise.resolve();

  private readonly ctx: AppContext;
  private readonly options: LiveServiceOptions;
  readonly leases: StreamLeases;

  constructor(ctx: AppContext, options: LiveServiceOptions) {
    this.ctx = ctx;
    this.options = options;
    this.engines = options.engines ?? profileEngines(ctx);
    this.checker = setInterval(() => void (this.checking = this.check()), options.stoppedCheckMs ?? STOPPED_CHECK_MS);
    this.checker.unref();
    this.leases = new StreamLeases(ctx, options.nodeId, options.lease ?? {}, (channelId) => {
      const stream = this.streams.get(channelId);
      if (stream) void this.stop(stream);
    });
    if (options.ingests || options.sweepsLeases) this.leases.start({ sweep: options.sweepsLeases });
  }

  private async check(): Promise<void> {
    await this.endStoppedElsewhere();
    // Sessions started through another node's API: this node's encoder listeners wait for them too.
    if (this.options.ingests) await this.resume().catch((error: unknown) => this.ctx.log.warn({ err: error }, 'encoder listeners not started'));
  }

  /**
   * A session stopped by another process (the planned stop runs on a worker) or deleted: its streams
   * here end too.
   */
  private async endStoppedElsewhere(): Promise<void> {
    const sessionIds = new Set([...[...this.streams.values()].map((stream) => stream.run.sessionId), ...[...this.opening.values()].map((open) => open.sessionId)]);
    for (const sessionId of sessionIds) {
      try {
        const row = await sessionsRepo.byId(this.ctx.db, sessionId);
        if (!row || row.status === 'terminated') await this.endSession(sessionId);
      } catch (error) {
        this.ctx.log.warn({ err: error, sessionId }, 'live session not checked');
      }
    }
  }

  async open(streamKey: string, kind: IngestKind): Promise<AudioSink> {
    if (this.closed) throw new AppError('session_status', 'This server is shutting down');
    const channel = await sessionsRepo.channelByKey(this.ctx.db, streamKey);
    if (!channel) throw notFound('Channel');
    const session = await sessionsRepo.byId(this.ctx.db, channel.sessionId);
    if (!session || (session.status !== 'pending' && session.status !== 'active')) {
      throw new AppError('session_status', 'The session is not started, or has ended');
    }
    const previous = this.streams.get(channel.id);
    if (previous && !previous.ended) throw new AppError('conflict', 'This channel already receives a stream');
    // A stream that just ended stores its last finals first: the next one continues after them.
    if (previous) await previous.ended;
    const knownTime = this.channelTimes.get(channel.id) ?? (await captionsRepo.lastEnd(this.ctx.db, session.id, channel.position));
    // Checked again after the awaits: the first of two racing streams takes the channel.
    if (this.streams.has(channel.id) || this.opening.has(channel.id)) throw new AppError('conflict', 'This channel already receives a stream');
    const opening = { sessionId: session.id, cancelled: false };
    this.opening.set(channel.id, opening);
    // Another node decoding this channel keeps it until its stream ends or its lease expires.
    const leased = await this.leases.take(channel.id).catch((error: unknown) => {
      this.opening.delete(channel.id);
      throw error;
    });
    if (!leased) {
      this.opening.delete(channel.id);
      throw new AppError('conflict', 'This channel already receives a stream');
    }
    let run: ChannelRun;
    try {
      run = await ChannelRun.start({
        ctx: this.ctx,
        session,
        channel,
        engines: this.engines,
        translators: this.options.translators,
        channelTime: knownTime,
        ...(this.options.retryDelaysMs ? { retryDelaysMs: this.options.retryDelaysMs } : {}),
        onFirstAudio: () => {
          audioReached(this.ctx, channel)
            // Recorded only: no transcriber runs.
            .then(() => (session.liveTranscription ? undefined : sessionsRepo.setChannelStatus(this.ctx.db, channel.id, { transcriberStatus: 'idle' })))
            .catch((error: unknown) => {
              // Stopped meanwhile: the stream has nowhere to go.
              if (!(error instanceof AppError)) this.ctx.log.error({ err: error }, 'live stream not marked as streaming');
              void run.close();
            });
        },
      });
    } catch (error) {
      await this.leases.release(channel.id).catch(() => undefined);
      throw error;
    } finally {
      this.opening.delete(channel.id);
    }
    if (opening.cancelled || this.closed) {
      await run.close();
      await this.leases.release(channel.id);
      throw new AppError('session_status', 'The session is not started, or has ended');
    }
    const stream: Stream = { run, channel, stopped: false, ended: null };
    this.streams.set(channel.id, stream);
    this.ctx.log.info({ sessionId: session.id, channelIndex: channel.position, kind }, 'live stream opened');
    return {
      sessionId: run.sessionId,
      channelIndex: run.channelIndex,
      write: (pcm) => run.write(pcm),
      on: (event, listener) => run.on(event, listener),
      end: (reason) => this.streamEnded(stream, reason),
    };
  }

  /** The ingest ended: the last finals are stored, then the channel stops streaming. */
  private streamEnded(stream: Stream, reason: 'finished' | 'failed'): Promise<void> {
    stream.ended ??= (async () => {
      await stream.run.end();
      const { channel, run } = stream;
      this.channelTimes.set(channel.id, run.channelTime());
      if (this.streams.get(channel.id) === stream) {
        this.streams.delete(channel.id);
        await this.leases.release(channel.id);
      }
      if (stream.stopped) return;
      await audioEnded(this.ctx, channel, reason === 'failed' || run.failed ? 'errored' : 'inactive');
      this.ctx.log.info({ sessionId: run.sessionId, channelIndex: run.channelIndex, reason }, 'live stream ended');
    })();
    return stream.ended;
  }

  async sessionStarted(sessionId: string): Promise<void> {
    const encoders = this.options.encoders;
    if (!encoders) return;
    for (const channel of await sessionsRepo.channels(this.ctx.db, [sessionId])) await encoders.listen(channel.streamKey);
  }

  async endSession(sessionId: string): Promise<void> {
    for (const open of this.opening.values()) if (open.sessionId === sessionId) open.cancelled = true;
    const ending = [...this.streams.values()].filter((stream) => stream.run.sessionId === sessionId);
    await Promise.all(ending.map((stream) => this.stop(stream)));
    const encoders = this.options.encoders;
    if (encoders) for (const channel of await sessionsRepo.channels(this.ctx.db, [sessionId])) await encoders.release(channel.streamKey);
  }

  channelTime(channelId: string): number | undefined {
    return this.streams.get(channelId)?.run.channelTime() ?? this.channelTimes.get(channelId);
  }

  /** Listens for the encoders of the sessions started before this process (call once at start). */
  async resume(): Promise<void> {
    const encoders = this.options.encoders;
    if (!encoders) return;
    for (const { channel } of await sessionsRepo.channelsInStatus(this.ctx.db, ['pending', 'active'])) {
      const { rtmp, srt } = encoders.addresses(channel.streamKey);
      if (rtmp === null && srt === null) await encoders.listen(channel.streamKey);
    }
  }

  private async stop(stream: Stream): Promise<void> {
    stream.stopped = true;
    await stream.run.close();
    this.channelTimes.set(stream.channel.id, stream.run.channelTime());
    if (this.streams.get(stream.channel.id) === stream) {
      this.streams.delete(stream.channel.id);
      await this.leases.release(stream.channel.id);
    }
  }

  /** Shutdown: every stream ends (its last finals stored), then the encoders and translators stop. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.checker);
    await this.checking;
    await this.leases.close();
    await Promise.all(
      [...this.streams.values()].map(async (stream) => {
        await stream.run.close();
        await this.streamEnded(stream, 'finished');
      }),
    );
    await this.options.encoders?.close();
    await this.options.translators.close();
  }
}
