/** Report rows → the API's shapes. */
import type { Report, ReportState } from '@palabre/shared';
import type { z } from 'zod';
import type { zReportVersion, zReportVersionDetail } from '@palabre/shared';
import { BUSY_STATES, type ReportRow, type ReportWithText, type VersionWithAuthor } from './repo.ts';

/** A report up to date with another transcript than the media's current one is outdated. */
export function stateOf(row: Pick<ReportRow, 'state' | 'transcriptFingerprint'>, currentFingerprint: string): ReportState {
  return row.state === 'up_to_date' && row.transcriptFingerprint !== currentFingerprint ? 'outdated' : row.state;
}

/**
 * The method named beside the text: the current version's (a restored extractive text is extractive,
 * whatever produced the last generation), and the queued generation's while one runs.
 */
const methodOf = (row: ReportWithText) => (BUSY_STATES.some((state) => state === row.state) ? row.method : (row.versionMethod ?? row.method));

export function presentReport(row: ReportWithText, currentFingerprint: string): Report {
  return {
    _id: row.id,
    conversationId: row.conversationId,
    kind: row.kind,
    state: stateOf(row, currentFingerprint),
    progress: row.state === 'generating' ? Math.min(1, Math.max(0, row.progress ?? 0)) : null,
    method: methodOf(row),
    profileName: row.profileName,
    language: row.language,
    error: row.state === 'error' ? row.error : null,
    markdown: row.markdown,
    versionId: row.currentVersionId,
    generatedAt: row.generatedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentVersion(version: VersionWithAuthor, currentVersionId: string | null): z.infer<typeof zReportVersion> {
  return {
    _id: version.id,
    origin: version.origin,
    method: version.method,
    author: version.authorId && version.authorName !== null ? { _id: version.authorId, name: version.authorName } : null,
    createdAt: version.createdAt.toISOString(),
    size: version.markdown.length,
    current: version.id === currentVersionId,
  };
}

export function presentVersionDetail(version: VersionWithAuthor, currentVersionId: string | null): z.infer<typeof zReportVersionDetail> {
  return { ...presentVersion(version, currentVersionId), markdown: version.markdown };
}
