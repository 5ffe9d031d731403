/** /login/oidc: return from single sign-on. ?code is exchanged for a sign-in; ?error is explained. */
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { LoadingView } from '../../components/LoadingView.tsx';
import { paths } from '../../routes/paths.ts';
import { exchangeOidcCode } from './api.ts';

export function OidcReturnPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const [error, setError] = useState<string | null>(params.get('error') ? t('sso.failed') : code ? null : t('sso.missingCode'));
  const started = useRef(false);

  useEffect(() => {
    // The code is single-use: exchange it once even when effects run twice.
    if (!code || error || started.current) return;
    started.current = true;
    exchangeOidcCode(code)
      .then(() => navigate(paths.explore, { replace: true }))
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : t('sso.failed')));
  }, [code, error, navigate, t]);

  if (!error) return <LoadingView title={t('sso.signingIn')} transparent />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('sso.title')}
      </Title>
      <Alert color="red" role="alert">
        {error}
      </Alert>
      <Anchor component={Link} to={paths.login}>
        {t('backToLogin')}
      </Anchor>
    </Stack>
  );
}
