/** Password change: current password, new password and confirmation (PUT /users/self/password). */
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { password as passwordRule, passwordConfirmation } from '@palabre/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { storeTokens } from '../../api/cookies.ts';
import { errorText } from '../../components/errorText.ts';
import { notifySuccess } from '../../components/notify.ts';
import { changePassword } from './api.ts';
import { useFormFields } from './useFormFields.ts';

type Field = 'currentPassword' | 'newPassword' | 'confirmation';
const EMPTY = { currentPassword: '', newPassword: '', confirmation: '' };

export function PasswordSection() {
  const { t } = useTranslation(['settings', 'common']);
  const { values, setErrors, reset, bind, showError } = useFormFields<Field>(EMPTY);

  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: (pair) => {
      // The server ended every other session; this one continues with the new tokens.
      storeTokens(pair);
      reset();
      notifySuccess(t('settings:password.changed'));
    },
    onError: (err) => showError(err, t('settings:password.error')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = passwordRule(values.newPassword);
    const confirm = passwordConfirmation(values.confirmation, values.newPassword);
    const current = values.currentPassword === '' ? 'error.required' : null;
    const found = { currentPassword: errorText(t, current), newPassword: errorText(t, next.error), confirmation: errorText(t, confirm.error) };
    setErrors(found);
    if (current || next.error || confirm.error) return;
    change.mutate({ currentPassword: values.currentPassword, newPassword: next.value });
  };
  const input = (name: Field, label: string, autoComplete: string) => <PasswordInput label={label} autoComplete={autoComplete} {...bind(name)} />;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="password-title">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h3" id="password-title">
            {t('settings:password.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings:password.explanation')}
          </Text>
          {input('currentPassword', t('settings:password.current'), 'current-password')}
          {input('newPassword', t('settings:password.new'), 'new-password')}
          {input('confirmation', t('settings:password.confirmation'), 'new-password')}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('settings:password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
