/**
 * The client of the collaboration socket (contracts/collab.ts, docs/collaboration.md) for one
 * document: a media's transcript, or one of its subtitle versions (the DocRef's `subtitleId`). It joins with the Y.Doc's state vector, applies what the server has, sends back
 * what it lacks, then carries local updates out and others' updates in. Local updates are kept until
 * the server acknowledges them (an acknowledged update is durably stored), so edits made while the
 * connection is down are merged on reconnect; they are also kept in sessionStorage so a reload does
 * not lose them. Plain TypeScript (no React): useCollabDocument.ts adapts it to the page.
 */
import type { CollabAck, CollabClientToServerEvents, CollabServerToClientEvents, DocAccess, DocPeer, DocRef, ErrorCode, UpdateEncoding } from '@palabre/shared';
import { COOKIE } from '@palabre/shared/constants';
import { COLLAB_LIMITS, COLLAB_SOCKET_PATH } from '@palabre/shared/contracts/collab-socket';
import { io, type Socket } from 'socket.io-client';
import * as Y from 'yjs';
import { refreshSession } from '../../api/tokens.ts';
import { readCookie } from '../../api/cookies.ts';
import type { SyncState } from './session.ts';
import { clearPending, loadPending, savePending } from './pendingStore.ts';

type CollabSocket = Socket<CollabServerToClientEvents, CollabClientToServerEvents>;

/** Updates are sent at most this often, one at a time (merged meanwhile), well under the server's rate limit. */
const SEND_INTERVAL_MS = 50;
/** An update not acknowledged within this long is sent again (with what was typed meanwhile). */
const ACK_TIMEOUT_MS = 30_000;
/** Presence is sent at most this often (the server drops more than ten a second). */
const PRESENCE_INTERVAL_MS = 200;

/** What the page shows of a failure: a refused update, a conflict, or losing access. */
export type CollabProblem = { kind: 'update_failed'; error: ErrorCode } | { kind: 'join_failed'; error: ErrorCode } | { kind: 'access_lost' };

export interface CollabStatus {
  sync: SyncState;
  /** Null until the first join answers. */
  access: DocAccess | null;
  /** Every other connection in the document. */
  peers: DocPeer[];
  /** The caller as the others see them. */
  you: DocPeer | null;
  /** True once the document holds the server's state (the first join was answered). */
  synced: boolean;
  /** Local updates not yet acknowledged by the server. */
  unsaved: boolean;
  problem: CollabProblem | null;
}

/** Updates this client made (everything but what it applied from the server). */
export const REMOTE_ORIGIN = Symbol('collab-remote');

