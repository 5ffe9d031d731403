/**
 * Runs one pipeline step around its work: claim the conversation (or skip a re-delivery), report
 * progress, move the status on and enqueue the next step; on failure, either let pg-boss retry
 * (errors that may pass) or end in 'error' with a human log and the step's partial files removed.
 */
import { isEngineError, PERMANENT_ENGINE_ERROR_CODES, withoutAddresses, type EngineErrorCode } from '@palabre/engines';
import type { PipelineStep } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { conversations } from '../db/schema.ts';
import type { JobDelivery } from '../jobs/registry.ts';
import { deleteKeys, workFolder } from './files.ts';
import { claimStep, completeStep, failConversation, nextStep, progressReporter, STEP_JOBS, type ConversationRow } from './state.ts';

/** A failure that retrying cannot fix; its message is shown to people as the reason. */
export class PipelineError extends Error {}

/** Engine failures that come from the media or the configuration, not from bad luck. */
const PERMANENT_ENGINE_ERRORS: ReadonlySet<EngineErrorCode> = new Set(PERMANENT_ENGINE_ERROR_CODES);

export interface StepContext {
  row: ConversationRow;
  report(fraction: number): void;
  work: { dir: string; file(name: string): string };
  signal: AbortSignal;
}

export interface StepDefinition {
  step: PipelineStep;
  run(ctx: AppContext, step: StepContext): Promise<Partial<typeof conversations.$inferInsert> | void>;
  /** Storage keys this step writes, removed when it fails for good. */
  outputs(row: ConversationRow): string[];
  /** Work the step hands to other jobs once its changes are stored (after the next step is sent). */
  completed?(ctx: AppContext, row: ConversationRow, changes: Partial<typeof conversations.$inferInsert>): Promise<void>;
}

/**
 * Tool messages name files by their full paths and components by their memory addresses; people
 * only need the file name and the reason.
 */
export function humanReason(error: unknown, step: PipelineStep): string {
  if (error instanceof PipelineError || isEngineError(error)) {
    return withoutAddresses(error.message.replace(/(?:file:)?\/[^\s:'"]*\/([^\s:'"/]+)/g, '$1')).slice(0, 1000);
  }
  return `an unexpected error stopped the ${step} step`;
}

export function isPermanent(error: unknown): boolean {
  if (error instanceof PipelineError) return true;
  return isEngineError(error) && PERMANENT_ENGINE_ERRORS.has(error.code);
}

export async function runStep(ctx: AppContext, definition: StepDefinition, conversationId: string, delivery: JobDelivery): Promise<void> {
  const { step } = definition;
  const claim = await claimStep(ctx, conversationId, step);
  if (!claim.run) {
    ctx.log.info({ conversationId, step, job: delivery.id }, `step skipped: ${claim.reason}`);
    return;
  }
  const { row } = claim;
  const reporter = progressReporter(ctx, row, step);
  const work = await workFolder(ctx, row.id);
  try {
    const changes = (await definition.run(ctx, { row, report: reporter.report, work, signal: delivery.signal })) ?? {};
    // Work files go before the new state is visible: whoever sees the step end sees no leftovers.
    await work.dispose();
    await reporter.flush();
    const moved = await completeStep(ctx, row, step, changes);
    const next = nextStep(step);
    // The next job's expiry follows the duration just stored (see pipeline/jobs.ts).
    if (moved && next) await ctx.jobs.send(STEP_JOBS[next], { conversationId: row.id });
    if (moved) await definition.completed?.(ctx, row, changes);
  } catch (error) {
    await reporter.flush();
    // The process is stopping: leave the job to be delivered again rather than fail the media.
    if (delivery.signal.aborted) throw error;
    const permanent = isPermanent(error);
    if (!permanent && delivery.retryCount < delivery.retryLimit) {
      ctx.log.warn({ err: error, conversationId, step, attempt: delivery.retryCount + 1 }, 'step failed, will be retried');
      throw error;
    }
    if (!permanent) ctx.log.error({ err: error, conversationId, step }, 'step failed');
    await deleteKeys(ctx, definition.outputs(row));
    await work.dispose();
    await failConversation(ctx, row, step, humanReason(error, step));
  } finally {
    await work.dispose();
  }
}
