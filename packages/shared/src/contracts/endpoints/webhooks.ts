/** Webhooks of an organization and their delivery log (organization admins). */
import { zIdParam, zList } from '../common.ts';
import { zWebhook, zWebhookBody, zWebhookDeliveriesQuery, zWebhookDelivery, zWebhookDeliveryParams, zWebhookParams, zWebhookUpdateBody, zWebhookWithSecret } from '../webhooks.ts';
import { P, endpoint } from './define.ts';

const tag = 'webhooks';

export const webhookEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${P}/organizations/:id/webhooks`,
    summary: "The organization's webhooks (admins)",
    tag,
    auth: true,
    params: zIdParam,
    response: zList(zWebhook),
  }),
  create: endpoint({
    method: 'POST',
    path: `${P}/organizations/:id/webhooks`,
    summary: 'Create a webhook (admins); its address obeys the outbound-address policy; the signing secret is returned this once',
    tag,
    auth: true,
    params: zIdParam,
    body: zWebhookBody,
    response: zWebhookWithSecret,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${P}/organizations/:id/webhooks/:webhookId`,
    summary: "Change a webhook's address, description, events or whether it is enabled (admins)",
    tag,
    auth: true,
    params: zWebhookParams,
    body: zWebhookUpdateBody,
    response: zWebhook,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${P}/organizations/:id/webhooks/:webhookId`,
    summary: 'Delete a webhook and its delivery log (admins)',
    tag,
    auth: true,
    params: zWebhookParams,
    status: 204,
  }),
  rotateSecret: endpoint({
    method: 'POST',
    path: `${P}/organizations/:id/webhooks/:webhookId/secret`,
    summary: 'Replace the signing secret (admins); the new one is returned this once',
    tag,
    auth: true,
    params: zWebhookParams,
    response: zWebhookWithSecret,
  }),
  test: endpoint({
    method: 'POST',
    path: `${P}/organizations/:id/webhooks/:webhookId/test`,
    summary: 'Queue a `ping` delivery to the webhook (admins), even when it is disabled',
    tag,
    auth: true,
    params: zWebhookParams,
    response: zWebhookDelivery,
    status: 202,
  }),
  deliveries: endpoint({
    method: 'GET',
    path: `${P}/organizations/:id/webhooks/:webhookId/deliveries`,
    summary: "A webhook's delivery log, newest first, paged (admins)",
    tag,
    auth: true,
    params: zWebhookParams,
    query: zWebhookDeliveriesQuery,
    response: zList(zWebhookDelivery),
  }),
  replay: endpoint({
    method: 'POST',
    path: `${P}/organizations/:id/webhooks/:webhookId/deliveries/:deliveryId/replay`,
    summary: 'Send a delivery again as a new delivery with the same event and payload (admins)',
    tag,
    auth: true,
    params: zWebhookDeliveryParams,
    response: zWebhookDelivery,
    status: 202,
  }),
};
