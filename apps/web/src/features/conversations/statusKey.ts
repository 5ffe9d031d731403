/** The translation key of a media's processing status. */
import { MEDIA_STATUSES, PIPELINE_STEPS } from '@palabre/shared';

const KNOWN: readonly string[] = [...MEDIA_STATUSES, ...PIPELINE_STEPS];

/**
 * `conversations:statuses.<status>`, or the "unknown" words for a status this client does not know
 * (a newer server, a damaged row): never a raw key on screen.
 */
export function mediaStatusKey(status: string): `statuses.${string}` {
  return KNOWN.includes(status) ? `statuses.${status}` : 'statuses.unknown';
}
