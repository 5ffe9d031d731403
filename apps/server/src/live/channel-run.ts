/**
 * One channel's live transcription while a stream is connected (docs/live.md): the PCM written goes
 * to the channel's engine stream (and to its recording when the session records); partials and
 * finals go to the session's live room, finals are stored and then translated into the channel's
 * translations, re-sent with the same segment id.
 *
 * Channel time: the seconds of audio the channel has received, across reconnections. A stream starts
 * at the channel's time so far (its recording's length when it records), and every caption's times
 * are engine time plus the channel time at which that engine stream opened.
 *
 * An engine that fails is reopened a few times with backoff (`broker_ko` meanwhile, `broker_ok` once
 * it works again); past the last try the stream fails and the ingest is disconnected.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { LIVE_AUDIO, LIVE_LIMITS, type LiveFinal, type LivePartial, type LiveServerEvents } from '@palabre/shared';
import type { StreamingEngine, StreamResult, TranscriptionStream, TranscriptLanguage } from '@palabre/engines';
import type { AppContext } from '../context.ts';
import type { ChannelRow, SessionRow } from '../sessions/repo.ts';
import { sessionsRepo } from '../sessions/repo.ts';
import { captionsRepo, type NewCaption } from './repo.ts';
import { keepLostPartials } from './lost-partials.ts';
import type { AudioSink } from './ingest/gate.ts';
import { AudioArrivals } from './arrivals.ts';
import { recordingFile } from './save-recordings.ts';
import type { TranslatorPool } from './types.ts';

/** Bytes of PCM per second of audio. */
export const BYTES_PER_SECOND = LIVE_AUDIO.sampleRate * LIVE_AUDIO.channels * LIVE_AUDIO.bytesPerSample;

/** Where a channel's audio is recorded: raw PCM in `LIVE_AUDIO`'s format, appended across reconnections. */

/** Whether a session keeps its channels' audio: asked to, or needed to transcribe it once stopped. */
export const records = (session: Pick<SessionRow, 'keepAudio' | 'liveTranscription'>) => session.keepAudio || !session.liveTranscription;

/** Builds the engine a channel transcribes with, from its transcriber profile (null: the built-in engine). */
export type EngineFactory = (transcriberProfileId: string | null) => Promise<StreamingEngine>;

/** Delays before each new try of a failed engine; once they are spent the stream fails. */
export const ENGINE_RETRY_DELAYS_MS = [500, 2000, 5000];

/** A reopened engine that runs this long without failing (or gives any result) is back. */
const RECOVERED_AFTER_MS = 1000;

/**
 * The utterance in progress is stored at most this often (one write per channel per second at most):
 * a node that dies loses at most this much of it.
 */
export const PARTIAL_STORE_MS = 1000;

export interface ChannelRunOptions {
  ctx: Pick<AppContext, 'db' | 'log' | 'events' | 'config' | 'metrics'>;
  session: Pick<SessionRow, 'id' | 'organizationId' | 'keepAudio' | 'liveTranscription'>;
  channel: Pick<ChannelRow, 'id' | 'position' | 'languages' | 'translations' | 'transcriberProfileId'>;
  engines: EngineFactory;
  translators: TranslatorPool;
  /** The channel time so far when it does not record (a recording's length says it otherwise). */
  channelTime: number;
  /** The first audio arrived (the service marks the channel streaming). */
  onFirstAudio(): void;
  retryDelaysMs?: readonly number[];
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

export class ChannelRun implements AudioSink {
  readonly sessionId: string;
  readonly channelIndex: number;
  private readonly listeners = new EventEmitter();
  private startTime: number;
  private bytes = 0;
  private nextSegmentId = 0;
  private engine: StreamingEngine | null = null;
  private stream: TranscriptionStream | null = null;
  /** Channel time at which the current engine stream opened. */
  private engineOffset = 0;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private recoveryTimer: NodeJS.Timeout | null = null;
  private recording: fs.WriteStream | null = null;
  private waiting = { engine: false, recording: false };
  /** Stores and emissions of finals, in order. */
  private chain: Promise<void> = Promise.resolve();
  private readonly translating = new Set<Promise<void>>();
  private ending: Promise<void> | null = null;
  private heard = false;
  /** When the recent audio arrived (caption latency). */
  private readonly arrivals = new AudioArrivals();
  /** The utterance in progress: its segment, where it began, and its latest partial not stored yet. */
  private utterance: { segmentId: number; start: number; unstored: Omit<NewCaption, 'partial' | 'translations'> | null } | null = null;
  private partialTimer: NodeJS.Timeout | null = null;
  private lastPartialStored = 0;
  /** The language of the last final, for the partials of a channel of several languages. */
  private lastLanguage: string | null = null;
  /** Whether the stream ended because the engine could not be brought back. */
  failed = false;

