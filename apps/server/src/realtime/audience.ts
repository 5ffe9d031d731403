/**
 * Who may receive a notice about a media: the users of its organization's room who can read it,
 * decided by the policy (conversationRight) from the media, the organization's owner, its members'
 * roles and the per-user rights. Facts are cached briefly, since progress notices come in bursts.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { conversationRights, conversations, memberships, organizations } from '../db/schema.ts';
import { conversationRight, givesAccess, organizationLevel } from '../policy.ts';

/** Whether a user may read the media; null when the media is gone. */
export type Audience = ((userId: string) => boolean) | null;

const TTL_MS = 2000;

export function audienceOf(db: Database) {
  const cache = new Map<string, { at: number; audience: Promise<Audience> }>();

  async function load(conversationId: string): Promise<Audience> {
    const [media] = await db
      .select({ ownerId: conversations.ownerId, membersRight: conversations.membersRight, organizationOwner: organizations.ownerId, organizationId: conversations.organizationId })
      .from(conversations)
      .innerJoin(organizations, eq(organizations.id, conversations.organizationId))
      .where(eq(conversations.id, conversationId));
    if (!media) return null;
    const [members, custom] = await Promise.all([
      db.select({ userId: memberships.userId, role: memberships.role }).from(memberships).where(eq(memberships.organizationId, media.organizationId)),
      db.select({ userId: conversationRights.userId, right: conversationRights.right }).from(conversationRights).where(eq(conversationRights.conversationId, conversationId)),
    ]);
    const roles = new Map(members.map((m) => [m.userId, m.role]));
    const rights = new Map(custom.map((c) => [c.userId, c.right]));
    return (userId) => {
      const user = { id: userId, role: 0 };
      const level = organizationLevel(user, { ownerId: media.organizationOwner }, roles.get(userId) ?? null);
      return givesAccess(conversationRight(user, media, level, rights.get(userId) ?? null));
    };
  }

  return (conversationId: string, options: { fresh?: boolean } = {}): Promise<Audience> => {
    const now = Date.now();
    const hit = cache.get(conversationId);
    if (hit && now - hit.at < TTL_MS && !options.fresh) return hit.audience;
    for (const [key, entry] of cache) if (now - entry.at >= TTL_MS) cache.delete(key);
    const audience = load(conversationId);
    cache.set(conversationId, { at: now, audience });
    return audience;
  };
}
