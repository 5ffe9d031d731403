/**
 * Transcriber profile endpoints under the outbound-address policy (net/profile-endpoint.ts): the
 * approval flag stored with the config, and the fetch every call to an engine's endpoint uses.
 */
import type { Config } from '../config.ts';
import { profileEndpointFetch, type EndpointSettings } from '../net/profile-endpoint.ts';
import type { TranscriberProfileRow } from './repo.ts';

/** The stored config, with the approval flag the API never shows. */
export type StoredProfileConfig = TranscriberProfileRow['config'] & Pick<EndpointSettings, 'internalEndpoint'>;

/** A transcription answer (verbose_json with word timings) stays far below this. */
export const MAX_ENGINE_RESPONSE_BYTES = 64 * 1024 * 1024;

/** The fetch every call to a transcriber profile's endpoint uses. */
export function profileFetch(config: Config, profile: Pick<TranscriberProfileRow, 'config' | 'organizationId'>): typeof globalThis.fetch {
  return profileEndpointFetch(config, profile, MAX_ENGINE_RESPONSE_BYTES);
}
