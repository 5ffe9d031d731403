/** Creating a key: its name, its role (what it caps its creator to) and its lifetime. */
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { API_KEY_NAME_MAX, ORGANIZATION_API_KEY_ROLES, PLATFORM_API_KEY_ROLES, requiredText, type ApiKeyRole, type ApiKeyWithSecret } from '@palabre/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors } from '../../components/errorText.ts';
import { notifyError } from '../../components/notify.ts';
import { useCreateApiKey, type KeyOwner } from './apiKeysApi.ts';
import { DEFAULT_EXPIRY, expiryDate } from './expiry.ts';
import { ExpirySelect } from './ExpirySelect.tsx';

export function CreateApiKeyModal({ owner, opened, onClose, onCreated }: { owner: KeyOwner; opened: boolean; onClose: () => void; onCreated: (key: ApiKeyWithSecret) => void }) {
  const { t } = useTranslation(['apiKeys', 'common']);
  const roles: readonly ApiKeyRole[] = owner === null ? PLATFORM_API_KEY_ROLES : ORGANIZATION_API_KEY_ROLES;
  const [name, setName] = useState('');
  const [role, setRole] = useState<string>('reader');
  const [expiry, setExpiry] = useState<string>(DEFAULT_EXPIRY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateApiKey(owner);

  const reset = () => {
    setName('');
    setRole('reader');
    setExpiry(DEFAULT_EXPIRY);
    setErrors({});
  };
  const close = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = requiredText(name, { max: API_KEY_NAME_MAX });
    const nameError = errorText(t, checked.error);
    setErrors(nameError ? { name: nameError } : {});
    if (nameError) return;
    create.mutate(
      { name: checked.value, role: role as ApiKeyRole, expiresAt: expiryDate(expiry) },
      {
        onSuccess: (key) => {
          reset();
          onCreated(key);
        },
        onError: (error) => {
          const fields = fieldErrors(t, error);
          if (Object.keys(fields).length > 0) setErrors(fields);
          else notifyError(error, t('apiKeys:create.error'));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('apiKeys:create.title')} centered>
      <form onSubmit={submit} noValidate aria-label={t('apiKeys:create.title')}>
        <Stack>
          <TextInput
            label={t('apiKeys:fields.name')}
            description={t('apiKeys:create.nameHelp')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={API_KEY_NAME_MAX}
            required
            data-autofocus
            autoComplete="off"
          />
          <Select
            label={t('apiKeys:fields.role')}
            description={t('apiKeys:create.roleHelp')}
            data={roles.map((value) => ({ value, label: t(`apiKeys:roles.${value}`) }))}
            value={role}
            onChange={(next) => next && setRole(next)}
            allowDeselect={false}
            error={errors.role}
          />
          <ExpirySelect value={expiry} onChange={setExpiry} />
          {errors.expiresAt && (
            <Text size="sm" c="red" role="alert">
              {errors.expiresAt}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('apiKeys:create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