  private readonly options: ChannelRunOptions;

  private constructor(options: ChannelRunOptions) {
    this.options = options;
    this.sessionId = options.session.id;
    this.channelIndex = options.channel.position;
    this.startTime = options.channelTime;
  }

  /** Opens the recording and the engine stream; answers the run once it takes audio. */
  static async start(options: ChannelRunOptions): Promise<ChannelRun> {
    const run = new ChannelRun(options);
    try {
      await run.open();
    } catch (error) {
      // The recording opened before the engine failed to build is closed.
      await run.finish();
      throw error;
    }
    return run;
  }

  private async open(): Promise<void> {
    const { ctx, session, channel } = this.options;
    // The utterance the last stream was in when its node died is kept, before the new segments.
    await keepLostPartials(ctx, session, channel.position);
    this.nextSegmentId = await captionsRepo.nextSegmentId(ctx.db, session.id, channel.position);
    if (records(session)) {
      const file = recordingFile(ctx.config.dataDir, session.id, channel.position);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const size = await fs.promises.stat(file).then(
        (stat) => stat.size,
        () => 0,
      );
      // The recording is the channel's audio so far: its length is the channel time.
      this.startTime = size / BYTES_PER_SECOND;
      this.recording = fs.createWriteStream(file, { flags: 'a' });
      this.recording.on('drain', () => this.drained('recording'));
      this.recording.on('error', (error) => ctx.log.error({ err: error, sessionId: session.id, channelIndex: channel.position }, 'live recording failed'));
    }
    if (session.liveTranscription) {
      this.engine = await this.options.engines(channel.transcriberProfileId);
      this.openStream();
    }
  }

  /** Seconds of audio the channel has received, across reconnections. */
  channelTime(): number {
    return this.startTime + this.bytes / BYTES_PER_SECOND;
  }

  write(pcm: Buffer): boolean {
    if (this.ending) return true;
    if (!this.heard) {
      this.heard = true;
      this.options.onFirstAudio();
    }
    this.bytes += pcm.length;
    this.arrivals.note(this.channelTime(), Date.now());
    let ready = true;
    if (this.recording && !this.recording.write(pcm)) {
      this.waiting.recording = true;
      ready = false;
    }
    if (this.stream) {
      try {
        if (!this.stream.write(pcm)) {
          this.waiting.engine = true;
          ready = false;
        }
      } catch (error) {
        // The stream failed between its error event and this write: the retry is under way.
        this.options.ctx.log.warn({ err: error }, 'live audio not transcribed');
      }
    }
    return ready;
  }

  on(event: 'drain' | 'close', listener: () => void): void {
    this.listeners.on(event, listener);
  }

  /** The ingest ended its stream: the last finals are stored before this resolves. */
  end(): Promise<void> {
    return this.finish();
  }

  /** The channel takes no more audio (the session stopped): its ingest disconnects. */
  close(): Promise<void> {
    const done = this.finish();
    this.listeners.emit('close');
    return done;
  }

  /** Resolves once every final (and translation) so far is stored and sent. */
  private finish(): Promise<void> {
    this.ending ??= (async () => {
      this.clearTimers();
      // The engine's last finals arrive before end() resolves, and go through the chain.
      if (this.stream) await this.stream.end().catch((error: unknown) => this.options.ctx.log.warn({ err: error }, 'live transcription ended badly'));
      this.stream = null;
      this.utterance = null;
      await this.chain;
      await Promise.all(this.translating);
      await this.chain;
      // The engine said its last word: an utterance it did not finish is not kept.
      const unfinished = this.nextSegmentId;
      if (this.options.session.liveTranscription) await this.queue(() => captionsRepo.dropPartial(this.options.ctx.db, this.sessionId, this.channelIndex, unfinished));
      const recording = this.recording;
      this.recording = null;
      if (recording) await new Promise<void>((resolve) => recording.end(resolve));
    })();
    return this.ending;
  }

