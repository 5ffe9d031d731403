/** The API shape of a media's keywords: `outdated` is read from the transcript's fingerprint. */
import type { Keywords } from '@palabre/shared';
import type { KeywordsRow } from './repo.ts';

export const NO_KEYWORDS: Keywords = { state: 'none', method: null, profileName: null, keywords: [], error: null, generatedAt: null };

export function presentKeywords(row: KeywordsRow | undefined, currentFingerprint: string, profileName: string | null): Keywords {
  if (!row) return NO_KEYWORDS;
  const outdated = row.state === 'up_to_date' && row.transcriptFingerprint !== currentFingerprint;
  return {
    state: outdated ? 'outdated' : row.state,
    method: row.method,
    profileName: row.method === 'model' ? profileName : null,
    keywords: row.keywords,
    error: row.state === 'error' ? row.error : null,
    generatedAt: row.generatedAt?.toISOString() ?? null,
  };
}
