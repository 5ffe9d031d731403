/**
 * Webhooks of an organization: managed by its admins (others: not found for non-members, forbidden
 * for members, as every organization setting). An address must pass the outbound-address policy
 * when it is saved, and passes it again at every delivery (deliver.ts).
 */
import crypto from 'node:crypto';
import { WEBHOOK_LIMITS, type Webhook, type WebhookDelivery, type WebhookWithSecret } from '@palabre/shared';
import type { z } from 'zod';
import type { zWebhookBody, zWebhookUpdateBody } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { OutboundRefused, OutboundUnresolved, outboundPolicy, resolveChecked } from '../net/outbound.ts';
import { authorize } from '../organizations/service.ts';
import { createDeliveries, envelope } from './dispatch.ts';
import { presentDelivery, presentWebhook } from './presenter.ts';
import { deliveriesRepo, webhooksRepo, type WebhookRow } from './repo.ts';
import { newWebhookSecret } from './signature.ts';

type CreateBody = z.output<typeof zWebhookBody>;
type UpdateBody = z.output<typeof zWebhookUpdateBody>;

/** Only the organization's admins (and its owner) manage its webhooks. */
const manage = (ctx: AppContext, actor: Actor, organizationId: string) => authorize(ctx, actor, organizationId, 'update');

async function webhookOf(ctx: AppContext, actor: Actor, organizationId: string, webhookId: string): Promise<WebhookRow> {
  await manage(ctx, actor, organizationId);
  const row = await webhooksRepo.inOrganization(ctx.db, organizationId, webhookId);
  if (!row) throw notFound('Webhook');
  return row;
}

/** Refuses an address the server may not reach; a host name that does not resolve yet is kept (every delivery checks it again). */
async function assertReachable(ctx: AppContext, url: string): Promise<void> {
  try {
    await resolveChecked(outboundPolicy(ctx.config), url);
  } catch (error) {
    if (error instanceof OutboundUnresolved) return;
    if (error instanceof OutboundRefused) throw new AppError('validation_failed', 'This address is not allowed', { url: 'error.address_not_allowed' });
    throw error;
  }
}

async function present(ctx: AppContext, rows: WebhookRow[]): Promise<Webhook[]> {
  const last = await webhooksRepo.lastDeliveries(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentWebhook(row, last.get(row.id)));
}

const presentOne = async (ctx: AppContext, row: WebhookRow) => (await present(ctx, [row]))[0]!;

export async function list(ctx: AppContext, actor: Actor, organizationId: string): Promise<Webhook[]> {
  await manage(ctx, actor, organizationId);
  return present(ctx, await webhooksRepo.ofOrganization(ctx.db, organizationId));
}

export async function create(ctx: AppContext, actor: Actor, organizationId: string, body: CreateBody): Promise<WebhookWithSecret> {
  await manage(ctx, actor, organizationId);
  if ((await webhooksRepo.countOf(ctx.db, organizationId)) >= WEBHOOK_LIMITS.perOrganization) {
    throw new AppError('conflict', `An organization has at most ${WEBHOOK_LIMITS.perOrganization} webhooks`);
  }
  await assertReachable(ctx, body.url);
  const secret = newWebhookSecret();
  const row = await webhooksRepo.insert(ctx.db, {
    organizationId,
    url: body.url,
    description: body.description,
    events: [...new Set(body.events)],
    enabled: body.enabled,
    secret,
    createdBy: actor.user.id,
  });
  return { ...(await presentOne(ctx, row)), secret };
}

export async function update(ctx: AppContext, actor: Actor, organizationId: string, webhookId: string, body: UpdateBody): Promise<Webhook> {
  const row = await webhookOf(ctx, actor, organizationId, webhookId);
  if (body.url !== undefined && body.url !== row.url) await assertReachable(ctx, body.url);
  const updated = await webhooksRepo.update(ctx.db, row.id, {
    ...(body.url !== undefined ? { url: body.url } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
    ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
  });
  if (!updated) throw notFound('Webhook');
  return presentOne(ctx, updated);
}

export async function remove(ctx: AppContext, actor: Actor, organizationId: string, webhookId: string): Promise<void> {
  const row = await webhookOf(ctx, actor, organizationId, webhookId);
  await webhooksRepo.delete(ctx.db, row.id);
}

export async function rotateSecret(ctx: AppContext, actor: Actor, organizationId: string, webhookId: string): Promise<WebhookWithSecret> {
  const row = await webhookOf(ctx, actor, organizationId, webhookId);
  const secret = newWebhookSecret();
  const updated = await webhooksRepo.update(ctx.db, row.id, { secret });
  if (!updated) throw notFound('Webhook');
  return { ...(await presentOne(ctx, updated)), secret };
}

/** A `ping` delivery, sent even when the webhook is disabled. */
export async function test(ctx: AppContext, actor: Actor, organizationId: string, webhookId: string): Promise<WebhookDelivery> {
  const row = await webhookOf(ctx, actor, organizationId, webhookId);
  const eventId = crypto.randomUUID();
  const payload = envelope('ping', eventId, organizationId, { webhook: { id: row.id, url: row.url } });
  const [delivery] = await createDeliveries(ctx, [{ webhookId: row.id, event: 'ping', eventId, payload, manual: true }]);
  return presentDelivery(delivery!);
}

export async function deliveries(ctx: AppContext, actor: Actor, organizationId: string, webhookId: string, page: { page: number; size: number }) {
  const row = await webhookOf(ctx, actor, organizationId, webhookId);
  const { rows, count } = await deliveriesRepo.ofWebhook(ctx.db, row.id, { offset: page.page * page.size, limit: page.size });
  return { count, list: rows.map(presentDelivery) };
}

/** Sends a delivery's event again: a new delivery (its own `Palabre-Delivery`) with the same event id and payload. */
export async function replay(ctx: AppContext, actor: Actor, organizationId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  const row = await webhookOf(ctx, actor, organizationId, webhookId);
  const original = await deliveriesRepo.byId(ctx.db, deliveryId);
  if (!original || original.webhookId !== row.id) throw notFound('Delivery');
  const [delivery] = await createDeliveries(ctx, [{ webhookId: row.id, event: original.event, eventId: original.eventId, payload: original.payload, manual: true }]);
  return presentDelivery(delivery!);
}
