/**
 * Reports of a media (docs/reports.md): generated as `report.generate` jobs (one per media and kind),
 * then edited and restored as versions. Rights come from the policy: `aiGenerationAccess` to generate
 * (write right and the organization's generate-summary permission), `reportAccess` to read, save and
 * restore; a media the caller cannot read is not found.
 */
import type { GenerateReportBody, Report, ReportKind } from '@palabre/shared';
import type { z } from 'zod';
import type { zReportVersionDetail, zReportVersionList } from '@palabre/shared';
import { usableAiProfile } from '../ai-profiles/resolve.ts';
import type { AppContext } from '../context.ts';
import { emit } from '../conversations/effects.ts';
import { conversationsRepo, type MediaFacts } from '../conversations/repo.ts';
import { levelIn, rightOn } from '../conversations/service.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { organizationsRepo } from '../organizations/repo.ts';
import { aiGenerationAccess, reportAccess, type MediaAccess } from '../policy.ts';
import { subtitlesRepo } from '../subtitles/repo.ts';
import type { ReportLanguage } from './labels.ts';
import { presentReport, presentVersion, presentVersionDetail } from './presenter.ts';
import { reportsRepo, type ReportRow, type ReportWithText } from './repo.ts';

function check(verdict: MediaAccess): void {
  if (verdict === 'hidden') throw notFound('Conversation');
  if (verdict === 'forbidden') throw new AppError('forbidden', 'Your rights on this media do not allow this');
}

/** The media when the caller may read its reports (`change`: save or restore them; `generate`: ask for one). */
export async function mediaFor(ctx: AppContext, actor: Actor, id: string, need: 'read' | 'change' | 'generate'): Promise<MediaFacts> {
  const media = await conversationsRepo.facts(ctx.db, id);
  if (!media) throw notFound('Conversation');
  const right = await rightOn(ctx, actor, media);
  if (need === 'generate') {
    // The read right is checked first: a media the caller cannot see stays not found.
    check(reportAccess(right, false));
    const org = await organizationsRepo.byId(ctx.db, media.organizationId);
    if (!org) throw notFound('Conversation');
    check(aiGenerationAccess(await levelIn(ctx, actor, media.organizationId), org, right, 'report'));
  } else check(reportAccess(right, need === 'change'));
  return media;
}

/** The fingerprint of the media's stored transcript (it follows the live document within the projection's debounce). */
export async function currentFingerprint(ctx: AppContext, conversationId: string): Promise<string> {
  return (await subtitlesRepo.transcriptFingerprint(ctx.db, conversationId)) ?? '';
}

export function notifyReport(ctx: AppContext, organizationId: string, row: Pick<ReportRow, 'conversationId' | 'kind'>, state: Report['state'], progress?: number): void {
  emit(ctx, organizationId, { conversationId: row.conversationId, kind: 'report', reportKind: row.kind, reportState: state, ...(progress === undefined ? {} : { progress }) });
}

async function present(ctx: AppContext, row: ReportWithText): Promise<Report> {
  return presentReport(row, await currentFingerprint(ctx, row.conversationId));
}

async function reportOf(ctx: AppContext, mediaId: string, kind: ReportKind): Promise<ReportWithText> {
  const row = await reportsRepo.byKind(ctx.db, mediaId, kind);
  if (!row) throw notFound('Report');
  return row;
}

export async function list(ctx: AppContext, actor: Actor, id: string): Promise<{ reports: Report[] }> {
  const media = await mediaFor(ctx, actor, id, 'read');
  const rows = await reportsRepo.list(ctx.db, media.id);
  const fingerprint = rows.length > 0 ? await currentFingerprint(ctx, media.id) : '';
  return { reports: rows.map((row) => presentReport(row, fingerprint)) };
}

export async function get(ctx: AppContext, actor: Actor, id: string, kind: ReportKind): Promise<Report> {
  const media = await mediaFor(ctx, actor, id, 'read');
  return present(ctx, await reportOf(ctx, media.id, kind));
}

/** The report's language: asked for, else the media's when English or French, else the caller's. */
export function reportLanguage(asked: ReportLanguage | undefined, mediaLanguage: string | null, userLocale: string | null | undefined): ReportLanguage {
  if (asked) return asked;
  const media = mediaLanguage?.toLowerCase().slice(0, 2);
  if (media === 'en' || media === 'fr') return media;
  return userLocale === 'fr-FR' ? 'fr' : 'en';
}

/**
 * Queues a generation, or answers the report a job already owns (queued or generating) without a
 * second job. The AI profile is the one asked for, else the default one; none: extractive.
 */
