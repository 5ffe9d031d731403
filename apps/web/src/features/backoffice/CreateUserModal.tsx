/** Backoffice user creation: names, email, password (twice) and platform roles (POST /administration/users). */
import { Button, Group, Modal, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PLATFORM_ROLE, email as emailRule, password as passwordRule, passwordConfirmation, requiredText, TEXT_LIMITS } from '@palabre/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlatformRoleCheckboxes } from '../users/PlatformRoleCheckboxes.tsx';
import { errorText } from '../../components/errorText.ts';
import { notifySuccess } from '../../components/notify.ts';
import { useFormFields } from '../users/useFormFields.ts';
import { createUser } from './backofficeApi.ts';

type Field = 'firstname' | 'lastname' | 'email' | 'password' | 'confirmation';
const EMPTY: Record<Field, string> = { firstname: '', lastname: '', email: '', password: '', confirmation: '' };

export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['backoffice', 'settings', 'common']);
  const client = useQueryClient();
  const { values, setErrors, reset, bind, showError } = useFormFields(EMPTY);
  const [role, setRole] = useState<number>(PLATFORM_ROLE.USER);

  const close = () => {
    reset();
    setRole(PLATFORM_ROLE.USER);
    onClose();
  };
  const create = useMutation({
    mutationFn: (body: { firstname: string; lastname: string; email: string; password: string; role: number }) => createUser(body),
    onSuccess: async (user) => {
      await client.invalidateQueries({ queryKey: ['backoffice'] });
      notifySuccess(t('backoffice:users.created', { email: user.email }));
      close();
    },
    onError: (err) => showError(err, t('backoffice:users.createError'), { code: 'email_exists', field: 'email', message: t('backoffice:users.emailExists') }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checks = {
      firstname: requiredText(values.firstname, { max: TEXT_LIMITS.personName }),
      lastname: requiredText(values.lastname, { max: TEXT_LIMITS.personName }),
      email: emailRule(values.email),
      password: passwordRule(values.password),
      confirmation: passwordConfirmation(values.confirmation, values.password),
    };
    const found = Object.fromEntries(Object.entries(checks).map(([k, r]) => [k, errorText(t, r.error)])) as Record<Field, string | null>;
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    create.mutate({
      firstname: checks.firstname.value,
      lastname: checks.lastname.value,
      email: checks.email.value,
      password: checks.password.value,
      role,
    });
  };
  const text = (name: Field, label: string, autoComplete: string, type = 'text') => {
    const Input = type === 'password' ? PasswordInput : TextInput;
    return <Input label={label} type={type === 'password' ? undefined : type} autoComplete={autoComplete} {...bind(name)} />;
  };

  return (
    <Modal opened={opened} onClose={close} title={t('backoffice:users.create')} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('firstname', t('settings:profile.firstname'), 'off')}
            {text('lastname', t('settings:profile.lastname'), 'off')}
          </SimpleGrid>
          {text('email', t('settings:profile.email'), 'off', 'email')}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('password', t('backoffice:users.password'), 'new-password', 'password')}
            {text('confirmation', t('backoffice:users.passwordConfirmation'), 'new-password', 'password')}
          </SimpleGrid>
          <PlatformRoleCheckboxes label={t('backoffice:users.roles')} value={role} onChange={(next) => setRole(next)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('backoffice:users.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
