/** Creating or editing a webhook: its address, description, events and whether it is enabled. */
import { Button, Checkbox, Group, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, type Webhook, type WebhookEvent } from '@palabre/shared';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';
import type { WebhookInput } from './api.ts';

const PLACED = ['url', 'description', 'events'] as const;

export function WebhookForm({
  initial,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: Webhook;
  pending: boolean;
  error: unknown;
  onSubmit: (values: Required<WebhookInput>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['webhooks', 'common']);
  const errors = useApiErrors();
  const [url, setUrl] = useState(initial?.url ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(initial?.events ?? ['media.processed']);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [missingEvents, setMissingEvents] = useState(false);
  const fields = errors.fields(error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) {
      setMissingEvents(true);
      return;
    }
    onSubmit({ url: url.trim(), description: description.trim(), events, enabled });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('webhooks:form.url')}
          description={t('webhooks:form.urlHelp')}
          placeholder="https://example.org/palabre"
          type="url"
          required
          maxLength={WEBHOOK_LIMITS.url}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={fields.url}
          data-autofocus
        />
        <Textarea
          label={t('webhooks:form.description')}
          maxLength={WEBHOOK_LIMITS.description}
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={fields.description}
        />
        <Checkbox.Group
          label={t('webhooks:form.events')}
          required
          value={events}
          onChange={(value) => {
            setEvents(value as WebhookEvent[]);
            setMissingEvents(false);
          }}
          error={missingEvents ? t('common:error.required') : fields.events}
        >
          <Stack gap="xs" mt="xs">
            {WEBHOOK_EVENTS.map((name) => (
              <Checkbox key={name} value={name} label={t(`webhooks:events.${name}`)} description={name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch label={t('webhooks:form.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        <FormFailure error={error} placed={PLACED} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
