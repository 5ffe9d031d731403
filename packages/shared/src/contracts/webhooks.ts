/**
 * Webhooks of an organization (docs/webhooks.md): an address that receives a signed POST when one of
 * the subscribed events happens, with a delivery log. Managed by the organization's admins.
 */
import { z } from 'zod';
import { zId, zText } from './common.ts';

/** The events a webhook may subscribe to (`ping` is sent only by the test button). */
export const WEBHOOK_EVENTS = ['media.processed', 'media.failed', 'session.started', 'session.ended', 'report.ready'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENTS, 'ping'] as const;
export type WebhookDeliveryEvent = (typeof WEBHOOK_DELIVERY_EVENTS)[number];

/** pending: waiting for its (next) attempt; succeeded: a 2xx answer; failed: no attempt left. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_LIMITS = { url: 2000, description: 500, perOrganization: 20 } as const;

/** An http(s) address without credentials (the outbound-address policy is checked by the server). */
export const zWebhookUrl = z
  .string()
  .trim()
  .min(1, 'error.required')
  .max(WEBHOOK_LIMITS.url, 'error.too_long')
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'error.invalid_url' });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') ctx.addIssue({ code: 'custom', message: 'error.invalid_url' });
    else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'error.url_credentials' });
  });

export const zWebhookBody = z
  .object({
    url: zWebhookUrl,
    description: zText({ max: WEBHOOK_LIMITS.description }).default(''),
    events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'error.required').max(WEBHOOK_EVENTS.length),
    enabled: z.boolean().default(true),
  })
  .strict();
export type WebhookBody = z.input<typeof zWebhookBody>;

export const zWebhookUpdateBody = z
  .object({
    url: zWebhookUrl.optional(),
    description: zText({ max: WEBHOOK_LIMITS.description }).optional(),
    events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'error.required').max(WEBHOOK_EVENTS.length).optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type WebhookUpdateBody = z.input<typeof zWebhookUpdateBody>;

export const zWebhook = z.object({
  _id: z.string(),
  organizationId: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The state of the latest delivery, if any. */
  lastDelivery: z.object({ state: z.enum(WEBHOOK_DELIVERY_STATES), createdAt: z.string() }).nullable(),
});
export type Webhook = z.infer<typeof zWebhook>;

/** Creation and secret rotation: the signing secret, shown this once. */
export const zWebhookWithSecret = zWebhook.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof zWebhookWithSecret>;

export const zWebhookParams = z.object({ id: zId, webhookId: zId });
export const zWebhookDeliveryParams = zWebhookParams.extend({ deliveryId: zId });

export const zWebhookDelivery = z.object({
  _id: z.string(),
  webhookId: z.string(),
  event: z.enum(WEBHOOK_DELIVERY_EVENTS),
  eventId: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The JSON that is sent (without the signature). */
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof zWebhookDelivery>;

export const zWebhookDeliveriesQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
