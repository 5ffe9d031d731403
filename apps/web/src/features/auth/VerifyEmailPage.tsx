/** /verify-email?token=…: follows an address verification link once and says how it went. */
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { isAuthenticated } from '../../api/cookies.ts';
import { queryKeys } from '../../api/queries.ts';
import { paths } from '../../routes/paths.ts';
import { verifyEmail } from './api.ts';

type State = 'verifying' | 'verified' | 'invalid' | 'failed';

export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const client = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? 'verifying' : 'invalid');
  const started = useRef(false);

  useEffect(() => {
    // The token works once: a second render must not spend it again.
    if (!token || started.current) return;
    started.current = true;
    verifyEmail(token)
      .then(async () => {
        if (isAuthenticated()) {
          // The account may still be loading from before the verification: a refetch would join that
          // request and keep the old answer, so cancel it and load the account again.
          await client.cancelQueries({ queryKey: queryKeys.me });
          await client.invalidateQueries({ queryKey: queryKeys.me, refetchType: 'all' });
        }
        setState('verified');
      })
      .catch((error: unknown) => {
        const known = error instanceof ApiError && ['verification_link_invalid', 'validation_failed', 'email_exists'].includes(error.code);
        setState(known ? 'invalid' : 'failed');
      });
  }, [token, client]);

  const next = isAuthenticated() ? paths.interface : paths.login;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('verifyEmail.title')}
      </Title>
      {state === 'verifying' && (
        <Stack align="center" role="status">
          <Loader aria-hidden />
          <Text>{t('verifyEmail.verifying')}</Text>
        </Stack>
      )}
      {state === 'verified' && (
        <Alert color="green" role="status">
          {t('verifyEmail.verified')}
        </Alert>
      )}
      {state === 'invalid' && (
        <Alert color="red" role="alert">
          {t('verifyEmail.invalid')}
        </Alert>
      )}
      {state === 'failed' && (
        <Alert color="red" role="alert">
          {t('verifyEmail.failed')}
        </Alert>
      )}
      {state !== 'verifying' && (
        <Button component={Link} to={next}>
          {isAuthenticated() ? t('verifyEmail.continue') : t('verifyEmail.signIn')}
        </Button>
      )}
    </Stack>
  );
}
