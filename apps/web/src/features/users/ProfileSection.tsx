/** First name, last name and email, each committed on confirmation (PUT /users/self). */
import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { email as emailRule, requiredText, TEXT_LIMITS, type User } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmField } from './ConfirmField.tsx';
import { errorText, fieldErrors, notifyError } from './shared.ts';
import { useUpdateSelf } from './useUpdateSelf.ts';

type Field = 'firstname' | 'lastname' | 'email';

export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation(['settings', 'common']);
  const update = useUpdateSelf();
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});

  const commit = (field: Field, input: string) => {
    const { value, error } = field === 'email' ? emailRule(input) : requiredText(input, { max: TEXT_LIMITS.personName });
    setErrors((e) => ({ ...e, [field]: errorText(t, error) }));
    if (error || value === user[field]) return;
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
        <Title order={3} id="profile-title">{t('settings:profile.title')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('firstname', t('settings:profile.firstname'), 'given-name')}
          {field('lastname', t('settings:profile.lastname'), 'family-name')}
        </SimpleGrid>
        {field('email', t('settings:profile.email'), 'email', 'email')}
      </Stack>
    </Paper>
  );
}
