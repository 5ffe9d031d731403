/**
 * Clients that recover by themselves, as the web client does behind a load balancer: when their node
 * goes away they reconnect — to the next node that answers — and pick up where they were.
 *
 * - `resilientEditor`: a collaboration client on one document; edits go to its own Y.Doc first, so an
 *   edit whose acknowledgement never came (or made while disconnected) is sent again by the next join
 *   (the join's sync sends what the server lacks) and merges.
 * - `failoverWatcher`: a session socket watching an organization's media notices; on disconnection it
 *   connects to the next node and watches again.
 */
import { io, type Socket } from 'socket.io-client';
import * as Y from 'yjs';
import { conversationUpdateEvent, type ConversationUpdate } from '@palabre/shared';
import { connectCollab, type CollabClient, type JoinedDocument } from '../harness/collab-client.ts';

const RETRY_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check()` holds (polled), rejects after `timeoutMs` with `what`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export interface ResilientEditor {
  doc: Y.Doc;
  /** The node URL it is connected to now (null while reconnecting). */
  connectedTo: string | null;
  /** How many times it joined the document (1 + reconnections). */
  joins: number;
  /** Applies `fn` to the document and sends it: true once acknowledged, false if no acknowledgement came. */
  edit(fn: (doc: Y.Doc) => void): Promise<boolean>;
  /** Resolves once connected and joined again. */
  connected(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * An editor of `conversationId` that keeps reconnecting to the first of `urls()` that answers,
 * rejoining with its document (so unacknowledged edits are sent again) until closed.
 */
export function resilientEditor(urls: () => string[], token: string, conversationId: string): ResilientEditor {
  const doc = new Y.Doc();
  let client: CollabClient | null = null;
  let joined: JoinedDocument | null = null;
  let closed = false;
  const editor: ResilientEditor = {
    doc,
    connectedTo: null,
    joins: 0,
    async edit(fn) {
      const current = joined;
      if (!current) {
        // Offline: the edit stays in the document, and the next join sends it.
        doc.transact(() => fn(doc));
        return false;
      }
      try {
        const ack = await current.edit(fn);
        return ack.ok;
      } catch {
        return false;
      }
    },
    connected: (timeoutMs = 60_000) => until(() => joined !== null, 'the editor to reconnect', timeoutMs),
    async close() {
      closed = true;
      await client?.close();
    },
  };

  void (async () => {
    for (let attempt = 0; !closed; attempt++) {
      const candidates = urls();
      const url = candidates[attempt % candidates.length]!;
      try {
        const next = await connectCollab(url, token);
        if (closed) {
          await next.close();
          return;
        }
        const lost = next.disconnected();
        joined = await next.join(conversationId, { doc });
        client = next;
        editor.connectedTo = url;
        editor.joins += 1;
        await lost.catch(async () => {
          // disconnected() gives up after its own timeout: keep waiting for the disconnection.
          while (!closed && next.socket.connected) await sleep(RETRY_MS);
        });
        joined = null;
        editor.connectedTo = null;
        await next.close();
      } catch {
        joined = null;
        editor.connectedTo = null;
        await sleep(RETRY_MS);
      }
    }
  })();
  return editor;
}

export interface FailoverWatcher {
  /** Every notice received, from whichever node. */
  updates: ConversationUpdate[];
  /** The node URL the socket is connected to now (null while switching). */
  connectedTo: string | null;
  /** How many times it connected (1 + reconnections). */
  connections: number;
  connected(timeoutMs?: number): Promise<void>;
  close(): void;
}

/** A session socket watching `organizationId`, switching to the next of `urls()` when its node is gone. */
export function failoverWatcher(urls: () => string[], token: string, organizationId: string): FailoverWatcher {
  let socket: Socket | null = null;
  let closed = false;
  const watcher: FailoverWatcher = {
    updates: [],
    connectedTo: null,
    connections: 0,
    connected: (timeoutMs = 60_000) => until(() => watcher.connectedTo !== null, 'the session socket to reconnect', timeoutMs),
    close() {
      closed = true;
      socket?.close();
    },
  };
  const connect = async (attempt: number): Promise<void> => {
    if (closed) return;
    const candidates = urls();
    const url = candidates[attempt % candidates.length]!;
    const next = io(url, { path: '/cm-api/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    next.on(conversationUpdateEvent(organizationId), (update: ConversationUpdate) => watcher.updates.push(update));
    try {
      await new Promise<void>((resolve, reject) => {
        next.once('connect', () => resolve());
        next.once('connect_error', reject);
      });
      const ack = (await next.timeout(5000).emitWithAck('watch_organization', organizationId)) as { ok: boolean };
      if (!ack.ok) throw new Error('watch refused');
    } catch {
      next.close();
      await sleep(RETRY_MS);
      return connect(attempt + 1);
    }
    socket = next;
    watcher.connectedTo = url;
    watcher.connections += 1;
    next.once('disconnect', () => {
      watcher.connectedTo = null;
      next.close();
      void connect(attempt + 1);
    });
  };
  void connect(0);
  return watcher;
}
