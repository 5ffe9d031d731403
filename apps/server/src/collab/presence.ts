/**
 * Who is in each document on this process's sockets: identities come from the server (user id,
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
