/**
 * Asks for an email address and sends a link to it (sign-in link, password reset link). Once sent,
 * the form gives way to a confirmation.
 */
import { Alert, Button, Stack } from '@mantine/core';
import { email as emailRule } from '@palabre/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { FormField } from '../../components/FormField.tsx';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';

interface EmailLinkRequestFormProps {
  /** Sends the link to the (checked) address. */
  request: (email: string) => Promise<unknown>;
  /** Shown above the field. */
  intro?: ReactNode;
  submitLabel: string;
  sentMessage: string;
  /** Shown when the request fails without an answer from the server. */
  failedMessage: string;
}

export function EmailLinkRequestForm({ request, intro, submitLabel, sentMessage, failedMessage }: EmailLinkRequestFormProps) {
  const { t } = useTranslation('auth');
  const apiErrors = useApiErrors();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = emailRule(email);
    setFieldError(checked.error);
    setFailure(null);
    if (checked.error) return;
    setState('sending');
    try {
      await request(checked.value);
      setState('sent');
    } catch (error) {
      setFailure(error instanceof ApiError ? apiErrors.message(error) : failedMessage);
      setState('idle');
    }
  };

  if (state === 'sent') {
    return (
      <Alert color="green" role="status">
        {sentMessage}
      </Alert>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {intro}
        <FormFailure message={failure} />
        <FormField label={t('fields.email')} type="email" name="email" autocomplete="email" value={email} onChange={setEmail} error={fieldError} options={{ focus: true }} />
        <Button type="submit" loading={state === 'sending'}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
