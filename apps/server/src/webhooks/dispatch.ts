/**
 * Raising an event: one delivery per enabled webhook of the organization subscribed to it, each
 * sent by its own `webhook.deliver` job. A delivery whose job could not be queued stays pending and
 * is picked up by the sweeper (sweeper.ts), so an event, once recorded, is delivered at least once.
 */
import crypto from 'node:crypto';
import type { WebhookDeliveryEvent, WebhookEvent } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { deliveriesRepo, webhooksRepo, type DeliveryRow, type NewDelivery } from './repo.ts';

/** The JSON body every delivery sends: the event's id, name, time, organization and data. */
export function envelope(event: WebhookDeliveryEvent, eventId: string, organizationId: string, data: object): Record<string, unknown> {
  return { id: eventId, event, createdAt: new Date().toISOString(), organizationId, data };
}

/** Queues the first attempt of each delivery; a failure is logged and left to the sweeper. */
export async function queueDeliveries(ctx: AppContext, rows: Array<Pick<DeliveryRow, 'id'>>): Promise<void> {
  for (const row of rows) {
    try {
      await ctx.jobs.send('webhook.deliver', { deliveryId: row.id, attempt: 1 });
    } catch (error) {
      ctx.log.warn({ err: error, deliveryId: row.id }, 'webhook delivery not queued: the sweeper will send it');
    }
  }
}

/** Records and queues new deliveries. */
export async function createDeliveries(ctx: AppContext, values: NewDelivery[]): Promise<DeliveryRow[]> {
  const rows = await deliveriesRepo.insert(ctx.db, values);
  await queueDeliveries(ctx, rows);
  return rows;
}

/**
 * Tells the organization's webhooks subscribed to `event`. Never throws: what raised the event has
 * happened whatever becomes of its webhooks (a failure is logged).
 */
export async function dispatchWebhooks(ctx: AppContext, organizationId: string, event: WebhookEvent, data: object): Promise<void> {
  try {
    const subscribed = await webhooksRepo.subscribed(ctx.db, organizationId, event);
    if (subscribed.length === 0) return;
    const eventId = crypto.randomUUID();
    const payload = envelope(event, eventId, organizationId, data);
    await createDeliveries(
      ctx,
      subscribed.map((webhook) => ({ webhookId: webhook.id, event, eventId, payload })),
    );
  } catch (error) {
    ctx.log.error({ err: error, organizationId, event }, 'webhook event not recorded');
  }
}
