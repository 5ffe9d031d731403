/**
 * The `webhook.deliver` job: one attempt of one delivery. The POST goes through the outbound-address
 * policy (checked and pinned address, checked again at every attempt), never follows a redirect,
 * gives up after DELIVERY_TIMEOUT_MS and reads at most RESPONSE_BYTES of the answer. The outcome is
 * recorded with a conditional update (attempt n is recorded once); a failure with attempts left
 * queues the next attempt as a job of its own, after the backoff of schedule.ts.
 *
 * At least once: a worker that dies during an attempt leaves the job to pg-boss (it is delivered
 * again after its expiry) and the row pending; the sweeper re-queues pending deliveries whose job
 * was lost. Receivers deduplicate by `Palabre-Delivery`.
 */
import { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import { defineJob, type JobDelivery } from '../jobs/registry.ts';
import { OutboundFailed, OutboundRefused, OutboundUnresolved, outboundPolicy, pinnedRequest, resolveChecked } from '../net/outbound.ts';
import { deliveriesRepo, webhooksRepo, type DeliveryRow } from './repo.ts';
import { isSuccess, retries, retryDelayMs } from './schedule.ts';
import { signatureHeader } from './signature.ts';

export const DELIVERY_TIMEOUT_MS = 10_000;
/** At most this much of an answer is read (and nothing of it is kept). */
export const RESPONSE_BYTES = 4096;

export interface AttemptResult {
  status: number | null;
  /** A short reason safe to show; null on success. */
  error: string | null;
  /** The policy refused the address: retrying cannot help (the address is checked again on a replay). */
  refused?: boolean;
  durationMs: number;
}

/** Reads and drops up to `max` bytes of the answer, then closes it. */
async function drain(response: Readable, max: number): Promise<void> {
  let seen = 0;
  for await (const chunk of response) {
    seen += (chunk as Buffer).length;
    if (seen >= max) break;
  }
  response.destroy();
}

/** One signed POST of the delivery's payload to the webhook's address. */
export async function attempt(ctx: AppContext, url: string, secret: string, delivery: Pick<DeliveryRow, 'id' | 'event' | 'payload'>, signal: AbortSignal): Promise<AttemptResult> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const body = JSON.stringify(delivery.payload);
  const timeout = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  const both = AbortSignal.any([timeout, signal]);
  try {
    const target = await resolveChecked(outboundPolicy(ctx.config), url);
    const response = await pinnedRequest(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': `${ctx.config.appName}-Webhooks`,
        'palabre-event': delivery.event,
        'palabre-delivery': delivery.id,
        'palabre-signature': signatureHeader(secret, Math.floor(Date.now() / 1000), body),
      },
      body: Readable.from([Buffer.from(body)]),
      signal: both,
    });
    const status = response.statusCode ?? 0;
    await drain(response, RESPONSE_BYTES).catch(() => undefined);
    return { status, error: isSuccess(status) ? null : `HTTP ${status}`, durationMs: elapsed() };
  } catch (error) {
    if (signal.aborted) throw error;
    if (timeout.aborted) return { status: null, error: 'no answer within 10 seconds', durationMs: elapsed() };
    if (error instanceof OutboundRefused) return { status: null, error: error.message, refused: !(error instanceof OutboundUnresolved), durationMs: elapsed() };
    if (error instanceof OutboundFailed) return { status: null, error: error.message, durationMs: elapsed() };
    return { status: null, error: 'the request failed', durationMs: elapsed() };
  }
}

/** The `webhook.deliver` job: attempt `attempt` of a delivery, unless it was recorded already. */
export async function runDelivery(ctx: AppContext, payload: { deliveryId: string; attempt: number }, job: JobDelivery): Promise<void> {
  const delivery = await deliveriesRepo.byId(ctx.db, payload.deliveryId);
  if (!delivery || delivery.state !== 'pending' || delivery.attempts >= payload.attempt) return;
  const n = delivery.attempts + 1;
  const webhook = await webhooksRepo.byId(ctx.db, delivery.webhookId);
  if (!webhook) return;
  if (!webhook.enabled && !delivery.manual) {
    await deliveriesRepo.record(ctx.db, delivery.id, n, { state: 'failed', lastStatus: null, lastError: 'the webhook is disabled', durationMs: null, nextAttemptAt: null });
    return;
  }
  const result = await attempt(ctx, webhook.url, webhook.secret, delivery, job.signal);
  const again = !result.refused && retries(n, result.status);
  const delay = again ? retryDelayMs(n, ctx.config.webhooks.retryBaseSeconds) : null;
  const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay);
  const state = result.status !== null && isSuccess(result.status) ? 'succeeded' : nextAttemptAt ? 'pending' : 'failed';
  const recorded = await deliveriesRepo.record(ctx.db, delivery.id, n, { state, lastStatus: result.status, lastError: result.error, durationMs: result.durationMs, nextAttemptAt });
  if (!recorded || !nextAttemptAt) return;
  await ctx.jobs.send('webhook.deliver', { deliveryId: delivery.id, attempt: n + 1 }, { startAfter: nextAttemptAt });
}

/**
 * Short network calls; an attempt lost with its worker is delivered again after a minute. Thrown
 * errors (the database) are retried by the queue; HTTP failures are retried by runDelivery itself.
 */
export const webhookJob = defineJob('webhook.deliver', {
  handler: runDelivery,
  concurrency: 'webhooks',
  singletonKey: ({ deliveryId, attempt }) => `webhook:${deliveryId}:${attempt}`,
  retry: { limit: 3, delaySeconds: 30, backoff: true, maxDelaySeconds: 600 },
  expireInSeconds: 60,
});

export const webhookJobs = [webhookJob];
