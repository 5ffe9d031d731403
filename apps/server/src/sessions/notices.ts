/** Session notices on the session socket: to the organization's room, for those who may see the session. */
import type { SessionUpdate } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { sessionAccess } from '../policy.ts';
import { sessionsRepo, type SessionRow } from './repo.ts';

/** Who among the organization's members may see this session now (a private one: those who operate it). */
async function audience(ctx: AppContext, row: SessionRow): Promise<(userId: string) => boolean> {
  const members = await sessionsRepo.members(ctx.db, row.organizationId);
  const allowed = new Set(
    members
      .filter((member) => {
        // The owner's membership carries the owner's level.
        return sessionAccess({ id: member.userId, role: member.platformRole }, member.role, row) !== 'none';
      })
      .map((member) => member.userId),
  );
  return (userId) => allowed.has(userId);
}

/** Tells the organization's room that a session changed (after the change is committed); kind `bot` names the bot. */
export function sessionNotice(ctx: AppContext, row: SessionRow, kind: SessionUpdate['kind'], bot?: SessionUpdate['bot']): void {
  const { events } = ctx;
  if (!events.sessionChanged) return;
  const update: SessionUpdate = { sessionId: row.id, kind, status: row.status, ...(bot ? { bot } : {}) };
  audience(ctx, row)
    .then((mayView) => events.sessionChanged?.(row.organizationId, update, mayView))
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'session event not delivered'));
}
