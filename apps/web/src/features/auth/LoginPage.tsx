/** /login: email and password, password recovery, magic link, single sign-on, account creation. */
import { Alert, Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { email as emailRule } from '@palabre/shared';
import { IconKey, IconMail } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { usePublicConfig } from '../../api/queries.ts';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';
import { FormField } from '../../components/FormField.tsx';
import { safeNext } from '../../routes/guard.ts';
import { paths } from '../../routes/paths.ts';
import { loginWithPassword, requestMagicLink, useAuthProviders } from './api.ts';

function useSingleSignOn(): { name: string; path: string } | null {
  const config = usePublicConfig();
  const providers = useAuthProviders();
  if (config.data?.sso) return config.data.sso;
  const oidc = providers.data?.find((p) => p.type === 'oidc' && p.path);
  return oidc?.path ? { name: oidc.name, path: oidc.path } : null;
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = usePublicConfig();
  const sso = useSingleSignOn();
  const apiErrors = useApiErrors();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'login' | 'magic' | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = emailRule(email);
    const passwordError = password === '' ? 'error.required' : null;
    setErrors({ email: checked.error, password: passwordError });
    setFailure(null);
    setNotice(null);
    if (checked.error || passwordError) return;
    setBusy('login');
    try {
      await loginWithPassword(checked.value, password);
      await navigate(safeNext(params.get('next')) ?? paths.explore, { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError ? apiErrors.message(error) : t('login.failed'));
      setBusy(null);
    }
  };

  const sendMagicLink = async () => {
    const checked = emailRule(email);
    setErrors({ email: checked.error });
    setFailure(null);
    setNotice(null);
    if (checked.error) return;
    setBusy('magic');
    try {
      await requestMagicLink(checked.value);
      setNotice(t('magicLink.sent'));
    } catch (error) {
      setFailure(error instanceof ApiError ? apiErrors.message(error) : t('magicLink.failed'));
    } finally {
      setBusy(null);
    }
  };

  // A new installation has nobody to sign in yet: its first visit creates the super administrator.
  if (config.data?.setupRequired) return <Navigate to={paths.setup} replace />;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('login.title')}
      </Title>
      <FormFailure message={failure} />
      {notice && (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('login.title')}>
        <Stack gap="sm">
          <FormField label={t('fields.email')} type="email" name="email" autocomplete="username" value={email} onChange={setEmail} error={errors.email} options={{ focus: true }} />
          <FormField label={t('fields.password')} type="password" name="password" autocomplete="current-password" value={password} onChange={setPassword} error={errors.password} />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.resetPassword} size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" loading={busy === 'login'} disabled={busy !== null}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <Divider label={t('login.or')} labelPosition="center" />
      <Stack gap="xs">
        <Button variant="default" leftSection={<IconMail size={18} aria-hidden />} onClick={() => void sendMagicLink()} loading={busy === 'magic'} disabled={busy !== null}>
          {t('magicLink.request')}
        </Button>
        {sso && (
          <Button
            variant="default"
            leftSection={<IconKey size={18} aria-hidden />}
            // A full-page navigation: the server takes the browser to the identity provider.
            onClick={() => location.assign(sso.path)}
          >
            {t('login.sso', { name: sso.name })}
          </Button>
        )}
      </Stack>
      {config.data && !config.data.userCreationDisabled && (
        <Text size="sm" ta="center">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to={email ? `${paths.createAccount}?${new URLSearchParams({ email })}` : paths.createAccount}>
            {t('login.createAccount')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
