/**
 * Who manages and who sees a configured profile (transcriber and AI profiles alike): a global one
 * (no organization) is managed by platform administrators and seen by everyone signed in; an
 * organization's is managed by its admins (and platform administrators) and seen by its members.
 */
import type { AppContext } from '../context.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { platform } from '../policy.ts';
import { authorize, authorizeOrBackoffice } from './service.ts';

/** `what` names the kind in messages: "transcriber profiles", "AI profiles". */
export async function assertMayManageProfile(ctx: AppContext, actor: Actor, organizationId: string | null, what: string): Promise<void> {
  if (organizationId === null) {
    if (!platform.backoffice(actor.user)) throw new AppError('forbidden', `Only platform administrators manage global ${what}`);
    return;
  }
  await authorizeOrBackoffice(ctx, actor, organizationId, 'update');
}

/** A profile the actor may see: global ones, their organizations' ones; else not found (`what`: "Transcriber profile"). */
export async function assertMaySeeProfile<T extends { organizationId: string | null }>(ctx: AppContext, actor: Actor, row: T | undefined, what: string): Promise<T> {
  if (!row) throw notFound(what);
  if (row.organizationId !== null && !platform.backoffice(actor.user)) {
    await authorize(ctx, actor, row.organizationId, 'read').catch(() => {
      throw notFound(what);
    });
  }
  return row;
}
