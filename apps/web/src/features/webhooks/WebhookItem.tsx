/** One webhook in the list: its address, events and state, its actions, and its delivery log on demand. */
import { Badge, Button, Collapse, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '@palabre/shared';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useRemoveWebhook, useRotateSecret, useTestWebhook, useUpdateWebhook } from './api.ts';
import { DeliveryLog, DeliveryStateBadge } from './DeliveryLog.tsx';
import { WebhookForm } from './WebhookForm.tsx';

export function WebhookItem({ webhook, onSecret }: { webhook: Webhook; onSecret: (secret: string) => void }) {
  const { t } = useTranslation(['webhooks', 'common']);
  const organizationId = webhook.organizationId;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const update = useUpdateWebhook(organizationId, webhook._id);
  const remove = useRemoveWebhook(organizationId, webhook._id);
  const rotate = useRotateSecret(organizationId, webhook._id);
  const test = useTestWebhook(organizationId, webhook._id);
  const titleId = `webhook-${webhook._id}-title`;
  const logId = `webhook-${webhook._id}-log`;

  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId} data-testid="webhook">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {webhook.url}
            </Title>
            {webhook.description && (
              <Text size="sm" c="dimmed">
                {webhook.description}
              </Text>
            )}
          </div>
          <Group gap={6} wrap="nowrap">
            <Badge color={webhook.enabled ? 'green' : 'gray'} variant="light">
              {t(webhook.enabled ? 'webhooks:enabled' : 'webhooks:disabled')}
            </Badge>
            {webhook.lastDelivery && <DeliveryStateBadge state={webhook.lastDelivery.state} last />}
          </Group>
        </Group>
        <Group gap={6}>
          {webhook.events.map((event) => (
            <Badge key={event} variant="outline" tt="none">
              {t(`webhooks:events.${event}`)}
            </Badge>
          ))}
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setEditing(true)}>
            {t('webhooks:actions.edit')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={test.isPending}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: () => {
                  notifySuccess(t('webhooks:actions.testSent'));
                  setLogOpen(true);
                },
                onError: (error) => notifyError(error, t('webhooks:actions.testError')),
              })
            }
          >
            {t('webhooks:actions.test')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setRotating(true)}>
            {t('webhooks:actions.rotate')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(true)}>
            {t('common:actions.delete')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            aria-expanded={logOpen}
            aria-controls={logId}
            leftSection={logOpen ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
            onClick={() => setLogOpen(!logOpen)}
          >
            {t('webhooks:log.title')}
          </Button>
        </Group>
        <Collapse in={logOpen} id={logId}>
          {logOpen && <DeliveryLog organizationId={organizationId} webhookId={webhook._id} titleId={titleId} />}
        </Collapse>
      </Stack>

      <Modal opened={editing} onClose={() => !update.isPending && setEditing(false)} title={t('webhooks:editTitle')} size="lg">
        <WebhookForm
          initial={webhook}
          pending={update.isPending}
          error={update.error}
          onCancel={() => setEditing(false)}
          onSubmit={(values) =>
            update.mutate(values, {
              onSuccess: () => {
                setEditing(false);
                notifySuccess(t('webhooks:saved'));
              },
            })
          }
        />
      </Modal>
      <ConfirmDelete
        opened={deleting}
        title={t('webhooks:deleteTitle')}
        message={t('webhooks:deleteMessage', { url: webhook.url })}
        pending={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setDeleting(false), onError: (error) => notifyError(error, t('webhooks:deleteError')) })}
      />
      <ConfirmDelete
        opened={rotating}
        title={t('webhooks:rotateTitle')}
        message={t('webhooks:rotateMessage')}
        confirmLabel={t('webhooks:actions.rotate')}
        pending={rotate.isPending}
        onClose={() => setRotating(false)}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: (answer) => {
              setRotating(false);
              onSecret(answer.secret);
            },
            onError: (error) => notifyError(error, t('webhooks:rotateError')),
          })
        }
      />
    </Paper>
  );
}
