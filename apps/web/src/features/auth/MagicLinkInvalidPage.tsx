/** /magiclink-auth-invalid: the link expired or is invalid; a new one can be requested by email. */
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { email as emailRule } from '@palabre/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { FormField } from '../../components/FormField.tsx';
import { paths } from '../../routes/paths.ts';
import { requestMagicLink } from './api.ts';

export function MagicLinkInvalidPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = emailRule(email);
    setFieldError(checked.error);
    setFailure(null);
    if (checked.error) return;
    setState('sending');
    try {
      await requestMagicLink(checked.value);
      setState('sent');
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t('magicLink.failed'));
      setState('idle');
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('magicLinkInvalid.title')}
      </Title>
      <Text>{t('magicLinkInvalid.message')}</Text>
      {state === 'sent' ? (
        <Alert color="green" role="status">
          {t('magicLink.sent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <FormField label={t('fields.email')} type="email" name="email" autocomplete="email" value={email} onChange={setEmail} error={fieldError} options={{ focus: true }} />
            <Button type="submit" loading={state === 'sending'}>
              {t('magicLinkInvalid.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={paths.login} size="sm">
        {t('backToLogin')}
      </Anchor>
    </Stack>
  );
}
