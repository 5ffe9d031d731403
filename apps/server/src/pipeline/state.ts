/**
 * The processing state of a conversation: which step owns it, overall progress, the steps list,
 * the human log on error, and the progress pushed to the organization's socket room.
 *
 * The conversation's `status` is the pipeline's source of truth. A step runs only while the
 * status is its own (or the one just before it, for the first step); a job for a step the status
 * has already passed is a re-delivery and does nothing. That is what makes every handler idempotent.
 */
import { and, eq } from 'drizzle-orm';
import { isActiveMediaStatus, PIPELINE_STEPS, type ActiveMediaStatus, type JobName, type MediaStatus, type PipelineStep } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { conversations, type ProcessingState } from '../db/schema.ts';
import { dispatchWebhooks } from '../webhooks/dispatch.ts';
import { mediaColumns, mediaData } from '../webhooks/events.ts';

export type ConversationRow = typeof conversations.$inferSelect;

/**
 * The job that runs each step: the pipeline enqueues the next step's job from it, and crash
 * recovery the job of the step a media is stuck in. A step without its job fails the type check.
 */
export const STEP_JOBS = {
  preprocessing: 'media.preprocess',
  transcription: 'media.transcribe',
  diarization: 'media.diarize',
  punctuation: 'media.punctuate',
  postprocessing: 'media.finalize',
} as const satisfies Record<PipelineStep, JobName>;
export type StepJobName = (typeof STEP_JOBS)[PipelineStep];

/** Share of the overall progress each step stands for (transcription dominates the wall time). */
const WEIGHTS: Record<PipelineStep, number> = {
  preprocessing: 0.15,
  transcription: 0.65,
  diarization: 0.05,
  punctuation: 0.05,
  postprocessing: 0.1,
};

/** The product's processing-error message (docs/PRODUCT.md, Messages), followed by the reason. */
export const ERROR_MESSAGE = 'An error has occured during processing the audio';

/** Progress events per conversation are pushed at most this often. */
export const PROGRESS_THROTTLE_MS = 500;

export function nextStep(step: PipelineStep): PipelineStep | null {
  return PIPELINE_STEPS[PIPELINE_STEPS.indexOf(step) + 1] ?? null;
}

/** The step a media still processing is in (pending counts as "before the first step"). */
export function stepOfActiveStatus(status: ActiveMediaStatus): PipelineStep {
  return status === 'pending' ? PIPELINE_STEPS[0] : status;
}

/** The step a status is in, or null once processing has ended. */
export function stepOfStatus(status: MediaStatus): PipelineStep | null {
  return isActiveMediaStatus(status) ? stepOfActiveStatus(status) : null;
}

/** The job that moves a media still processing on: its current step's job. */
export function jobOfStatus(status: ActiveMediaStatus): StepJobName {
  return STEP_JOBS[stepOfActiveStatus(status)];
}

export function overallProgress(step: PipelineStep, fraction: number): number {
  let total = 0;
  for (const s of PIPELINE_STEPS) {
    if (s === step) return Math.min(1, total + WEIGHTS[s] * Math.max(0, Math.min(1, fraction)));
    total += WEIGHTS[s];
  }
  return total;
}

export function initialSteps(): ProcessingState['steps'] {
  return PIPELINE_STEPS.map((name) => ({ name, state: 'waiting' as const, progress: 0 }));
}

function stepsWith(processing: ProcessingState, step: PipelineStep, state: ProcessingState['steps'][number]['state'], progress: number): ProcessingState['steps'] {
  const steps = processing.steps.length === PIPELINE_STEPS.length ? processing.steps : initialSteps();
  const index = PIPELINE_STEPS.indexOf(step);
  return steps.map((s, i) => {
    if (s.name === step) return { ...s, state, progress };
    // Steps before the current one are over (done, or skipped when they had nothing to do).
    if (i < index && (s.state === 'waiting' || s.state === 'running')) return { ...s, state: 'done' as const, progress: 1 };
    return s;
  });
}

export async function loadConversation(ctx: AppContext, id: string): Promise<ConversationRow | undefined> {
  return (await ctx.db.select().from(conversations).where(eq(conversations.id, id)))[0];
}

const lastPush = new Map<string, number>();

function push(ctx: AppContext, row: Pick<ConversationRow, 'id' | 'organizationId'>, status: MediaStatus, progress: number, force: boolean): void {
  const now = Date.now();
  const last = lastPush.get(row.id) ?? 0;
  if (!force && now - last < PROGRESS_THROTTLE_MS) return;
  lastPush.set(row.id, now);
  if (!isActiveMediaStatus(status)) lastPush.delete(row.id);
  ctx.events.conversationChanged(row.organizationId, { conversationId: row.id, kind: 'progress', status, progress: Math.round(progress * 1000) / 1000 });
}

export type Claim = { run: true; row: ConversationRow } | { run: false; reason: string };

