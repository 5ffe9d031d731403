/** Organization settings → Webhooks (admins): the list, adding one, and the secret shown once. */
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_LIMITS } from '@palabre/shared';
import { useCreateWebhook, useWebhooks } from './api.ts';
import { SecretModal } from './SecretModal.tsx';
import { WebhookForm } from './WebhookForm.tsx';
import { WebhookItem } from './WebhookItem.tsx';

export function WebhooksSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation(['webhooks', 'common']);
  const query = useWebhooks(organizationId);
  const create = useCreateWebhook(organizationId);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const full = (query.data?.length ?? 0) >= WEBHOOK_LIMITS.perOrganization;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="org-webhooks-title" id="webhooks">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3" id="org-webhooks-title">
              {t('webhooks:title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('webhooks:explanation')}
            </Text>
          </div>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              create.reset();
              setAdding(true);
            }}
            disabled={full}
          >
            {t('webhooks:add')}
          </Button>
        </Group>
        {query.isPending && <Loader size="sm" aria-label={t('common:app.loading')} />}
        {query.isError && <Alert color="red">{t('webhooks:loadError')}</Alert>}
        {query.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('webhooks:empty')}
          </Text>
        )}
        {query.data?.map((webhook) => (
          <WebhookItem key={webhook._id} webhook={webhook} onSecret={setSecret} />
        ))}
      </Stack>
      <Modal opened={adding} onClose={() => !create.isPending && setAdding(false)} title={t('webhooks:createTitle')} size="lg">
        <WebhookForm
          pending={create.isPending}
          error={create.error}
          onCancel={() => setAdding(false)}
          onSubmit={(values) =>
            create.mutate(values, {
              onSuccess: (created) => {
                setAdding(false);
                setSecret(created.secret);
              },
            })
          }
        />
      </Modal>
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Paper>
  );
}
