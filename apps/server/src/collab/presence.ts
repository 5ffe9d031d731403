/**
 * Who is in each document, on this process's sockets and (announced) on other nodes: identities come from the server (user id,
 * display name from the account, a colour derived from the user id), never from the client.
 */
import crypto from 'node:crypto';
import type { DocPeer } from '@palabre/shared';

/** A stable, readable colour per user (the same on every node and in every tab). */
export function colorOf(userId: string): string {
  const hue = crypto.createHash('sha256').update(userId).digest().readUInt16BE(0) % 360;
  return `hsl(${hue}, 65%, 45%)`;
}

export class PresenceRooms {
  private readonly rooms = new Map<string, Map<string, DocPeer>>();

  join(conversationId: string, peer: DocPeer): void {
    let room = this.rooms.get(conversationId);
    if (!room) this.rooms.set(conversationId, (room = new Map()));
    room.set(peer.clientId, peer);
  }

  /** Answers whether anything changed. */
  update(conversationId: string, clientId: string, state: { turnId: string | null; typing: boolean }): boolean {
    const peer = this.rooms.get(conversationId)?.get(clientId);
    if (!peer || (peer.turnId === state.turnId && peer.typing === state.typing)) return false;
    peer.turnId = state.turnId;
    peer.typing = state.typing;
    return true;
  }

  leave(conversationId: string, clientId: string): boolean {
    const room = this.rooms.get(conversationId);
    if (!room?.delete(clientId)) return false;
    if (room.size === 0) this.rooms.delete(conversationId);
    return true;
  }

  peers(conversationId: string): DocPeer[] {
    return [...(this.rooms.get(conversationId)?.values() ?? [])].map((peer) => ({ ...peer }));
  }
}

/** How often a node tells the others who it has in each document, and how long others believe it. */
export const PRESENCE_ANNOUNCE_MS = 10_000;
const PRESENCE_TTL_MS = 25_000;

/**
 * The peers other nodes announced, per document and node. A node that stops announcing (it died) is
 * forgotten after PRESENCE_TTL_MS.
 */
export class RemotePresence {
  private readonly rooms = new Map<string, Map<string, { peers: DocPeer[]; at: number }>>();

  set(key: string, node: string, peers: DocPeer[], now = Date.now()): void {
    let room = this.rooms.get(key);
    if (peers.length === 0) {
      room?.delete(node);
      if (room?.size === 0) this.rooms.delete(key);
      return;
    }
    if (!room) this.rooms.set(key, (room = new Map()));
    room.set(node, { peers, at: now });
  }

  peers(key: string, now = Date.now()): DocPeer[] {
    const room = this.rooms.get(key);
    if (!room) return [];
    const peers: DocPeer[] = [];
    for (const [node, entry] of room) {
      if (now - entry.at > PRESENCE_TTL_MS) room.delete(node);
      else peers.push(...entry.peers.map((peer) => ({ ...peer })));
    }
    if (room.size === 0) this.rooms.delete(key);
    return peers;
  }
}
