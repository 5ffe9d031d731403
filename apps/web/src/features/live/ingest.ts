/**
 * The ingest WebSocket from the browser (docs/live.md): opens `LIVE_INGEST_PATH`, sends the hello
 * naming the channel's stream key, waits for `ready`, then sends binary PCM frames until stopped. A
 * refusal arrives as an `error` reply with an API error code, then the socket closes.
 */
import { LIVE_INGEST_PATH, zLiveIngestReply, type LiveIngestHello, type LiveIngestReply } from '@palabre/shared';

export type IngestState = { phase: 'connecting' } | { phase: 'ready'; channelIndex: number } | { phase: 'closed' } | { phase: 'failed'; code: string };

/** The ingest's refusals a page explains in words (`microphone.failure.*`); anything else reads as a generic failure. */
const KNOWN_FAILURES = ['not_found', 'session_status', 'conflict', 'validation_failed', 'engine_failed', 'network'] as const;
export type IngestFailure = (typeof KNOWN_FAILURES)[number] | 'other';

/** Why sending failed, as a known reason (null: it did not fail). */
export function ingestFailure(state: IngestState | null): IngestFailure | null {
  if (state?.phase !== 'failed') return null;
  return (KNOWN_FAILURES as readonly string[]).includes(state.code) ? (state.code as IngestFailure) : 'other';
}

/** A server text message as a reply (null when it is not one). */
export function parseIngestReply(data: unknown): LiveIngestReply | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = zLiveIngestReply.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The ingest's address: the one the server gave, else this site's own (ws: or wss: as the page). */
export function ingestUrl(location: Pick<Location, 'protocol' | 'host'>, given?: string | null): string {
  if (given) return given;
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_INGEST_PATH}`;
}

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState' | 'bufferedAmount'> & {
  binaryType: BinaryType;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
};

/** Frames waiting in the socket beyond this many bytes (about 5 s of audio) are dropped: live audio that late is no use. */
const MAX_BUFFERED_BYTES = 160_000;

export class IngestConnection {
  private state: IngestState = { phase: 'connecting' };
  private readonly socket: SocketLike;
  private stopped = false;
  private readonly onState: (state: IngestState) => void;

  constructor(url: string, hello: LiveIngestHello, onState: (state: IngestState) => void, open: (url: string) => SocketLike = (address) => new WebSocket(address)) {
    this.onState = onState;
    this.socket = open(url);
    this.socket.binaryType = 'arraybuffer';
    this.socket.onopen = () => this.socket.send(JSON.stringify(hello));
    this.socket.onmessage = (event) => {
      const reply = parseIngestReply(event.data);
      if (!reply) return;
      if (reply.type === 'ready') this.set({ phase: 'ready', channelIndex: reply.channelIndex });
      else this.set({ phase: 'failed', code: reply.code });
    };
    this.socket.onerror = () => {
      if (this.state.phase !== 'failed') this.set({ phase: 'failed', code: 'network' });
    };
    this.socket.onclose = () => {
      if (this.state.phase === 'failed' || this.state.phase === 'closed') return;
      this.set(this.stopped ? { phase: 'closed' } : { phase: 'failed', code: 'network' });
    };
  }

  private set(state: IngestState) {
    this.state = state;
    this.onState(state);
  }

  get phase(): IngestState['phase'] {
    return this.state.phase;
  }

  /** Sends a frame once the channel takes audio; returns whether it was sent. */
  send(frame: ArrayBuffer): boolean {
    if (this.state.phase !== 'ready' || this.socket.bufferedAmount > MAX_BUFFERED_BYTES) return false;
    this.socket.send(frame);
    return true;
  }

  stop(): void {
    this.stopped = true;
    if (this.state.phase === 'connecting' || this.state.phase === 'ready') {
      this.socket.close(1000);
      this.set({ phase: 'closed' });
    }
  }
}
