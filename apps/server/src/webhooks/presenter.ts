/** The API shapes of webhooks and deliveries: the secret leaves the server only on creation and rotation. */
import type { Webhook, WebhookDelivery } from '@palabre/shared';
import type { DeliveryRow, WebhookRow } from './repo.ts';

export function presentWebhook(row: WebhookRow, last: Pick<DeliveryRow, 'state' | 'createdAt'> | undefined): Webhook {
  return {
    _id: row.id,
    organizationId: row.organizationId,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastDelivery: last ? { state: last.state, createdAt: last.createdAt.toISOString() } : null,
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    webhookId: row.webhookId,
    event: row.event,
    eventId: row.eventId,
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    durationMs: row.durationMs,
    nextAttemptAt: row.state === 'pending' && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    payload: row.payload,
  };
}
