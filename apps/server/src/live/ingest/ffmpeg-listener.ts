/**
 * One ffmpeg process waiting for one encoder on one port, decoding what it sends to `LIVE_AUDIO`'s
 * PCM on stdout. Its stderr is read for state only (it names stream keys: never logged): the
 * encoder connected (`Input #0`), was refused (an RTMP stream name that is not the key), or the port
 * was taken. The process dies with the server: through `setpriv --pdeathsig` where it exists (even
 * when the server is killed), and in any case on the server's exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { LIVE_AUDIO } from '@palabre/shared';
import { killOnExit, withParentDeath } from '../../process/children.ts';

export interface ListenerExit {
  /** ffmpeg's exit status (null when killed by a signal). */
  code: number | null;
  /** An encoder connected and its stream was opened. */
  connected: boolean;
  /** The port was already taken. */
  portBusy: boolean;
  /** The encoder named another stream or application (RTMP): it was disconnected. */
  refused: boolean;
  /** `kill()` stopped it. */
  killed: boolean;
  /** ffmpeg could not be started (not installed). */
  notInstalled: boolean;
  /** ffmpeg's last message (it may name the stream key: never log it as is). */
  lastLine: string;
}

/** What ffmpeg listens on for one protocol. */
export interface ListenerInput {
  /**
   * A concat script naming the address to listen on, with the options to open it with. It holds the
   * stream key: ffmpeg reads it from its stdin, never from its command line (which any local user
   * may read, in the process list or /proc/<pid>/cmdline).
   */
  script: string;
  /** The protocols the address needs, beside the pipe the script comes through. */
  protocols: readonly string[];
  /** Lines of ffmpeg's log that mean the encoder is not the one expected. */
  refusal?: RegExp;
}

/** How long ffmpeg may wait for a connected encoder's next bytes before the stream counts as gone. */
export const ENCODER_SILENCE_TIMEOUT_SECONDS = 10;
const KILL_GRACE_MS = 2_000;
/** The exit status of a program that could not execute the one it was given (setpriv, like the shell). */
const NOT_FOUND_STATUS = 127;
/** Longest stderr line kept (ffmpeg's lines are short; a longer one is cut, never buffered without end). */
const MAX_LINE = 4096;

/** The output side: `LIVE_AUDIO` on stdout, whatever the encoder sends (video and data are dropped). */
const OUTPUT_ARGS = ['-vn', '-sn', '-dn', '-ac', String(LIVE_AUDIO.channels), '-ar', String(LIVE_AUDIO.sampleRate), '-f', 's16le', 'pipe:1'];

export class FfmpegListener extends EventEmitter<{ connected: [] }> {
  readonly stdout: Readable;
  /** Resolves once the process is gone and its output was read. */
  readonly exited: Promise<ListenerExit>;
  private readonly child: ChildProcess;
  private readonly state: ListenerExit = { code: null, connected: false, portBusy: false, refused: false, killed: false, notInstalled: false, lastLine: '' };
  private line = '';

  constructor(input: ListenerInput, ffmpegPath = 'ffmpeg') {
    super();
    // `-nostdin` only stops ffmpeg reading keys from the terminal: the script still comes through `pipe:0`.
    const args = [
      ...['-hide_banner', '-nostdin', '-nostats', '-analyzeduration', '500000'],
      ...['-f', 'concat', '-safe', '0', '-protocol_whitelist', ['pipe', ...input.protocols].join(','), '-i', 'pipe:0'],
      ...OUTPUT_ARGS,
    ];
    const [program, programArgs] = withParentDeath(ffmpegPath, args);
    this.child = spawn(program, programArgs, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    killOnExit(this.child);
    // A process that died before reading it (not installed, killed) closes its end: nothing to report.
    this.child.stdin!.on('error', () => undefined);
    this.child.stdin!.end(input.script);
    this.stdout = this.child.stdout!;
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (text: string) => this.read(text, input.refusal));
    this.exited = new Promise((resolve) => {
      this.child.once('error', (error: NodeJS.ErrnoException) => {
        this.state.notInstalled = error.code === 'ENOENT';
        resolve({ ...this.state });
      });
      this.child.once('close', (code) => {
        this.state.code = code;
        // setpriv could not execute ffmpeg.
        if (code === NOT_FOUND_STATUS && program !== ffmpegPath) this.state.notInstalled = true;
        resolve({ ...this.state });
      });
    });
  }

  /** Disconnects the encoder (or stops waiting for one). */
  kill(): Promise<ListenerExit> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.state.killed = true;
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), KILL_GRACE_MS);
      timer.unref();
      void this.exited.then(() => clearTimeout(timer));
    }
    return this.exited;
  }

  private read(text: string, refusal: RegExp | undefined): void {
    const lines = (this.line + text).split(/\r\n|\r|\n/);
    this.line = (lines.pop() ?? '').slice(-MAX_LINE);
    for (const line of lines) {
      if (line.trim()) this.state.lastLine = line.trim().slice(0, 300);
      if (/Address already in use/i.test(line)) this.state.portBusy = true;
      else if (refusal?.test(line) && !this.state.connected) {
        this.state.refused = true;
        void this.kill();
      } else if (line.startsWith('Input #0') && !this.state.refused && !this.state.connected) {
        this.state.connected = true;
        this.emit('connected');
      }
    }
  }
}
