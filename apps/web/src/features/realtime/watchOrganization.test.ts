/**
 * Watching an organization: what the notices refresh is refetched once the server has put the socket
 * in the room (its acknowledgement), at the first connection and after each reconnection, so that a
 * notice raised before the join is not missed.
 */
import { EventEmitter } from 'node:events';
import type { SocketAck } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { watchOrganization, type WatchSocket } from './watchOrganization.ts';

const organizationId = 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d';

/** A socket whose requests are kept with their acknowledgement, to answer when the test says. */
class FakeSocket implements WatchSocket {
  connected = false;
  readonly sent: Array<{ event: string; payload: unknown; ack?: (answer: SocketAck) => void }> = [];
  private readonly events = new EventEmitter();
  on(event: string, listener: (...args: never[]) => void) {
    this.events.on(event, listener as (...args: unknown[]) => void);
  }
  off(event: string, listener: (...args: never[]) => void) {
    this.events.off(event, listener as (...args: unknown[]) => void);
  }
  emit(event: string, payload: unknown, ack?: (answer: SocketAck) => void) {
    this.sent.push({ event, payload, ...(ack ? { ack } : {}) });
  }
  /** What the server sends, or the client's own connect and disconnect. */
  receive(event: string, ...args: unknown[]) {
    this.connected = event === 'connect' ? true : event === 'disconnect' ? false : this.connected;
    this.events.emit(event, ...args);
  }
  lastWatch() {
    const watch = this.sent.filter((request) => request.event === 'watch_organization').at(-1);
    if (!watch?.ack) throw new Error('no acknowledged watch_organization was sent');
    return watch;
  }
}

function watching(socket: FakeSocket, mayWatch = () => true) {
  const seen = { notices: [] as unknown[], watched: 0, connected: [] as boolean[] };
  const stop = watchOrganization<unknown>(socket, organizationId, {
    event: `orga_${organizationId}_conversation_update`,
    onNotice: (notice) => seen.notices.push(notice),
    onWatched: () => (seen.watched += 1),
    onConnected: (connected) => seen.connected.push(connected),
    mayWatch,
  });
  return { seen, stop };
}

describe('watching an organization', () => {
  it('refetches once the server acknowledges the join, not before, and not on a refusal', () => {
    const socket = new FakeSocket();
    socket.connected = true;
    const { seen } = watching(socket);
    const watch = socket.lastWatch();
    expect(watch.payload).toBe(organizationId);
    expect(seen.connected).toEqual([true]);
    // A notice raised before the socket is in the room never arrives: only the acknowledgement says when it is.
    expect(seen.watched).toBe(0);
    watch.ack!({ ok: true });
    expect(seen.watched).toBe(1);

    socket.receive(`orga_${organizationId}_conversation_update`, { conversationId: 'x', kind: 'updated' });
    expect(seen.notices).toEqual([{ conversationId: 'x', kind: 'updated' }]);

    const refused = new FakeSocket();
    refused.connected = true;
    const other = watching(refused);
    refused.lastWatch().ack!({ ok: false, error: 'not_found' });
    expect(other.seen.watched).toBe(0);
  });

  it('joins at connection and again after a reconnection, refetching each time (notices were missed meanwhile)', () => {
    const socket = new FakeSocket();
    const { seen } = watching(socket);
    expect(socket.sent).toEqual([]);
    socket.receive('connect');
    socket.lastWatch().ack!({ ok: true });
    socket.receive('disconnect');
    expect(seen.connected).toEqual([true, false]);
    socket.receive('connect');
    expect(socket.sent.filter((request) => request.event === 'watch_organization')).toHaveLength(2);
    expect(seen.watched).toBe(1);
    socket.lastWatch().ack!({ ok: true });
    expect(seen.watched).toBe(2);
  });

  it('waits for the signed-in user’s socket, and ignores an acknowledgement that comes after the stop', () => {
    const socket = new FakeSocket();
    socket.connected = true;
    let right = false;
    const { seen, stop } = watching(socket, () => right);
    expect(socket.sent).toEqual([]);
    right = true;
    socket.receive('connect');
    const watch = socket.lastWatch();
    stop();
    expect(socket.sent.at(-1)).toEqual({ event: 'unwatch_organization', payload: organizationId });
    watch.ack!({ ok: true });
    expect(seen.watched).toBe(0);
    socket.receive(`orga_${organizationId}_conversation_update`, {});
    expect(seen.notices).toEqual([]);
  });

  it('leaves the room only when the last watch of the organization on the socket stops', () => {
    const socket = new FakeSocket();
    socket.connected = true;
    const editor = watching(socket);
    const panel = watching(socket);
    panel.stop();
    panel.stop();
    expect(socket.sent.filter((request) => request.event === 'unwatch_organization')).toEqual([]);
    socket.receive(`orga_${organizationId}_conversation_update`, { conversationId: 'x', kind: 'updated' });
    expect(editor.seen.notices).toHaveLength(1);
    editor.stop();
    expect(socket.sent.filter((request) => request.event === 'unwatch_organization')).toEqual([{ event: 'unwatch_organization', payload: organizationId }]);
  });
});
