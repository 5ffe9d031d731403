/**
 * The transcriber profile form (docs/PRODUCT.md, Entities), for creation (POST) and edition (PUT): name, description,
 * engine type, languages, scope (global or one organization, set once), default / diarization / quick
 * meeting switches, and the engine settings of the chosen type. Server field errors go under the fields.
 */
import { Code, MultiSelect, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { ENGINE_TYPES, requiredText, TEXT_LIMITS, type EngineType, type TranscriberProfile } from '@palabre/shared';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText, fieldErrors } from '../../components/errorText.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useFormFields } from '../users/useFormFields.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { keyToSend, organizationOfScope, ProfileScopeSelect, scopeOf, StoredKeyInput, UnavailableAlert } from './ProfileFormParts.tsx';
import { useSaveTranscriberProfile, type TranscriberProfileBody } from './transcriberProfilesApi.ts';

export const PROFILE_LANGUAGES = ['en', 'fr'] as const;

type TextField = 'name' | 'description' | 'model' | 'endpoint' | 'apiKey';
type OtherField = 'type' | 'languages' | 'organizationId';

function initialText(profile?: TranscriberProfile): Record<TextField, string> {
  return {
    name: profile?.name ?? '',
    description: profile?.description ?? '',
    model: profile?.config.model ?? '',
    endpoint: profile?.config.endpoint ?? '',
    apiKey: '',
  };
}

interface TranscriberProfileFormProps {
  /** The profile to edit; a new one when absent. */
  profile?: TranscriberProfile;
  onSaved: (profile: TranscriberProfile) => void;
  onCancel?: () => void;
}

