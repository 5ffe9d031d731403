/**
 * The `report.generate` job: one per media and kind (deduplicated by `report:<media>:<kind>`). It
 * takes the queued report (generating), reads the transcript as the live document has it, writes the
 * Markdown with the report's AI profile or the extractive methods, and stores it as a `generated`
 * version with the transcript's fingerprint (up to date); a failure ends in `error` with its code.
 * Progress is stored and pushed as `report` notices, throttled.
 */
import type { AppContext } from '../context.ts';
import { usableAiProfile, type UsableAiProfile } from '../ai-profiles/resolve.ts';
import { conversationsRepo } from '../conversations/repo.ts';
import { AppError } from '../http/errors.ts';
import { throttledProgress, type ProgressWriter } from '../jobs/progress.ts';
import { defineJob, RETRY_TWICE, type JobDelivery } from '../jobs/registry.ts';
import { transcriptFingerprint } from '../subtitles/fingerprint.ts';
import { dispatchWebhooks } from '../webhooks/dispatch.ts';
import { reportData } from '../webhooks/events.ts';
import { generateReport, ReportGenerationError } from './generate.ts';
import { reportLabels } from './labels.ts';
import { reportTurns } from './material.ts';
import { reportsRepo, type ReportRow } from './repo.ts';
import { notifyReport } from './service.ts';

/** Progress is stored and pushed when it moved this much, or at least this often while it moves. */
const PROGRESS_STEP = 0.05;
const PROGRESS_INTERVAL_MS = 500;
/** A report asked for again while its job was ending is generated again by the same job, this many times at most. */
const MAX_ROUNDS = 5;

function progressWriter(ctx: AppContext, organizationId: string, report: ReportRow): ProgressWriter {
  return throttledProgress({
    step: PROGRESS_STEP,
    intervalMs: PROGRESS_INTERVAL_MS,
    store: (progress) => reportsRepo.progress(ctx.db, report.id, progress).then(() => undefined),
    push: (progress) => notifyReport(ctx, organizationId, report, 'generating', progress),
    onStoreError: (error) => ctx.log.warn({ err: error, reportId: report.id }, 'report progress not stored'),
  });
}

/** The profile a model report was asked with; gone or no longer usable here: the provider is unavailable. */
async function profileOf(ctx: AppContext, organizationId: string, report: ReportRow): Promise<UsableAiProfile | null> {
  if (report.method === 'extractive') return null;
  const missing = new ReportGenerationError('model_unavailable', 'The AI profile of this report no longer exists');
  if (!report.aiProfileId) throw missing;
  try {
    return await usableAiProfile(ctx, organizationId, report.aiProfileId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw missing;
    throw error;
  }
}

async function generateOnce(ctx: AppContext, report: ReportRow, delivery: JobDelivery): Promise<void> {
  const media = await conversationsRepo.facts(ctx.db, report.conversationId);
  if (!media) return;
  notifyReport(ctx, media.organizationId, report, 'generating', 0);
  const progress = progressWriter(ctx, media.organizationId, report);
  try {
    // Edits still waiting for the projection are written first, so the stored fingerprint is this one.
    await ctx.documents.flush();
    const transcript = await ctx.documents.read(report.conversationId);
    const details = await reportsRepo.mediaDetails(ctx.db, report.conversationId);
    const profile = await profileOf(ctx, media.organizationId, report);
    const generated = await generateReport({
      kind: report.kind,
      language: report.language,
      turns: transcript ? reportTurns(transcript, reportLabels(report.language).unknownSpeaker) : [],
      duration: details?.duration ?? null,
      profile,
      signal: delivery.signal,
      onProgress: progress.report,
    });
    await progress.flush();
    if (await reportsRepo.finish(ctx.db, report, { ...generated, fingerprint: transcriptFingerprint(transcript) })) {
      notifyReport(ctx, media.organizationId, report, 'up_to_date');
      await dispatchWebhooks(ctx, media.organizationId, 'report.ready', reportData(ctx, report, details ?? null));
    }
  } catch (error) {
    await progress.flush();
    // The process is stopping: the job is delivered again later.
    if (delivery.signal.aborted) throw error;
    if (error instanceof ReportGenerationError) {
      ctx.log.warn({ reportId: report.id, code: error.code }, 'report generation failed');
      if (await reportsRepo.fail(ctx.db, report.id, { code: error.code })) notifyReport(ctx, media.organizationId, report, 'error');
      return;
    }
    if (delivery.retryCount < delivery.retryLimit) {
      ctx.log.warn({ err: error, reportId: report.id, attempt: delivery.retryCount + 1 }, 'report generation failed, will be retried');
      throw error;
    }
    ctx.log.error({ err: error, reportId: report.id }, 'report generation failed');
    if (await reportsRepo.fail(ctx.db, report.id, { code: 'internal' })) notifyReport(ctx, media.organizationId, report, 'error');
  }
}

/** The `report.generate` job. */
export async function runReport(ctx: AppContext, payload: { conversationId: string; reportId: string }, delivery: JobDelivery): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const report = await reportsRepo.claim(ctx.db, payload.reportId);
    if (!report) {
      if (round === 0) ctx.log.info({ reportId: payload.reportId, job: delivery.id }, 'report job skipped: done, failed or deleted');
      return;
    }
    await generateOnce(ctx, report, delivery);
  }
}

/**
 * Mostly waiting on a model's server (extractive reports take well under a second); on the media
 * steps' workers. Model calls retry by themselves, so a job attempt is retried only after unexpected failures.
 */
export const reportJob = defineJob('report.generate', {
  handler: runReport,
  concurrency: 'mediaSteps',
  singletonKey: ({ conversationId, kind }) => `report:${conversationId}:${kind}`,
  retry: RETRY_TWICE,
  expireInSeconds: 2 * 60 * 60,
});

export const reportJobs = [reportJob];
