/**
 * One channel's listener for one protocol: on its port, one ffmpeg process after another, each
 * waiting for an encoder. When an encoder's audio starts flowing the channel's stream is opened
 * through the gate and the PCM is piped into its sink (pausing while the sink lags); when the encoder
 * goes, the sink ends and the next ffmpeg waits for the next encoder, until `stop()`.
 */
import crypto from 'node:crypto';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../context.ts';
import type { EncoderProtocolSpec } from './encoder-protocols.ts';
import { FfmpegListener, type ListenerExit } from './ffmpeg-listener.ts';
import type { AudioSink, IngestGate } from './gate.ts';
import type { PortPool } from './ports.ts';

export interface ChannelListenerOptions {
  streamKey: string;
  protocol: EncoderProtocolSpec;
  bindHost: string;
  gate: IngestGate;
  ports: PortPool;
  log: Logger;
  /** The sink closed (the session stopped): the channel stops listening on every protocol. */
  onSinkClosed: () => void;
  ffmpegPath?: string | undefined;
}

/** An encoder's stream, open on the channel until `over` (it ended, or the sink closed). */
interface Connection {
  sink: AudioSink;
  over: boolean;
}

/** Waits between ffmpeg processes that end without an encoder, growing while they keep failing. */
const RETRY_DELAYS_MS = [0, 500, 1_000, 2_000, 5_000, 10_000, 30_000];
const FAILURES_WORTH_A_WARNING = 3;
/** After an encoder that was not let in (wrong key, channel busy): a pause before listening again. */
const REFUSED_DELAY_MS = 500;

/** How the encoder's stream ended, as the sink is told. */
function endReason(exit: ListenerExit): 'finished' | 'failed' {
  return exit.killed || exit.code === 0 ? 'finished' : 'failed';
}

export class ChannelListener {
  /** The port held, null once given back. */
  port: number | null = null;
  private readonly options: ChannelListenerOptions;
  private current: FfmpegListener | null = null;
  private stopped = false;
  private loop: Promise<void> = Promise.resolve();
  private wake: (() => void) | null = null;

  constructor(options: ChannelListenerOptions) {
    this.options = options;
  }

  /** Takes a port and starts listening; false when no port is free. */
  async start(): Promise<boolean> {
    this.port = await this.options.ports.acquire({ preference: this.preference() });
    if (this.port === null) return false;
    if (this.stopped) {
      this.options.ports.release(this.port);
      this.port = null;
      return false;
    }
    this.loop = this.run();
    return true;
  }

  /** The channel's favourite port, from its key: its address stays the same from one start to the next. */
  private preference(): number {
    return crypto.createHash('sha256').update(`${this.options.protocol.kind}:${this.options.streamKey}`).digest().readUInt32BE(0);
  }

  /** Disconnects the encoder, stops listening and gives the port back. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.current?.kill();
    await this.loop;
  }

  private async run(): Promise<void> {
    const { log, protocol } = this.options;
    const busyPorts = new Set<number>();
    let failures = 0;
    while (!this.stopped && this.port !== null) {
      const listener = new FfmpegListener(protocol.input(this.options.bindHost, this.port, this.options.streamKey), this.options.ffmpegPath);
      this.current = listener;
      let connection: Promise<Connection | null> = Promise.resolve(null);
      listener.once('connected', () => {
        connection = this.connect(listener);
      });
      const exit = await listener.exited;
      const opened = await connection;
      this.current = null;
      if (opened && !opened.over) {
        opened.over = true;
        await opened.sink.end(endReason(exit)).catch((error: unknown) => log.error({ err: error, kind: protocol.kind }, 'encoder stream not ended'));
      }
      if (exit.notInstalled) {
        log.error({ kind: protocol.kind }, 'ffmpeg is not installed: encoders cannot connect');
        break;
      }
      if (exit.portBusy) {
        busyPorts.add(this.port);
        this.options.ports.release(this.port);
        this.port = this.stopped ? null : await this.options.ports.acquire({ skip: busyPorts, preference: this.preference() });
        if (this.port === null && !this.stopped) log.warn({ kind: protocol.kind }, 'no free port left for an encoder listener');
        continue;
      }
      if (exit.refused) log.info({ kind: protocol.kind, port: this.port }, 'an encoder naming another stream was disconnected');
      if (exit.connected && !exit.refused) failures = 0;
      // A listener waits for its encoder as long as it takes: ending with no encoder, unasked, is a failure.
      else if (!exit.refused && !this.stopped) {
        failures++;
        // Said once per run of failures, without ffmpeg's words about the address (they hold the key).
        if (failures === FAILURES_WORTH_A_WARNING)
          log.warn(
            { kind: protocol.kind, port: this.port, code: exit.code, reason: exit.lastLine.split(this.options.streamKey).join('…') },
            'the encoder listener keeps failing to start',
          );
      }
      const delay = exit.refused || (opened === null && exit.connected) ? REFUSED_DELAY_MS : RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!;
      if (delay > 0) await this.pause(delay);
    }
    if (this.port !== null) this.options.ports.release(this.port);
    this.port = null;
  }

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    }).then(() => {
      this.wake = null;
    });
  }

  /**
   * The encoder is in: at its first bytes of audio the channel's stream opens and the audio flows
   * into the sink. Null when the gate refuses the stream (the encoder is disconnected) or no audio came.
   */
  private connect(listener: FfmpegListener): Promise<Connection | null> {
    const { gate, streamKey, protocol, log } = this.options;
    const { stdout } = listener;
    return new Promise((resolve) => {
      const early: Buffer[] = [];
      let sink: AudioSink | null = null;
      const onData = (chunk: Buffer) => {
        if (sink) {
          if (!sink.write(chunk)) stdout.pause();
          return;
        }
        early.push(chunk);
        stdout.pause();
        if (early.length === 1) void open();
      };
      const noAudio = () => {
        if (!sink && early.length === 0) resolve(null);
      };
      const open = async () => {
        try {
          sink = await gate.open(streamKey, protocol.kind);
        } catch (error) {
          // Not this channel's stream now (another ingest streams, the session stopped): disconnected.
          if (error instanceof AppError) log.info({ kind: protocol.kind, code: error.code }, 'encoder refused');
          else log.error({ err: error, kind: protocol.kind }, 'encoder stream not opened');
          stdout.off('data', onData);
          stdout.resume();
          void listener.kill();
          resolve(null);
          return;
        }
        const opened = sink;
        const connection: Connection = { sink: opened, over: false };
        log.info({ kind: protocol.kind, sessionId: opened.sessionId, channelIndex: opened.channelIndex }, 'encoder connected');
        opened.on('drain', () => stdout.resume());
        opened.on('close', () => {
          if (connection.over) return;
          connection.over = true;
          stdout.off('data', onData);
          stdout.resume();
          void listener.kill();
          this.options.onSinkClosed();
        });
        let flowing = true;
        for (const chunk of early.splice(0)) flowing = opened.write(chunk) && flowing;
        if (flowing) stdout.resume();
        resolve(connection);
      };
      stdout.on('data', onData);
      stdout.once('end', noAudio);
      void listener.exited.then(noAudio);
    });
  }
}
