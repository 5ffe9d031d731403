/** /login/oidc: return from single sign-on. ?code is exchanged for a sign-in; ?error is explained. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { LoadingView } from '../../components/LoadingView.tsx';
import { paths } from '../../routes/paths.ts';
import { exchangeOidcCode } from './api.ts';
import { AuthNotice } from './AuthNotice.tsx';

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
    <AuthNotice title={t('sso.title')} color="red" role="alert">
      {error}
    </AuthNotice>
  );
}
