/** Backoffice organization creation: a name and an optional owner (POST /administration/organizations). */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { email as emailRule, requiredText, type Organization } from '@palabre/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../api/client.ts';
import { errorText, fieldErrors, notifyError, notifySuccess } from '../users/shared.ts';

export function CreateOrganizationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['backoffice', 'organizations', 'settings', 'common']);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [owner, setOwner] = useState('');
  const [errors, setErrors] = useState<{ name?: string | null; ownerEmail?: string | null }>({});

  const close = () => {
    setName('');
    setOwner('');
    setErrors({});
    onClose();
  };
  const create = useMutation({
    mutationFn: (body: { name: string; ownerEmail?: string }) => api.post<Organization>('/administration/organizations', body),
    onSuccess: async (org) => {
      await client.invalidateQueries({ queryKey: ['backoffice'] });
      notifySuccess(t('backoffice:organizations.created', { name: org.name }));
      close();
      void navigate(`/backoffice/organizations/${org._id}`);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'organization_name_exists') return setErrors({ name: t('organizations:errors.nameExists') });
      const fields = fieldErrors(t, err);
      if (Object.keys(fields).length) return setErrors(fields);
      notifyError(err, t('backoffice:organizations.createError'));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checkedName = requiredText(name);
    const checkedOwner = owner.trim() ? emailRule(owner) : null;
    const found = { name: errorText(t, checkedName.error), ownerEmail: errorText(t, checkedOwner?.error) };
    setErrors(found);
    if (found.name || found.ownerEmail) return;
    create.mutate({ name: checkedName.value, ...(checkedOwner ? { ownerEmail: checkedOwner.value } : {}) });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('backoffice:organizations.create')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('organizations:general.name')} value={name} error={errors.name ?? undefined} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
          <TextInput
            label={t('backoffice:organizations.ownerEmail')}
            description={t('backoffice:organizations.ownerHelp')}
            type="email"
            value={owner}
            error={errors.ownerEmail ?? undefined}
            onChange={(e) => setOwner(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{t('common:actions.cancel')}</Button>
            <Button type="submit" loading={create.isPending}>{t('backoffice:organizations.create')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
