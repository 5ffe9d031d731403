/**
 * First name, last name and email, each committed on confirmation (PUT /users/self). A new address
 * takes effect once the link mailed to it is followed; accounts with a password confirm it first.
 */
import { Button, Group, Modal, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { email as emailRule, requiredText, TEXT_LIMITS, type User } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { ConfirmField } from './ConfirmField.tsx';
import { errorText, fieldErrors } from '../../components/errorText.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useUpdateSelf } from './useUpdateSelf.ts';

type Field = 'firstname' | 'lastname' | 'email';

export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation(['settings', 'common']);
  const update = useUpdateSelf();
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  /** The new address waiting for the current password, if one is asked. */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  /** The address named in the dialog; kept while the dialog fades out. */
  const [askedEmail, setAskedEmail] = useState('');
  /** Remounts the email field, so that it shows the address in effect again once a link is sent. */
  const [emailFieldKey, setEmailFieldKey] = useState(0);

  const changeEmail = (email: string, currentPassword?: string) =>
    update.mutate(
      { email, ...(currentPassword === undefined ? {} : { currentPassword }) },
      {
        onSuccess: () => {
          setPendingEmail(null);
          setPassword('');
          setEmailFieldKey((k) => k + 1);
          notifySuccess(t('settings:profile.emailLinkSent', { email }));
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'wrong_password') {
            if (currentPassword !== undefined) setPasswordError(t('settings:profile.wrongPassword'));
            setAskedEmail(email);
            setPendingEmail(email);
            return;
          }
          setPendingEmail(null);
          const fields = fieldErrors(t, err);
          if (fields.email) setErrors((e) => ({ ...e, email: fields.email }));
          else notifyError(err, t('settings:profile.updateError'));
        },
      },
    );

  const commit = (field: Field, input: string) => {
    const { value, error } = field === 'email' ? emailRule(input) : requiredText(input, { max: TEXT_LIMITS.personName });
    setErrors((e) => ({ ...e, [field]: errorText(t, error) }));
    if (error || value === user[field]) return;
    if (field === 'email') return changeEmail(value);
    update.mutate(
      { [field]: value },
      {
        onError: (err) => {
          const fields = fieldErrors(t, err);
          if (fields[field]) setErrors((e) => ({ ...e, [field]: fields[field] }));
          else notifyError(err, t('settings:profile.updateError'));
        },
      },
    );
  };
  const field = (name: Field, label: string, autoComplete: string, type: 'text' | 'email' = 'text') => (
    <ConfirmField
      key={name === 'email' ? `email-${emailFieldKey}` : name}
      label={label}
      value={user[name]}
      type={type}
      autoComplete={autoComplete}
      error={errors[name]}
      disabled={update.isPending}
      onConfirm={(value) => commit(name, value)}
      onCancel={() => setErrors((e) => ({ ...e, [name]: null }))}
    />
  );

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="profile-title">
      <Stack>
        <Title order={2} size="h3" id="profile-title">
          {t('settings:profile.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('firstname', t('settings:profile.firstname'), 'given-name')}
          {field('lastname', t('settings:profile.lastname'), 'family-name')}
        </SimpleGrid>
        {field('email', t('settings:profile.email'), 'email', 'email')}
        <Text size="sm" c="dimmed">
          {t('settings:profile.emailHelp')}
        </Text>
      </Stack>
      <Modal
        opened={pendingEmail !== null}
        onClose={() => {
          setPendingEmail(null);
          setPassword('');
          setPasswordError(null);
        }}
        title={t('settings:profile.confirmEmailTitle')}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setPasswordError(null);
            if (pendingEmail) changeEmail(pendingEmail, password);
          }}
        >
          <Stack>
            <Text size="sm">{t('settings:profile.confirmEmailText', { email: askedEmail })}</Text>
            <PasswordInput
              label={t('settings:profile.currentPassword')}
              autoComplete="current-password"
              value={password}
              error={passwordError}
              onChange={(event) => setPassword(event.currentTarget.value)}
              data-autofocus
              required
            />
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {t('settings:profile.confirmEmailSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
