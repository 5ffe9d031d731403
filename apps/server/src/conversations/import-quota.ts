/**
 * URL imports one user may have queued or downloading at once, across all their organizations
 * (MEDIA_IMPORTS_PER_USER). The import workers are shared by the whole server and the queue's
 * fairness is per organization: without this, one user member of several organizations could hold
 * every worker for as long as slow downloads last.
 *
 * The media is recorded as pending first and counted after: two requests at once both count each
 * other, so the cap can refuse one too many but never lets one too many through, on any number of
 * servers.
 */
import type { AppContext } from '../context.ts';
import { tooManyRequests } from '../http/budget.ts';
import { conversationsRepo } from './repo.ts';

export const tooManyImports = (cap: number) => tooManyRequests(`You already have ${cap} media being imported from an address; try again when one of them has been downloaded`);

/** True when the owner's imports in progress, the one just recorded included, are within the cap. */
export async function withinImportCap(ctx: AppContext, ownerId: string | null): Promise<boolean> {
  // A media whose owner left the platform counts for nobody; only members with write right retry it.
  if (!ownerId) return true;
  return (await conversationsRepo.importsInProgress(ctx.db, ownerId)) <= ctx.config.mediaImportsPerUser;
}
