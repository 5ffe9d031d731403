/**
 * Which AI profile a generation uses in an organization: the one asked for (global, or the
 * organization's own), else the organization's default, else the global default; none means the
 * extractive methods. Calls to a profile's endpoint go through the outbound-address policy
 * (`aiProfileFetch`).
 */
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { profileEndpointFetch, type EndpointSettings } from '../net/profile-endpoint.ts';
import { aiProfilesRepo, type AiProfileRow } from './repo.ts';

export type { AiProfileRow } from './repo.ts';

/** The stored config, with the approval flag the API never shows (as for transcriber profiles). */
export type StoredAiConfig = AiProfileRow['config'] & Pick<EndpointSettings, 'internalEndpoint'>;

/** Chat answers are text: far below this. */
export const MAX_CHAT_RESPONSE_BYTES = 16 * 1024 * 1024;

/** What a generation needs of a profile: its name (shown with results), the model, and the fetch its calls go through. */
export interface UsableAiProfile {
  id: string;
  name: string;
  model: { endpoint: string; model: string; apiKey?: string; contextTokens: number };
  fetch: typeof globalThis.fetch;
}

/**
 * The fetch every call to an AI profile's endpoint uses: checked and pinned address, no redirect
 * followed, bounded answers. Global profiles are saved by system administrators only, so their
 * endpoints count as approved; an organization's only when an administrator approved it.
 */
export function aiProfileFetch(config: Config, profile: Pick<AiProfileRow, 'config' | 'organizationId'>): typeof globalThis.fetch {
  return profileEndpointFetch(config, profile, MAX_CHAT_RESPONSE_BYTES);
}

export function usable(config: Config, row: AiProfileRow): UsableAiProfile {
  const { endpoint, model, apiKey, contextTokens } = row.config;
  return { id: row.id, name: row.name, model: { endpoint, model, ...(apiKey ? { apiKey } : {}), contextTokens }, fetch: aiProfileFetch(config, row) };
}

/**
 * The profile to use: `choice` is a profile id, "extractive" (none), or absent (the default). An id
 * that is not usable in the organization is not found.
 */
export async function usableAiProfile(ctx: AppContext, organizationId: string, choice?: string): Promise<UsableAiProfile | null> {
  if (choice === 'extractive') return null;
  if (choice) {
    const row = await aiProfilesRepo.usableIn(ctx.db, organizationId, choice);
    if (!row) throw new AppError('not_found', 'AI profile not found');
    return usable(ctx.config, row);
  }
  const row = await aiProfilesRepo.defaultIn(ctx.db, organizationId);
  return row ? usable(ctx.config, row) : null;
}