export async function generate(ctx: AppContext, actor: Actor, id: string, body: GenerateReportBody): Promise<Report> {
  const media = await mediaFor(ctx, actor, id, 'generate');
  if (!media.hasTranscript) throw new AppError('conflict', 'This media has no transcript yet: reports are made from it');
  const details = await reportsRepo.mediaDetails(ctx.db, media.id);
  const profile = await usableAiProfile(ctx, media.organizationId, body.profileId);
  const { row: report, created } = await reportsRepo.request(ctx.db, {
    conversationId: media.id,
    kind: body.kind,
    method: profile ? 'model' : 'extractive',
    aiProfileId: profile?.id ?? null,
    profileName: profile?.name ?? null,
    language: reportLanguage(body.language, details?.language ?? null, actor.user.locale),
    requestedBy: actor.user.id,
  });
  if (created) {
    await ctx.jobs.send('report.generate', { conversationId: media.id, kind: body.kind, reportId: report.id });
    notifyReport(ctx, media.organizationId, report, 'queued');
  }
  return present(ctx, report);
}

/**
 * A regeneration asked through the download form: in the report's language when it exists, with the
 * default AI profile (else extractive).
 */
export async function regenerate(ctx: AppContext, actor: Actor, id: string, kind: ReportKind): Promise<Report> {
  const media = await mediaFor(ctx, actor, id, 'generate');
  const existing = await reportsRepo.byKind(ctx.db, media.id, kind);
  return generate(ctx, actor, id, { kind, ...(existing ? { language: existing.language } : {}) });
}

function refusal(outcome: 'busy' | 'stale'): AppError {
  return outcome === 'busy'
    ? new AppError('generation_in_progress', 'This report is being generated: wait until it is done')
    : new AppError('conflict', 'This report changed since you opened it: reload it before saving');
}

/** Saves an edited text as the new current version. */
export async function save(ctx: AppContext, actor: Actor, id: string, kind: ReportKind, body: { markdown: string; baseVersionId?: string | undefined }): Promise<Report> {
  const media = await mediaFor(ctx, actor, id, 'change');
  const report = await reportOf(ctx, media.id, kind);
  const current = report.currentVersionId ? await reportsRepo.version(ctx.db, report.id, report.currentVersionId) : undefined;
  const outcome = await reportsRepo.addVersion(ctx.db, report, {
    origin: 'edited',
    method: current?.method ?? report.method,
    authorId: actor.user.id,
    markdown: body.markdown,
    baseVersionId: body.baseVersionId,
  });
  if (outcome !== 'saved') throw refusal(outcome);
  const saved = await reportOf(ctx, media.id, kind);
  const presented = await present(ctx, saved);
  notifyReport(ctx, media.organizationId, saved, presented.state);
  return presented;
}

export async function versions(ctx: AppContext, actor: Actor, id: string, kind: ReportKind): Promise<z.infer<typeof zReportVersionList>> {
  const media = await mediaFor(ctx, actor, id, 'read');
  const report = await reportOf(ctx, media.id, kind);
  return { versions: (await reportsRepo.versions(ctx.db, report.id)).map((v) => presentVersion(v, report.currentVersionId)) };
}

export async function version(ctx: AppContext, actor: Actor, id: string, kind: ReportKind, versionId: string): Promise<z.infer<typeof zReportVersionDetail>> {
  const media = await mediaFor(ctx, actor, id, 'read');
  const report = await reportOf(ctx, media.id, kind);
  const found = await reportsRepo.version(ctx.db, report.id, versionId);
  if (!found) throw notFound('Version');
  return presentVersionDetail(found, report.currentVersionId);
}

/** Makes an earlier version's text current again, as a new version. */
export async function restore(ctx: AppContext, actor: Actor, id: string, kind: ReportKind, versionId: string): Promise<Report> {
  const media = await mediaFor(ctx, actor, id, 'change');
  const report = await reportOf(ctx, media.id, kind);
  const source = await reportsRepo.version(ctx.db, report.id, versionId);
  if (!source) throw notFound('Version');
  const outcome = await reportsRepo.addVersion(ctx.db, report, { origin: 'restored', method: source.method, authorId: actor.user.id, markdown: source.markdown });
  if (outcome !== 'saved') throw refusal(outcome);
  const saved = await reportOf(ctx, media.id, kind);
  const presented = await present(ctx, saved);
  notifyReport(ctx, media.organizationId, saved, presented.state);
  return presented;
}

/** A report's current text for a download (read right); a report without one is not found. */
export async function reportText(ctx: AppContext, actor: Actor, id: string, kind: ReportKind): Promise<{ report: Report; mediaName: string; organizationId: string }> {
  const media = await mediaFor(ctx, actor, id, 'read');
  const row = await reportOf(ctx, media.id, kind);
  if (!row.markdown) throw notFound('Report');
  const details = await reportsRepo.mediaDetails(ctx.db, media.id);
  return { report: await present(ctx, row), mediaName: details?.name ?? '', organizationId: media.organizationId };
}
