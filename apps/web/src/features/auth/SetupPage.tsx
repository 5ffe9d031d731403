/**
 * /setup: the first visit of a new installation. The setup token the server printed (or wrote to
 * `<data>/setup-token`) creates the first super administrator, who is then signed in.
 */
import { Button, Stack, Text, Title } from '@mantine/core';
import { email as emailRule, password as passwordRule, requiredText } from '@palabre/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';
import { FormField } from '../../components/FormField.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { paths } from '../../routes/paths.ts';
import { setUpFirstAdministrator } from './api.ts';

type Field = 'token' | 'firstname' | 'lastname' | 'email' | 'password';

export function SetupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const apiErrors = useApiErrors();
  const [values, setValues] = useState<Record<Field, string>>({ token: params.get('token') ?? '', firstname: '', lastname: '', email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checks = {
      token: requiredText(values.token),
      firstname: requiredText(values.firstname),
      lastname: requiredText(values.lastname),
      email: emailRule(values.email),
      password: passwordRule(values.password),
    };
    setErrors(Object.fromEntries(Object.entries(checks).map(([field, result]) => [field, result.error])));
    setFailure(null);
    if (Object.values(checks).some((result) => result.error)) return;
    setBusy(true);
    try {
      await setUpFirstAdministrator({
        token: checks.token.value,
        firstname: checks.firstname.value,
        lastname: checks.lastname.value,
        email: checks.email.value,
        password: checks.password.value,
        locale: currentLocale(),
      });
      await navigate(paths.explore, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFailure(error instanceof ApiError ? apiErrors.message(error) : t('setup.failed'));
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('setup.title')}
      </Title>
      <Text c="dimmed">{t('setup.intro')}</Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <FormFailure message={failure} />
          <FormField label={t('setup.token')} name="token" autocomplete="off" value={values.token} onChange={set('token')} error={errors.token} />
          <FormField label={t('fields.firstname')} name="firstname" autocomplete="given-name" value={values.firstname} onChange={set('firstname')} error={errors.firstname} />
          <FormField label={t('fields.lastname')} name="lastname" autocomplete="family-name" value={values.lastname} onChange={set('lastname')} error={errors.lastname} />
          <FormField label={t('fields.email')} type="email" name="email" autocomplete="email" value={values.email} onChange={set('email')} error={errors.email} />
          <FormField
            label={t('fields.password')}
            type="password"
            name="password"
            autocomplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={errors.password}
          />
          <Button type="submit" loading={busy}>
            {t('setup.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
