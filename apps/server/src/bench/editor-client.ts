/**
 * A minimal client of the collaboration socket (packages/shared/src/contracts/collab.ts), as a third
 * party would write one: socket.io at /ws/socket.io with the access token in the auth payload, one
 * Y.Doc per joined media, `doc:join` (the server's update applied, ours sent back if we had any),
 * `doc:update` with an acknowledgement for each local change, remote updates applied as they come.
 */
import { COLLAB_SOCKET_PATH, type CollabAck, type CollabClientToServerEvents, type CollabServerToClientEvents, type DocJoinAck } from '@palabre/shared';
import { textOf, turnsOf } from '@palabre/shared/collab';
import { io, type Socket } from 'socket.io-client';
import * as Y from 'yjs';

type CollabSocket = Socket<CollabServerToClientEvents, CollabClientToServerEvents>;

const REMOTE = Symbol('remote');

export class EditorClient {
  readonly socket: CollabSocket;
  readonly docs = new Map<string, Y.Doc>();
  /** Updates the server relayed to us. */
  received = 0;

  private constructor(socket: CollabSocket) {
    this.socket = socket;
    socket.on('doc:update', ({ conversationId, update }) => {
      const doc = this.docs.get(conversationId);
      if (!doc) return;
      this.received += 1;
      Y.applyUpdate(doc, new Uint8Array(update), REMOTE);
    });
  }

  static async connect(url: string, token: string): Promise<EditorClient> {
    const socket: CollabSocket = io(url, { path: COLLAB_SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(new Error(`collaboration socket: ${error.message}`)));
    });
    return new EditorClient(socket);
  }

  /** Joins a media's document; resolves once this client holds the whole document. */
  async join(conversationId: string): Promise<Y.Doc> {
    const doc = new Y.Doc();
    const ack = await this.socket.timeout(120_000).emitWithAck('doc:join', { conversationId, stateVector: Y.encodeStateVector(doc) });
    const joined = ack as DocJoinAck;
    if (!joined.ok) throw new Error(`doc:join refused: ${joined.error}`);
    Y.applyUpdate(doc, new Uint8Array(joined.update), REMOTE);
    this.docs.set(conversationId, doc);
    return doc;
  }

  /** Sends what `change` does to the document as one update; resolves with the time until the server acknowledged it (ms). */
  async edit(conversationId: string, change: (doc: Y.Doc) => void): Promise<number> {
    const doc = this.docs.get(conversationId);
    if (!doc) throw new Error('not joined');
    let update = null as Uint8Array | null;
    const capture = (u: Uint8Array, origin: unknown) => {
      if (origin !== REMOTE) update = u;
    };
    doc.on('update', capture);
    doc.transact(() => change(doc));
    doc.off('update', capture);
    if (!update) return 0;
    const started = performance.now();
    const ack = (await this.socket.timeout(30_000).emitWithAck('doc:update', { conversationId, update })) as CollabAck;
    if (!ack.ok) throw new Error(`doc:update refused: ${ack.error}`);
    return performance.now() - started;
  }

  close(): void {
    this.socket.disconnect();
    for (const doc of this.docs.values()) doc.destroy();
    this.docs.clear();
  }
}

/** Inserts `text` at `offset` of the text of turn number `index` (clamped to the text's length). */
export function typeInTurn(doc: Y.Doc, index: number, offset: number, text: string): void {
  const turn = turnsOf(doc).get(index);
  const ytext = textOf(turn);
  ytext.insert(Math.min(offset, ytext.length), text);
}

/**
 * Resolves once the server has worked through every update waiting on the document: a join is
 * answered in turn with the updates before it.
 */
export async function drainDocument(url: string, token: string, conversationId: string): Promise<void> {
  const client = await EditorClient.connect(url, token);
  try {
    await client.join(conversationId);
  } finally {
    client.close();
  }
}
