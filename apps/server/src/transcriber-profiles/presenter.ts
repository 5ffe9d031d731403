/** The API shape of a transcriber profile: the API key never leaves the server. */
import type { TranscriberProfile } from '@palabre/shared';
import type { Config } from '../config.ts';
import { availability } from './availability.ts';
import type { TranscriberProfileRow } from './repo.ts';

export function presentTranscriberProfile(config: Config, row: TranscriberProfileRow): TranscriberProfile {
  const { apiKey, ...rest } = row.config;
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    languages: row.languages,
    translations: row.translations,
    organizationId: row.organizationId,
    scope: row.organizationId === null ? 'global' : 'organization',
    quickMeeting: row.quickMeeting,
    diarization: row.diarization,
    isDefault: row.isDefault,
    config: { ...(rest.model ? { model: rest.model } : {}), ...(rest.endpoint ? { endpoint: rest.endpoint } : {}), hasApiKey: Boolean(apiKey) },
    availability: availability(config, row),
  };
}