  private drained(source: 'engine' | 'recording'): void {
    if (!this.waiting[source]) return;
    this.waiting[source] = false;
    if (!this.waiting.engine && !this.waiting.recording) this.listeners.emit('drain');
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.recoveryTimer) clearTimeout(this.recoveryTimer);
    if (this.partialTimer) clearTimeout(this.partialTimer);
    this.retryTimer = this.recoveryTimer = this.partialTimer = null;
  }

  private emit<E extends keyof LiveServerEvents>(event: E, payload: Parameters<LiveServerEvents[E]>[0]): void {
    this.options.ctx.events.liveEvent?.(this.options.session.organizationId, this.sessionId, event, payload);
  }

  private openStream(): void {
    const engine = this.engine!;
    const language = this.options.channel.languages.length === 1 ? (this.options.channel.languages[0] as TranscriptLanguage) : 'auto';
    this.engineOffset = this.channelTime();
    const stream = engine.openStream({ language, sampleRate: LIVE_AUDIO.sampleRate });
    this.stream = stream;
    const current = () => this.stream === stream;
    stream.on('partial', (result) => {
      if (!current()) return;
      this.working();
      this.partial(result.text, result.words);
    });
    stream.on('final', (result) => {
      if (!current()) return;
      this.working();
      this.final(result, result.language);
    });
    stream.on('drain', () => {
      if (this.stream === stream) this.drained('engine');
    });
    stream.on('error', (error) => {
      if (this.stream !== stream) return;
      this.options.ctx.log.warn({ err: error, sessionId: this.sessionId, channelIndex: this.channelIndex }, 'live transcriber failed');
      void this.engineFailed();
    });
    if (this.failures > 0) this.recoveryTimer = setTimeout(() => this.working(), RECOVERED_AFTER_MS);
  }

  /** The current engine stream works: after failures, the channel is back. */
  private working(): void {
    if (this.failures === 0 || this.ending) return;
    this.failures = 0;
    if (this.recoveryTimer) clearTimeout(this.recoveryTimer);
    this.recoveryTimer = null;
    void this.setTranscriber('streaming');
    this.emit('broker_ok', { sessionId: this.sessionId, channelIndex: this.channelIndex });
  }

