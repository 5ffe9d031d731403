/** A webhook's delivery log, newest first, paged: event, state, answer, attempts, time, and replay. */
import { Alert, Badge, Button, Group, Loader, Pagination, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery, WebhookDeliveryState } from '@palabre/shared';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { DELIVERIES_PAGE_SIZE, useDeliveries, useReplayDelivery } from './api.ts';

const STATE_COLORS: Record<WebhookDeliveryState, string> = { pending: 'blue', succeeded: 'green', failed: 'red' };

/** A delivery's state; `last`: the webhook's last delivery, said so. */
export function DeliveryStateBadge({ state, last = false }: { state: WebhookDeliveryState; last?: boolean }) {
  const { t } = useTranslation('webhooks');
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {last ? t('lastDelivery', { state: t(`states.${state}`) }) : t(`states.${state}`)}
    </Badge>
  );
}

export function DeliveryLog({ organizationId, webhookId, titleId }: { organizationId: string; webhookId: string; titleId: string }) {
  const { t, i18n } = useTranslation(['webhooks', 'common']);
  const [page, setPage] = useState(0);
  const query = useDeliveries(organizationId, webhookId, page);
  const replay = useReplayDelivery(organizationId, webhookId);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  if (query.isPending) return <Loader size="sm" aria-label={t('common:app.loading')} />;
  if (query.isError) return <Alert color="red">{t('webhooks:log.loadError')}</Alert>;
  const { list, count } = query.data;
  if (count === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('webhooks:log.empty')}
      </Text>
    );

  const answer = (delivery: WebhookDelivery) => (delivery.lastStatus !== null ? String(delivery.lastStatus) : (delivery.lastError ?? '—'));
  const onReplay = (delivery: WebhookDelivery) =>
    replay.mutate(delivery._id, {
      onSuccess: () => notifySuccess(t('webhooks:log.replayed')),
      onError: (error) => notifyError(error, t('webhooks:log.replayError')),
    });

  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks:log.event')}</Table.Th>
              <Table.Th>{t('webhooks:log.state')}</Table.Th>
              <Table.Th>{t('webhooks:log.answer')}</Table.Th>
              <Table.Th>{t('webhooks:log.attempts')}</Table.Th>
              <Table.Th>{t('webhooks:log.time')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('webhooks:log.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((delivery) => (
              <Table.Tr key={delivery._id} data-testid="webhook-delivery">
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {delivery.event}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <DeliveryStateBadge state={delivery.state} />
                </Table.Td>
                <Table.Td title={delivery.lastError ?? undefined}>{answer(delivery)}</Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td>{format.format(new Date(delivery.createdAt))}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => onReplay(delivery)}
                    loading={replay.isPending && replay.variables === delivery._id}
                    aria-label={t('webhooks:log.replayOne', { event: delivery.event, time: format.format(new Date(delivery.createdAt)) })}
                  >
                    {t('webhooks:log.replay')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {count > DELIVERIES_PAGE_SIZE && (
        <Group justify="center">
          <Pagination
            total={Math.ceil(count / DELIVERIES_PAGE_SIZE)}
            value={page + 1}
            onChange={(value) => setPage(value - 1)}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`webhooks:log.pages.${control}`) })}
          />
        </Group>
      )}
    </Stack>
  );
}