/**
 * Takes the conversation for a step: only when its status is the step's own (a re-delivery after
 * a crash redoes the step: steps overwrite their outputs) or, for preprocessing, still pending.
 * The conditional update keeps two deliveries racing from both claiming it.
 */
export async function claimStep(ctx: AppContext, conversationId: string, step: PipelineStep): Promise<Claim> {
  const row = await loadConversation(ctx, conversationId);
  if (!row) return { run: false, reason: 'conversation deleted' };
  const current = stepOfStatus(row.status);
  if (current === null) return { run: false, reason: `conversation is ${row.status}` };
  if (current !== step) {
    const ahead = PIPELINE_STEPS.indexOf(current) > PIPELINE_STEPS.indexOf(step);
    return { run: false, reason: ahead ? `step ${step} already done (conversation is ${row.status})` : `conversation is still ${row.status}` };
  }
  const progress = overallProgress(step, 0);
  const processing: ProcessingState = { steps: stepsWith(row.processing, step, 'running', 0) };
  const [claimed] = await ctx.db
    .update(conversations)
    .set({ status: step, progress, processing })
    .where(and(eq(conversations.id, row.id), eq(conversations.status, row.status)))
    .returning();
  if (!claimed) return { run: false, reason: 'claimed by another delivery' };
  push(ctx, claimed, step, progress, true);
  return { run: true, row: claimed };
}

/** Reports a step's progress (fraction in [0, 1]): stored and pushed, both throttled. */
export function progressReporter(ctx: AppContext, row: ConversationRow, step: PipelineStep): { report(fraction: number): void; flush(): Promise<void> } {
  let chain: Promise<unknown> = Promise.resolve();
  let lastWrite = 0;
  let best = 0;
  return {
    report(fraction: number) {
      if (fraction <= best) return;
      best = fraction;
      const now = Date.now();
      if (now - lastWrite < PROGRESS_THROTTLE_MS) return;
      lastWrite = now;
      const progress = overallProgress(step, fraction);
      const steps = stepsWith(row.processing, step, 'running', Math.round(fraction * 1000) / 1000);
      chain = chain
        .then(() =>
          ctx.db
            .update(conversations)
            .set({ progress, processing: { steps } })
            .where(and(eq(conversations.id, row.id), eq(conversations.status, step))),
        )
        .catch((error: unknown) => ctx.log.warn({ err: error, conversationId: row.id }, 'progress not stored'));
      push(ctx, row, step, progress, false);
    },
    flush: () => chain.then(() => undefined),
  };
}

/**
 * Ends a step: the status moves to the next step (or done) in one conditional update, with any
 * other column changes the step brings. Returns false when the conversation was changed meanwhile
 * (deleted, or reset for a retry): the caller then enqueues nothing.
 */
export async function completeStep(ctx: AppContext, row: ConversationRow, step: PipelineStep, changes: Partial<typeof conversations.$inferInsert> = {}): Promise<boolean> {
  const next = nextStep(step);
  const status: MediaStatus = next ?? 'done';
  const progress = next ? overallProgress(next, 0) : 1;
  let steps = stepsWith(row.processing, step, 'done', 1);
  if (!next) steps = steps.map((s) => ({ ...s, state: s.state === 'skipped' ? 'skipped' : 'done', progress: 1 }));
  const [updated] = await ctx.db
    .update(conversations)
    .set({ ...changes, status, progress, processing: { steps }, ...(next ? {} : { updatedAt: new Date() }) })
    .where(and(eq(conversations.id, row.id), eq(conversations.status, step)))
    .returning(mediaColumns);
  if (!updated) return false;
  push(ctx, row, status, progress, true);
  if (!next) await dispatchWebhooks(ctx, updated.organizationId, 'media.processed', mediaData(ctx, updated));
  return true;
}

/** Marks a step as skipped (its work does not apply to this media) without touching the status. */
export function skippedSteps(processing: ProcessingState, step: PipelineStep): ProcessingState['steps'] {
  return stepsWith(processing, step, 'skipped', 1);
}

/** Ends the pipeline in error with a human log (never a stack trace). */
export async function failConversation(ctx: AppContext, row: ConversationRow, step: PipelineStep, reason: string): Promise<void> {
  const log = `${ERROR_MESSAGE}: ${reason}`;
  const steps = stepsWith(row.processing, step, 'error', 0);
  const [updated] = await ctx.db
    .update(conversations)
    .set({ status: 'error', processing: { steps, log }, updatedAt: new Date() })
    .where(and(eq(conversations.id, row.id), eq(conversations.status, row.status)))
    .returning({ ...mediaColumns, progress: conversations.progress });
  if (!updated) return;
  push(ctx, row, 'error', updated.progress, true);
  await dispatchWebhooks(ctx, updated.organizationId, 'media.failed', mediaData(ctx, updated));
}