  private async engineFailed(): Promise<void> {
    this.stream = null;
    this.clearTimers();
    // Audio written meanwhile is recorded, not transcribed: nothing waits for the engine.
    this.drained('engine');
    if (this.ending) return;
    this.failures += 1;
    this.emit('broker_ko', { sessionId: this.sessionId, channelIndex: this.channelIndex });
    await this.setTranscriber('errored');
    const delays = this.options.retryDelaysMs ?? ENGINE_RETRY_DELAYS_MS;
    const delay = delays[this.failures - 1];
    if (delay === undefined) {
      this.failed = true;
      void this.close();
      return;
    }
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.ending) this.openStream();
    }, delay);
  }

  private async setTranscriber(status: 'streaming' | 'errored'): Promise<void> {
    await sessionsRepo
      .setChannelStatus(this.options.ctx.db, this.options.channel.id, { transcriberStatus: status })
      .catch((error: unknown) => this.options.ctx.log.warn({ err: error }, 'live transcriber status not saved'));
  }

  private partial(text: string, words: StreamResult['words'] = []): void {
    const partial: LivePartial = { sessionId: this.sessionId, channelIndex: this.channelIndex, segmentId: this.nextSegmentId, text: text.slice(0, LIVE_LIMITS.textLength) };
    this.emit('partial', partial);
    this.keepPartial(partial.text, words);
  }

  /** Engine word times in channel time. */
  private channelWords(words: StreamResult['words']) {
    const offset = this.engineOffset;
    return words.map((word) => ({ word: word.word, start: round(word.start + offset), end: round(word.end + offset), confidence: word.confidence }));
  }

  /**
   * Stores the utterance in progress at most every PARTIAL_STORE_MS (the latest partial each time), so
   * that a node that dies mid-utterance leaves it behind (lost-partials.ts); an empty one withdraws it.
   */
  private keepPartial(text: string, words: StreamResult['words']): void {
    const { ctx, channel } = this.options;
    if (text.trim() === '') {
      this.forgetPartial();
      const withdrawn = this.nextSegmentId;
      void this.queue(() => captionsRepo.dropPartial(ctx.db, this.sessionId, this.channelIndex, withdrawn));
      return;
    }
    const now = round(this.channelTime());
    if (this.utterance?.segmentId !== this.nextSegmentId) this.utterance = { segmentId: this.nextSegmentId, start: now, unstored: null };
    const timed = this.channelWords(words);
    this.utterance.unstored = {
      sessionId: this.sessionId,
      channelIndex: this.channelIndex,
      segmentId: this.nextSegmentId,
      text,
      start: timed[0]?.start ?? this.utterance.start,
      end: timed.at(-1)?.end ?? now,
      language: channel.languages.length === 1 ? channel.languages[0]! : (this.lastLanguage ?? channel.languages[0] ?? 'en'),
      words: timed,
    };
    if (this.partialTimer || this.ending) return;
    this.partialTimer = setTimeout(
      () => {
        this.partialTimer = null;
        const caption = this.utterance?.unstored;
        if (!caption) return;
        this.utterance!.unstored = null;
        this.lastPartialStored = Date.now();
        void this.queue(() => captionsRepo.storePartial(ctx.db, caption));
      },
      Math.max(0, this.lastPartialStored + PARTIAL_STORE_MS - Date.now()),
    );
  }

  /** The utterance is over (its final came, or it was withdrawn): its partials are no longer stored. */
  private forgetPartial(): void {
    this.utterance = null;
    if (this.partialTimer) clearTimeout(this.partialTimer);
    this.partialTimer = null;
  }

  /** Runs a write after those before it (finals, partials), logging its failure. */
  private queue(task: () => Promise<void>): Promise<void> {
    this.chain = this.chain
      .then(task)
      .catch((error: unknown) => this.options.ctx.log.error({ err: error, sessionId: this.sessionId, channelIndex: this.channelIndex }, 'live caption not stored'));
    return this.chain;
  }

  private final(result: StreamResult, language: TranscriptLanguage): void {
    this.forgetPartial();
    // An empty final withdraws the partial.
    if (result.text.trim() === '') return this.partial('');
    this.lastLanguage = language;
    const words = this.channelWords(result.words);
    const now = this.channelTime();
    const final: LiveFinal = {
      sessionId: this.sessionId,
      channelIndex: this.channelIndex,
      segmentId: this.nextSegmentId++,
      text: result.text.slice(0, LIVE_LIMITS.textLength),
      start: words[0]?.start ?? round(now),
      end: words.at(-1)?.end ?? round(now),
      language,
      words,
      translations: {},
      at: new Date().toISOString(),
    };
    this.store(final, 'final');
    this.translate(final);
  }

  /** Stores a final (or its new version) and sends it to the room, after those before it. */
  private store(final: LiveFinal, kind: 'final' | 'translation'): void {
    const { db, metrics } = this.options.ctx;
    const heardAt = this.arrivals.arrivalOf(final.end);
    void this.queue(async () => {
      const { at: _at, ...caption } = final;
      await captionsRepo.upsert(db, caption);
      this.emit('final', final);
      if (heardAt !== null) metrics.liveLatency.observe({ kind }, Math.max(0, Date.now() - heardAt) / 1000);
    });
  }

  private translate(final: LiveFinal): void {
    const { translators, ctx } = this.options;
    const targets = this.options.channel.translations.filter((target) => target !== final.language);
    const ways = targets.flatMap((target) => {
      const translator = translators.get(final.language, target);
      return translator ? [{ target, translator }] : [];
    });
    if (ways.length === 0) return;
    const task = (async () => {
      const translations: Record<string, string> = {};
      await Promise.all(
        ways.map(async ({ target, translator }) => {
          try {
            translations[target] = (await translator.translate(final.text)).slice(0, LIVE_LIMITS.textLength);
          } catch (error) {
            ctx.log.warn({ err: error, target }, 'live caption not translated');
          }
        }),
      );
      if (Object.keys(translations).length > 0) this.store({ ...final, translations }, 'translation');
    })();
    this.translating.add(task);
    void task.finally(() => this.translating.delete(task));
  }
}
