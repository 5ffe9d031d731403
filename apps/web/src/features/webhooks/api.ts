/** An organization's webhooks and their delivery log (organization admins). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type BodyInput } from '@palabre/shared';
import { call } from '../../api/call.ts';

export type WebhookInput = BodyInput<typeof API.webhooks.create>;
export type WebhookChanges = BodyInput<typeof API.webhooks.update>;

export const DELIVERIES_PAGE_SIZE = 10;

export const webhookKeys = {
  all: (organizationId: string) => ['organizations', organizationId, 'webhooks'] as const,
  deliveries: (organizationId: string, webhookId: string, page: number) => ['organizations', organizationId, 'webhooks', webhookId, 'deliveries', page] as const,
};

/** The webhooks, refreshed every few seconds while one's last delivery is pending (its state badge then follows). */
export function useWebhooks(organizationId: string) {
  return useQuery({
    queryKey: webhookKeys.all(organizationId),
    queryFn: async () => (await call(API.webhooks.list, { params: { id: organizationId } })).list,
    refetchInterval: (query) => (query.state.data?.some((webhook) => webhook.lastDelivery?.state === 'pending') ? 5000 : false),
  });
}

/** The delivery log, refreshed every few seconds while a delivery is pending. */
export function useDeliveries(organizationId: string, webhookId: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(organizationId, webhookId, page),
    queryFn: () => call(API.webhooks.deliveries, { params: { id: organizationId, webhookId }, query: { page, size: DELIVERIES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((delivery) => delivery.state === 'pending') ? 2000 : false),
  });
}

function useRefresh(organizationId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: webhookKeys.all(organizationId) });
}

export function useCreateWebhook(organizationId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (body: WebhookInput) => call(API.webhooks.create, { params: { id: organizationId }, body }),
    onSuccess: refresh,
  });
}

export function useUpdateWebhook(organizationId: string, webhookId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (body: WebhookChanges) => call(API.webhooks.update, { params: { id: organizationId, webhookId }, body }),
    onSuccess: refresh,
  });
}

export function useRemoveWebhook(organizationId: string, webhookId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: () => call(API.webhooks.remove, { params: { id: organizationId, webhookId } }),
    onSuccess: refresh,
  });
}

export function useRotateSecret(organizationId: string, webhookId: string) {
  return useMutation({ mutationFn: () => call(API.webhooks.rotateSecret, { params: { id: organizationId, webhookId } }) });
}

export function useTestWebhook(organizationId: string, webhookId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: () => call(API.webhooks.test, { params: { id: organizationId, webhookId } }),
    onSuccess: refresh,
  });
}

export function useReplayDelivery(organizationId: string, webhookId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (deliveryId: string) => call(API.webhooks.replay, { params: { id: organizationId, webhookId, deliveryId } }),
    onSuccess: refresh,
  });
}
