/** Generating a version from the current transcript: a name and the limits, checked before sending; the server's refusals under their fields. */
import { Modal, Stack, TextInput } from '@mantine/core';
import { DEFAULT_SUBTITLE_SETTINGS, TEXT_LIMITS, type SubtitleVersion } from '@palabre/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { useNameField } from '../../components/useNameField.ts';
import { SettingsFields } from './SettingsFields.tsx';
import { checkSettings, draftOf, type FieldError, type SettingsDraft, type SettingsField } from './settingsForm.ts';

interface Props {
  opened: boolean;
  pending: boolean;
  error: unknown;
  onClose(): void;
  onSubmit(body: { name: string; settings: SubtitleVersion['settings'] }): void;
}

export function GenerateModal({ opened, pending, error, onClose, onSubmit }: Props) {
  const { t } = useTranslation(['subtitles', 'common']);
  const errors = useApiErrors();
  const nameField = useNameField('', TEXT_LIMITS.mediaName);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(DEFAULT_SUBTITLE_SETTINGS));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SettingsField, FieldError>>>({});
  const serverFields = errors.fields(error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = nameField.checked();
    const settings = checkSettings(draft);
    setFieldErrors(settings.ok ? {} : settings.errors);
    if (name === null || !settings.ok) return;
    onSubmit({ name, settings: settings.settings });
  };

  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={t('generate.title')} size="lg" centered>
      <form onSubmit={submit} noValidate data-testid="generate-form">
        <Stack gap="sm">
          <TextInput
            label={t('generate.name')}
            placeholder={t('generate.namePlaceholder')}
            {...nameField.inputProps}
            maxLength={TEXT_LIMITS.mediaName}
            error={nameField.error ?? serverFields.name}
            required
            data-autofocus
          />
          <SettingsFields draft={draft} errors={fieldErrors} onChange={setDraft} />
          <FormFailure error={error} placed={['name']} />
          <FormActions submitLabel={t('generate.submit')} pending={pending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