export function TranscriberProfileForm({ profile, onSaved, onCancel }: TranscriberProfileFormProps) {
  const { t } = useTranslation(['backoffice', 'common']);
  const editing = Boolean(profile);
  const { values, setErrors, bind } = useFormFields(initialText(profile));
  const [type, setType] = useState<EngineType>(profile?.type ?? 'whisper');
  const [languages, setLanguages] = useState<string[]>(profile?.languages ?? ['en']);
  const [scope, setScope] = useState(scopeOf(profile?.organizationId));
  const [isDefault, setDefault] = useState(profile?.isDefault ?? false);
  const [diarization, setDiarization] = useState(profile?.diarization ?? true);
  const [quickMeeting, setQuickMeeting] = useState(profile?.quickMeeting ?? false);
  const [removeKey, setRemoveKey] = useState(false);
  const [otherErrors, setOtherErrors] = useState<Partial<Record<OtherField, string>>>({});
  const save = useSaveTranscriberProfile(profile?._id);

  /** Field errors of a failed call under their fields ("config.endpoint" under the endpoint), else a notification. */
  const showError = (error: unknown) => {
    const title = editing ? t('backoffice:transcriberProfiles.updateError') : t('backoffice:transcriberProfiles.createError');
    const found = fieldErrors(t, error);
    if (error instanceof ApiError && Object.keys(found).length) {
      const text: Partial<Record<TextField, string>> = {};
      const other: Partial<Record<OtherField, string>> = {};
      let placed = false;
      for (const [key, message] of Object.entries(found)) {
        const field = key.replace(/^config\./, '').replace(/\..*$/, '');
        if (field in values) {
          text[field as TextField] = message;
          placed = true;
        } else if (field === 'type' || field === 'languages' || field === 'organizationId') {
          other[field] = message;
          placed = true;
        }
      }
      setErrors(text);
      setOtherErrors(other);
      if (placed) return;
    }
    notifyError(error, title);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = requiredText(values.name, { max: TEXT_LIMITS.profileName });
    const foundText = { name: errorText(t, name.error) };
    const foundOther = { languages: languages.length === 0 ? t('backoffice:transcriberProfiles.languagesRequired') : undefined };
    setErrors(foundText);
    setOtherErrors(foundOther);
    if (foundText.name || foundOther.languages) return;

    const config: TranscriberProfileBody['config'] = {};
    if (type === 'whisper' || type === 'openai') {
      if (values.model.trim()) config.model = values.model.trim();
    }
    if (type === 'openai') {
      if (values.endpoint.trim()) config.endpoint = values.endpoint.trim();
      const apiKey = keyToSend(values.apiKey, removeKey);
      if (apiKey !== undefined) config.apiKey = apiKey;
    } else if (profile?.config.hasApiKey) {
      config.apiKey = '';
    }
    save.mutate(
      {
        name: name.value,
        description: values.description.trim(),
        type,
        languages: languages as TranscriberProfileBody['languages'],
        organizationId: organizationOfScope(scope),
        quickMeeting,
        diarization,
        isDefault,
        config,
      },
      {
        onSuccess: (saved) => {
          notifySuccess(editing ? t('backoffice:transcriberProfiles.updated', { name: saved.name }) : t('backoffice:transcriberProfiles.created', { name: saved.name }));
          setRemoveKey(false);
          onSaved(saved);
        },
        onError: showError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('backoffice:transcriberProfiles.formLabel')}>
      <Stack>
        <TextInput label={t('backoffice:transcriberProfiles.name')} required {...bind('name')} data-autofocus />
        <Textarea
          label={t('backoffice:transcriberProfiles.description')}
          autosize
          minRows={2}
          {...bind('description')}
          // The text area's change event carries its value the same way.
          onChange={(event) => bind('description').onChange(event as unknown as ChangeEvent<HTMLInputElement>)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('backoffice:transcriberProfiles.type')}
            data={ENGINE_TYPES.map((value) => ({ value, label: t(`backoffice:transcriberProfiles.types.${value}`) }))}
            value={type}
            onChange={(value) => value && setType(value as EngineType)}
            allowDeselect={false}
            error={otherErrors.type}
          />
          <MultiSelect
            label={t('backoffice:transcriberProfiles.languages')}
            data={PROFILE_LANGUAGES.map((value) => ({ value, label: t(`backoffice:transcriberProfiles.language.${value}`) }))}
            value={languages}
            onChange={setLanguages}
            error={otherErrors.languages}
            required
          />
        </SimpleGrid>
        <ProfileScopeSelect
          scope={scope}
          onChange={setScope}
          editing={editing}
          error={otherErrors.organizationId}
          labels={{
            scope: t('backoffice:transcriberProfiles.scope'),
            global: t('backoffice:transcriberProfiles.global'),
            fixed: t('backoffice:transcriberProfiles.scopeFixed'),
            help: t('backoffice:transcriberProfiles.scopeHelp'),
            nothingFound: t('backoffice:transcriberProfiles.noOrganization'),
          }}
        />

        {type === 'whisper' && (
          <TextInput
            label={t('backoffice:transcriberProfiles.whisperModel')}
            placeholder="base"
            description={
              <>
                {t('backoffice:transcriberProfiles.whisperModelHint')} <Code>palabre models pull {values.model.trim() || '<name>'}</Code>
              </>
            }
            {...bind('model')}
          />
        )}
        {type === 'openai' && (
          <>
            <TextInput label={t('backoffice:transcriberProfiles.endpoint')} placeholder="https://api.openai.com/v1" type="url" {...bind('endpoint')} />
            <TextInput label={t('backoffice:transcriberProfiles.openaiModel')} placeholder="whisper-1" {...bind('model')} />
            <StoredKeyInput
              stored={Boolean(profile?.config.hasApiKey)}
              remove={removeKey}
              onRemoveChange={setRemoveKey}
              labels={{
                key: t('backoffice:transcriberProfiles.apiKey'),
                stored: t('backoffice:transcriberProfiles.apiKeyStored'),
                keep: t('backoffice:transcriberProfiles.apiKeyKeep'),
                remove: t('backoffice:transcriberProfiles.removeKey'),
              }}
              {...bind('apiKey')}
            />
          </>
        )}
        {type === 'pocketsphinx' && (
          <Text size="sm" c="dimmed">
            {t('backoffice:transcriberProfiles.pocketsphinxHint')}
          </Text>
        )}

        <Stack gap="xs">
          <Switch
            label={t('backoffice:transcriberProfiles.isDefault')}
            description={t('backoffice:transcriberProfiles.isDefaultHelp')}
            checked={isDefault}
            onChange={(e) => setDefault(e.currentTarget.checked)}
          />
          <Switch label={t('backoffice:transcriberProfiles.diarization')} checked={diarization} onChange={(e) => setDiarization(e.currentTarget.checked)} />
          <Switch label={t('backoffice:transcriberProfiles.quickMeeting')} checked={quickMeeting} onChange={(e) => setQuickMeeting(e.currentTarget.checked)} />
        </Stack>

        <UnavailableAlert availability={profile?.availability} />
        <FormActions submitLabel={editing ? t('common:actions.save') : t('backoffice:transcriberProfiles.create')} pending={save.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
