/**
 * /reset-password. Without ?token: ask for the email and send a reset link. With ?token: choose a new
 * password (and its confirmation), then sign in.
 */
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { password as passwordRule, passwordConfirmation } from '@palabre/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';
import { FormField } from '../../components/FormField.tsx';
import { paths } from '../../routes/paths.ts';
import { requestPasswordReset, resetPassword } from './api.ts';
import { EmailLinkRequestForm } from './EmailLinkRequestForm.tsx';

function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const apiErrors = useApiErrors();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirmation?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = passwordRule(password);
    const confirm = passwordConfirmation(confirmation, password);
    setErrors({ password: checked.error, confirmation: confirm.error });
    setFailure(null);
    if (checked.error || confirm.error) return;
    setState('sending');
    try {
      await resetPassword(token, checked.value);
      setState('done');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields.password) setErrors({ password: error.fields.password });
      else setFailure(error instanceof ApiError ? apiErrors.message(error) : t('reset.failed'));
      setState('idle');
    }
  };

  if (state === 'done') {
    return (
      <Stack gap="sm">
        <Alert color="green" role="status">
          {t('reset.done')}
        </Alert>
        <Button component={Link} to={paths.login}>
          {t('reset.goToLogin')}
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <FormFailure message={failure}>
          {' '}
          <Anchor component={Link} to={paths.resetPassword} size="sm">
            {t('reset.askAgain')}
          </Anchor>
        </FormFailure>
        <FormField
          label={t('fields.newPassword')}
          type="password"
          name="password"
          autocomplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          options={{ focus: true }}
        />
        <FormField
          label={t('fields.passwordConfirmation')}
          type="password"
          name="passwordConfirmation"
          autocomplete="new-password"
          value={confirmation}
          onChange={setConfirmation}
          error={errors.confirmation}
        />
        <Button type="submit" loading={state === 'sending'}>
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  // Once the password is changed, the form's own "Go to sign-in" is the one way on: no second link.
  const [changed, setChanged] = useState(false);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {token ? t('reset.newTitle') : t('reset.title')}
      </Title>
      {token ? (
        <NewPasswordForm token={token} onDone={() => setChanged(true)} />
      ) : (
        <EmailLinkRequestForm
          request={requestPasswordReset}
          intro={<Text c="dimmed">{t('reset.askIntro')}</Text>}
          submitLabel={t('reset.sendLink')}
          sentMessage={t('reset.sent')}
          failedMessage={t('reset.failed')}
        />
      )}
      {!changed && (
        <Anchor component={Link} to={paths.login} size="sm">
          {t('backToLogin')}
        </Anchor>
      )}
    </Stack>
  );
}
