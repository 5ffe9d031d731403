/** Generating a version from the current transcript: a name and the limits, checked before sending; the server's refusals under their fields. */
import { Modal, Stack, TextInput } from '@mantine/core';
import { DEFAULT_SUBTITLE_SETTINGS, TEXT_LIMITS, type SubtitleVersion } from '@palabre/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';
import { errorText } from '../../components/errorText.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { SettingsFields } from './SettingsFields.tsx';
import { checkName, checkSettings, draftOf, type FieldError, type SettingsDraft, type SettingsField } from './settingsForm.ts';

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
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(DEFAULT_SUBTITLE_SETTINGS));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SettingsField, FieldError>>>({});
  const serverFields = errors.fields(error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checkedName = checkName(name);
    const settings = checkSettings(draft);
    setNameError(checkedName.ok ? null : errorText(t, checkedName.error));
    setFieldErrors(settings.ok ? {} : settings.errors);
    if (!checkedName.ok || !settings.ok) return;
    onSubmit({ name: checkedName.name, settings: settings.settings });
  };

  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={t('generate.title')} size="lg" centered>
      <form onSubmit={submit} noValidate data-testid="generate-form">
        <Stack gap="sm">
          <TextInput
            label={t('generate.name')}
            placeholder={t('generate.namePlaceholder')}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            maxLength={TEXT_LIMITS.mediaName}
            error={nameError ?? serverFields.name}
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