export class CollabClient {
  readonly doc: Y.Doc;
  /** Which document: every message carries it, and only messages about it are taken. */
  private readonly ref: DocRef;
  private readonly socket: CollabSocket;
  private status: CollabStatus = { sync: 'connecting', access: null, peers: [], you: null, synced: false, unsaved: false, problem: null };
  private readonly listeners = new Set<() => void>();
  /** Local updates not yet sent. */
  private queued: Uint8Array[] = [];
  /** Sent, waiting for their acknowledgement (kept to resend after a reconnect). */
  private inFlight: Uint8Array[] = [];
  private joined = false;
  private lastSent = 0;
  private sendTimer: ReturnType<typeof setTimeout> | null = null;
  private presence: { turnId: string | null; typing: boolean } = { turnId: null, typing: false };
  private presenceSentAt = 0;
  private presenceTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** The last peer list as sent (it may arrive before the join's answer says which one is us). */
  private allPeers: DocPeer[] = [];
  private persistTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(ref: DocRef, doc: Y.Doc) {
    // Exactly the two fields (an absent subtitleId is the transcript), whatever the caller passed.
    this.ref = ref.subtitleId ? { conversationId: ref.conversationId, subtitleId: ref.subtitleId } : { conversationId: ref.conversationId };
    this.doc = doc;
    // Edits a previous page of this tab made and the server never acknowledged: merged on join.
    const saved = loadPending(this.ref);
    if (saved) {
      Y.applyUpdate(doc, saved, REMOTE_ORIGIN);
      this.queued.push(saved);
    }
    doc.on('update', this.onLocalUpdate);
    this.socket = io({
      path: COLLAB_SOCKET_PATH,
      // Read at each (re)connection: the token may have been refreshed meanwhile. Never in the query string.
      auth: (cb) => cb({ token: readCookie(COOKIE.authToken) ?? '' }),
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20_000,
      transports: ['websocket'],
    });
    this.socket.on('connect', this.join);
    this.socket.on('disconnect', this.onDisconnect);
    this.socket.on('connect_error', this.onConnectError);
    this.socket.on('doc:update', this.onRemoteUpdate);
    this.socket.on('doc:presence', this.onPresence);
    this.socket.on('doc:access', this.onAccess);
    this.socket.on('doc:error', this.onError);
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('pagehide', this.persistNow);
    if (!navigator.onLine) this.onOffline();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  getStatus = () => this.status;

  private patch(patch: Partial<CollabStatus>) {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** The caret's turn and whether the user is typing in it (others see the turn as theirs). */
  setPresence(turnId: string | null, typing: boolean) {
    if (this.presence.turnId === turnId && this.presence.typing === typing) return;
    this.presence = { turnId, typing };
    if (this.presenceTimer) return;
    const wait = Math.max(0, this.presenceSentAt + PRESENCE_INTERVAL_MS - Date.now());
    this.presenceTimer = setTimeout(() => {
      this.presenceTimer = null;
      this.sendPresence();
    }, wait);
  }

  private sendPresence() {
    if (!this.joined) return;
    this.presenceSentAt = Date.now();
    this.socket.emit('doc:presence', { ...this.ref, ...this.presence });
  }

  close() {
    this.closed = true;
    this.doc.off('update', this.onLocalUpdate);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('pagehide', this.persistNow);
    this.persistNow();
    if (this.sendTimer) clearTimeout(this.sendTimer);
    if (this.presenceTimer) clearTimeout(this.presenceTimer);
    if (this.joined) this.socket.emit('doc:leave', this.ref);
    this.socket.disconnect();
    this.listeners.clear();
  }

  private join = () => {
    performance.mark('editor:join-sent');
    const stateVector = Y.encodeStateVector(this.doc);
    this.socket.emit('doc:join', { ...this.ref, stateVector, encoding: 'v2' }, (ack) => {
      if (this.closed) return;
      if (!ack.ok) {
        this.patch({ problem: { kind: 'join_failed', error: ack.error } });
        this.socket.disconnect();
        return;
      }
      // Marks for the editor's benchmark: when the server answered, and when its state was applied.
      performance.mark('editor:join-answered');
      this.applyRemote(new Uint8Array(ack.update), ack.encoding);
      performance.mark('editor:document-applied');
      this.joined = true;
      // Whatever the server lacks (offline edits, and anything sent but never acknowledged) goes
      // back as one update; Yjs updates are idempotent, so resending acknowledged ones is harmless.
      const missing = Y.encodeStateAsUpdate(this.doc, new Uint8Array(ack.stateVector));
      const outstanding = [...this.inFlight, ...this.queued];
      this.inFlight = [];
      this.queued = outstanding.length > 0 || hasContent(missing) ? [Y.mergeUpdates([...outstanding, missing])] : [];
      this.patch({
        access: ack.access,
        you: ack.you,
        peers: this.others(ack.you),
        synced: true,
        sync: navigator.onLine ? 'connected' : 'offline',
        problem: this.status.problem?.kind === 'join_failed' ? null : this.status.problem,
      });
      this.sendPresence();
      this.flush();
    });
  };

  private onLocalUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === REMOTE_ORIGIN) return;
    this.queued.push(update);
    // Unsaved from the keystroke: "saved" must never show while an edit waits for the throttled send.
    if (!this.status.unsaved) this.patch({ unsaved: true });
    this.persist();
    this.scheduleFlush();
  };

  private scheduleFlush() {
    if (this.sendTimer || !this.joined) return;
    // Never inside the keystroke itself: the edited turn is painted first, the network work follows.
    const wait = Math.max(0, this.lastSent + SEND_INTERVAL_MS - Date.now());
    this.sendTimer = setTimeout(() => {
      this.sendTimer = null;
      this.flush();
    }, wait);
  }

  /** One update in flight at a time: what is typed meanwhile is merged into the next one, so a slow server is never flooded. */
  private flush() {
    if (!this.joined || this.queued.length === 0 || this.inFlight.length > 0 || this.status.problem?.kind === 'update_failed') return;
    const update = this.queued.length === 1 ? this.queued[0]! : Y.mergeUpdates(this.queued);
    this.queued = [];
    if (update.byteLength > COLLAB_LIMITS.maxUpdateBytes) {
      this.fail('payload_too_large');
      return;
    }
    this.inFlight.push(update);
    this.lastSent = Date.now();
    if (!this.status.unsaved) this.patch({ unsaved: true });
    this.socket.timeout(ACK_TIMEOUT_MS).emit('doc:update', { ...this.ref, update }, (timedOut: Error | null, ack: CollabAck) => {
      if (this.closed) return;
      const index = this.inFlight.indexOf(update);
      // Already merged into a resend after a reconnect: that resend's answer counts.
      if (index < 0) return;
      this.inFlight.splice(index, 1);
      if (timedOut) {
        // No answer: it may or may not be stored, and resending it is harmless (updates are idempotent).
        this.queued.unshift(update);
        this.scheduleFlush();
        return;
      }
      if (!ack.ok) {
        this.fail(ack.error);
        return;
      }
      this.persist();
      if (this.queued.length > 0) this.scheduleFlush();
      else if (this.inFlight.length === 0) this.patch({ unsaved: false });
    });
  }

  /** A refused update was applied nowhere: this copy has diverged, so nothing more is sent. */
  private fail(error: ErrorCode) {
    clearPending(this.ref);
    this.queued = [];
    this.inFlight = [];
    this.patch({ problem: { kind: 'update_failed', error }, unsaved: false });
  }

  /** Saving is deferred off the keystroke path; a leaving page saves at once. */
  private persist() {
    if (this.persistTimer) return;
    this.persistTimer = setTimeout(this.persistNow, 300);
  }

  private persistNow = () => {
    if (this.persistTimer) clearTimeout(this.persistTimer);
    this.persistTimer = null;
    if (this.status.problem?.kind === 'update_failed') return;
    const outstanding = [...this.inFlight, ...this.queued];
    if (outstanding.length === 0) clearPending(this.ref);
    else savePending(this.ref, outstanding);
  };

  private onRemoteUpdate = (message: DocRef & { update: Uint8Array }) => {
    if (!this.isOurs(message)) return;
    this.applyRemote(new Uint8Array(message.update));
  };

  /**
   * Applies the server's changes. Yjs encodes every transaction again as an update for its `update`
   * listeners, and this client's only listener ignores the server's own changes: it is detached
   * meanwhile, which spares encoding the whole document once more when the join brings it (a tenth
   * of a second for a three-hour transcript). The join's answer is asked in Yjs' second update format,
   * which applies faster; relayed updates come in the first.
   */
  private applyRemote(update: Uint8Array, encoding: UpdateEncoding = 'v1') {
    this.doc.off('update', this.onLocalUpdate);
    try {
      (encoding === 'v2' ? Y.applyUpdateV2 : Y.applyUpdate)(this.doc, update, REMOTE_ORIGIN);
    } finally {
      if (!this.closed) this.doc.on('update', this.onLocalUpdate);
    }
  }

  /** A message about this document (not the media's transcript when this is a subtitle version, nor the reverse). */
  private isOurs(message: DocRef): boolean {
    return message.conversationId === this.ref.conversationId && (message.subtitleId ?? undefined) === this.ref.subtitleId;
  }

  private others(you: DocPeer | null = this.status.you): DocPeer[] {
    return you ? this.allPeers.filter((peer) => peer.clientId !== you.clientId) : [];
  }

  private onPresence = (message: DocRef & { peers: DocPeer[] }) => {
    if (!this.isOurs(message)) return;
    this.allPeers = message.peers;
    this.patch({ peers: this.others() });
  };

  private onAccess = (message: DocRef & { access: DocAccess | 'none' }) => {
    if (!this.isOurs(message)) return;
    if (message.access === 'none') {
      this.joined = false;
      this.patch({ problem: { kind: 'access_lost' }, access: 'read' });
      this.socket.disconnect();
      return;
    }
    this.patch({ access: message.access });
  };

  /**
   * A problem the server reports outside an acknowledgement (docs/collaboration.md, *Errors and
   * limits*): this copy can no longer be trusted, as after a refused update. There is no "rewritten
   * by someone else" case: every change, a re-transcription or a restore included, is a Yjs change of
   * the same document, which merges with this copy's; a merge that would break the transcript is
   * refused on the update's acknowledgement instead.
   */
  private onError = (message: DocRef & { error: ErrorCode }) => {
    if (!this.isOurs(message)) return;
    this.patch({ problem: { kind: 'update_failed', error: message.error } });
  };

  /** A refused handshake is not retried by socket.io: an expired token is renewed first, then it is. */
  private onConnectError = (error: Error & { data?: { code?: string } }) => {
    this.onDisconnect();
    const code = error.data?.code;
    if (!code || this.closed) return;
    if (code === 'token_expired' || code === 'unauthorized') {
      void refreshSession().then((renewed) => {
        if (renewed && !this.closed) this.socket.connect();
      });
    }
  };

  private onDisconnect = () => {
    this.joined = false;
    if (this.sendTimer) clearTimeout(this.sendTimer);
    this.sendTimer = null;
    if (this.closed || this.status.problem?.kind === 'access_lost') return;
    this.allPeers = [];
    this.patch({ sync: navigator.onLine ? 'reconnecting' : 'offline', peers: [] });
  };

  // The socket may take a long heartbeat to notice a lost network: the browser's own signal decides.
  private onOffline = () => {
    this.joined = false;
    this.socket.disconnect();
    this.allPeers = [];
    this.patch({ sync: 'offline', peers: [] });
  };

  private onOnline = () => {
    if (this.closed || this.status.problem?.kind === 'access_lost') return;
    this.patch({ sync: 'reconnecting' });
    this.socket.connect();
  };
}

/** An encoded update that carries something (an empty one is two zero bytes). */
function hasContent(update: Uint8Array): boolean {
  return update.byteLength > 2;
}
