/** Subtitle versions as the API answers them. */
import type { Screen, SubtitleVersion, SubtitleVersionSummary } from '@palabre/shared';
import type { SubtitleVersionRow } from './repo.ts';

/** `fingerprint`: the media's transcript now (transcriptChanged compares the version's with it). */
export function presentSummary(row: SubtitleVersionRow, fingerprint: string, screens = row.screenCount): SubtitleVersionSummary {
  return {
    _id: row.id,
    conversationId: row.conversationId,
    name: row.name,
    settings: row.settings,
    screens,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    transcriptChanged: row.transcriptFingerprint !== fingerprint,
  };
}

export function presentVersion(row: SubtitleVersionRow, fingerprint: string, screenList: Screen[]): SubtitleVersion {
  return { ...presentSummary(row, fingerprint, screenList.length), screenList };
}
