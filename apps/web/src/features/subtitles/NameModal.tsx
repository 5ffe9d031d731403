/** A version's name, for a copy or a rename: checked as the contract checks it, the server's refusal shown in the form. */
import { Modal, Stack, TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '@palabre/shared';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { useNameField } from '../../components/useNameField.ts';

interface Props {
  opened: boolean;
  title: string;
  submitLabel: string;
  initial: string;
  pending: boolean;
  error: unknown;
  onClose(): void;
  onSubmit(name: string): void;
}

export function NameModal({ opened, title, submitLabel, initial, pending, error, onClose, onSubmit }: Props) {
  const { t } = useTranslation(['subtitles', 'common']);
  const errors = useApiErrors();
  const { setValue: setName, setError: setNameError, checked, inputProps } = useNameField(initial, TEXT_LIMITS.mediaName);
  useEffect(() => {
    if (opened) {
      setName(initial);
      setNameError(null);
    }
  }, [opened, initial, setName, setNameError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = checked();
    if (name !== null) onSubmit(name);
  };

  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('generate.name')} {...inputProps} maxLength={TEXT_LIMITS.mediaName} error={inputProps.error ?? errors.fields(error).name} required data-autofocus />
          <FormFailure error={error} placed={['name']} />
          <FormActions submitLabel={submitLabel} pending={pending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
