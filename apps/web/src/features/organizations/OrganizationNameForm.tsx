/**
 * One-field form naming an organization. The button's label switches to a creating label and the
 * button is disabled while sending (docs/PRODUCT.md, States: idle → sending → idle on error).
 */
import { Button, Stack } from '@mantine/core';
import { requiredText, TEXT_LIMITS } from '@palabre/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { FormFailure } from '../../components/FormFailure.tsx';
import { FormField } from '../../components/FormField.tsx';
import { organizationNameError, useCreateOrganization } from './useCreateOrganization.ts';
import type { Organization } from '@palabre/shared';

export function OrganizationNameForm({ onCreated, submitLabel }: { onCreated: (organization: Organization) => void; submitLabel?: string }) {
  const { t } = useTranslation('layout');
  const create = useCreateOrganization();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = requiredText(name, { max: TEXT_LIMITS.organizationName });
    setFieldError(rule.error);
    setFormError(null);
    if (rule.error) return;
    create.mutate(rule.value, {
      onSuccess: onCreated,
      onError: (error) => {
        const onField = organizationNameError(error);
        setFieldError(onField);
        if (!onField) setFormError(error instanceof ApiError ? error.message : t('organizationForm.error'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormField
          label={t('organizationForm.name')}
          name="organizationName"
          value={name}
          onChange={setName}
          error={fieldError}
          required
          autocomplete="organization"
          options={{ focus: true, disabled: create.isPending }}
        />
        <FormFailure message={formError} />
        <Button type="submit" disabled={create.isPending} loading={false}>
          {create.isPending ? t('organizationForm.creating') : (submitLabel ?? t('organizationForm.create'))}
        </Button>
      </Stack>
    </form>
  );
}
