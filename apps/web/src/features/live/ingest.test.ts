import { describe, expect, it } from 'vitest';
import { IngestConnection, ingestFailure, ingestUrl, parseIngestReply, type IngestState } from './ingest.ts';

class FakeSocket {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  bufferedAmount = 0;
  sent: unknown[] = [];
  closed: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  send(data: unknown) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closed = code ?? 1005;
  }
  reply(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent);
  }
}

function connect() {
  const socket = new FakeSocket();
  const states: IngestState[] = [];
  const connection = new IngestConnection(
    'ws://x/cm-api/live/ingest',
    { type: 'hello', streamKey: 'k', source: 'microphone' },
    (s) => states.push(s),
    () => socket,
  );
  return { socket, states, connection };
}

describe('the ingest WebSocket client', () => {
  it('sends the hello on opening, then frames only once ready', () => {
    const { socket, states, connection } = connect();
    expect(socket.binaryType).toBe('arraybuffer');
    socket.onopen?.({} as Event);
    expect(JSON.parse(socket.sent[0] as string)).toEqual({ type: 'hello', streamKey: 'k', source: 'microphone' });
    expect(connection.send(new ArrayBuffer(4))).toBe(false);
    socket.reply({ type: 'ready', sessionId: 's', channelIndex: 1, sampleRate: 16000 });
    expect(states.at(-1)).toEqual({ phase: 'ready', channelIndex: 1 });
    expect(connection.send(new ArrayBuffer(4))).toBe(true);
    expect(socket.sent).toHaveLength(2);
    socket.bufferedAmount = 1_000_000;
    expect(connection.send(new ArrayBuffer(4))).toBe(false);
  });

  it('reports a refusal by its code, and keeps it when the socket then closes', () => {
    const { socket, states } = connect();
    socket.reply({ type: 'error', code: 'session_status', message: 'not started' });
    socket.onclose?.({} as CloseEvent);
    expect(states).toEqual([{ phase: 'failed', code: 'session_status' }]);
  });

  it('tells a stop from a lost connection', () => {
    const stopped = connect();
    stopped.socket.reply({ type: 'ready', sessionId: 's', channelIndex: 0, sampleRate: 16000 });
    stopped.connection.stop();
    stopped.socket.onclose?.({} as CloseEvent);
    expect(stopped.socket.closed).toBe(1000);
    expect(stopped.states.at(-1)).toEqual({ phase: 'closed' });
    expect(stopped.states).toHaveLength(2);
    const lost = connect();
    lost.socket.onclose?.({} as CloseEvent);
    expect(lost.states).toEqual([{ phase: 'failed', code: 'network' }]);
  });

  it('parses only well-formed text replies', () => {
    expect(parseIngestReply('{"type":"ready","sessionId":"s","channelIndex":0,"sampleRate":16000}')).toMatchObject({ type: 'ready' });
    expect(parseIngestReply('{"type":"ready","sampleRate":8000}')).toBeNull();
    expect(parseIngestReply('not json')).toBeNull();
    expect(parseIngestReply(new ArrayBuffer(2))).toBeNull();
  });

  it('uses the given address, else the page’s own', () => {
    expect(ingestUrl({ protocol: 'https:', host: 'studio.example' })).toBe('wss://studio.example/cm-api/live/ingest');
    expect(ingestUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/cm-api/live/ingest');
    expect(ingestUrl({ protocol: 'http:', host: 'x' }, 'wss://ingest.example/cm-api/live/ingest')).toBe('wss://ingest.example/cm-api/live/ingest');
  });
});

describe('ingestFailure', () => {
  it('names the known refusals and reads anything else as other', () => {
    expect(ingestFailure(null)).toBeNull();
    expect(ingestFailure({ phase: 'ready', channelIndex: 0 })).toBeNull();
    expect(ingestFailure({ phase: 'failed', code: 'session_status' })).toBe('session_status');
    expect(ingestFailure({ phase: 'failed', code: 'network' })).toBe('network');
    expect(ingestFailure({ phase: 'failed', code: 'something_else' })).toBe('other');
  });
});
