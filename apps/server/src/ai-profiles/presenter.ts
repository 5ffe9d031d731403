/** The API shape of an AI profile: the API key never leaves the server. */
import type { AiProfile } from '@palabre/shared';
import type { Availability } from './availability.ts';
import type { AiProfileRow } from './repo.ts';

export function presentAiProfile(row: AiProfileRow, availability: Availability): AiProfile {
  const { endpoint, model, apiKey, contextTokens } = row.config;
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    organizationId: row.organizationId,
    scope: row.organizationId === null ? 'global' : 'organization',
    isDefault: row.isDefault,
    config: { endpoint, model, contextTokens, hasApiKey: Boolean(apiKey) },
    availability,
  };
}
