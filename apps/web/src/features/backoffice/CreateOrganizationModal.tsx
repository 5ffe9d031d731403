/** Backoffice organization creation: a name and an optional owner (POST /administration/organizations). */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { email as emailRule, requiredText, TEXT_LIMITS } from '@palabre/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../components/errorText.ts';
import { notifySuccess } from '../../components/notify.ts';
import { useFormFields } from '../users/useFormFields.ts';
import { createOrganization } from './backofficeApi.ts';

const EMPTY = { name: '', ownerEmail: '' };

export function CreateOrganizationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['backoffice', 'organizations', 'settings', 'common']);
  const client = useQueryClient();
  const navigate = useNavigate();
  const { values, setErrors, reset, bind, showError } = useFormFields(EMPTY);

  const close = () => {
    reset();
    onClose();
  };
  const create = useMutation({
    mutationFn: (body: { name: string; ownerEmail?: string }) => createOrganization(body),
    onSuccess: async (org) => {
      await client.invalidateQueries({ queryKey: ['backoffice'] });
      notifySuccess(t('backoffice:organizations.created', { name: org.name }));
      close();
      void navigate(`/backoffice/organizations/${org._id}`);
    },
    onError: (err) =>
      showError(err, t('backoffice:organizations.createError'), {
        code: 'organization_name_exists',
        field: 'name',
        message: t('organizations:errors.nameExists'),
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checkedName = requiredText(values.name, { max: TEXT_LIMITS.organizationName });
    const checkedOwner = values.ownerEmail.trim() ? emailRule(values.ownerEmail) : null;
    const found = { name: errorText(t, checkedName.error), ownerEmail: errorText(t, checkedOwner?.error) };
    setErrors(found);
    if (found.name || found.ownerEmail) return;
    create.mutate({ name: checkedName.value, ...(checkedOwner ? { ownerEmail: checkedOwner.value } : {}) });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('backoffice:organizations.create')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('organizations:general.name')} {...bind('name')} data-autofocus />
          <TextInput label={t('backoffice:organizations.ownerEmail')} description={t('backoffice:organizations.ownerHelp')} type="email" {...bind('ownerEmail')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('backoffice:organizations.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
