/** Favorites (starred media) and the personal lists: favorites and media shared with the caller. */
import { requireWriteOwn } from '../api-keys/read-only.ts';
import type { AppContext } from '../context.ts';
import type { Actor } from '../http/auth.ts';
import { access, listScope, type ConversationPage } from '../conversations/service.ts';
import type { ListOptions } from '../conversations/library/repo.ts';
import { favoritesRepo } from './repo.ts';

/** PUT /users/self/favorites/{id}: stars a media the caller can read. */
export async function star(ctx: AppContext, actor: Actor, id: string): Promise<{ favorites: string[] }> {
  const { row } = await access(ctx, actor, id);
  requireWriteOwn(actor);
  await favoritesRepo.add(ctx.db, actor.user.id, row.id);
  return { favorites: await favoritesRepo.idsOf(ctx.db, actor.user.id) };
}

/**
 * DELETE /users/self/favorites/{id}: removes the star, even from a media the caller can no longer
 * read; a media neither starred nor readable is not found.
 */
export async function unstar(ctx: AppContext, actor: Actor, id: string): Promise<{ favorites: string[] }> {
  const starred = await favoritesRepo.among(ctx.db, actor.user.id, [id]);
  if (!starred.has(id)) await access(ctx, actor, id);
  requireWriteOwn(actor);
  if (starred.has(id)) await favoritesRepo.remove(ctx.db, actor.user.id, id);
  return { favorites: await favoritesRepo.idsOf(ctx.db, actor.user.id) };
}

/** GET /users/self/favorites: starred media the caller can still read. */
export function favorites(ctx: AppContext, actor: Actor, organizationId: string | undefined, options: ListOptions): Promise<ConversationPage> {
  return listScope(ctx, actor, { kind: 'favorites', organizationId }, options);
}

/** GET /conversations/shared: media the caller reads through a per-user right. */
export function shared(ctx: AppContext, actor: Actor, organizationId: string | undefined, options: ListOptions): Promise<ConversationPage> {
  return listScope(ctx, actor, { kind: 'shared', organizationId }, options);
}
