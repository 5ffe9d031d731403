/**
 * The AI profile form, for creation (POST) and edition (PUT): name, description, scope (global or one
 * organization, set once), the OpenAI-compatible endpoint, the model id, the API key (written, never
 * shown: "a key is set", with its removal), the context size and the default switch. Server field
 * errors go under their fields ("config.endpoint" under the endpoint).
 */
import { NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { AI_CONTEXT_TOKENS, requiredText, TEXT_LIMITS, type AiProfile } from '@palabre/shared';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors } from '../../components/errorText.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useFormFields } from '../users/useFormFields.ts';
import { useSaveAiProfile } from './aiProfilesApi.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { keyToSend, organizationOfScope, ProfileScopeSelect, scopeOf, StoredKeyInput, UnavailableAlert } from './ProfileFormParts.tsx';

type TextField = 'name' | 'description' | 'endpoint' | 'model' | 'apiKey' | 'contextTokens';

function initialText(profile?: AiProfile): Record<TextField, string> {
  return {
    name: profile?.name ?? '',
    description: profile?.description ?? '',
    endpoint: profile?.config.endpoint ?? '',
    model: profile?.config.model ?? '',
    apiKey: '',
    contextTokens: String(profile?.config.contextTokens ?? AI_CONTEXT_TOKENS.default),
  };
}

interface AiProfileFormProps {
  /** The profile to edit; a new one when absent. */
  profile?: AiProfile | undefined;
  onSaved: (profile: AiProfile) => void;
  onCancel: () => void;
}

export function AiProfileForm({ profile, onSaved, onCancel }: AiProfileFormProps) {
  const { t } = useTranslation(['aiProfiles', 'common']);
  const editing = Boolean(profile);
  const { values, errors, setErrors, bind } = useFormFields(initialText(profile));
  const [scope, setScope] = useState(scopeOf(profile?.organizationId));
  const [isDefault, setDefault] = useState(profile?.isDefault ?? false);
  const [removeKey, setRemoveKey] = useState(false);
  const save = useSaveAiProfile(profile?._id);

  const showError = (error: unknown) => {
    const found = fieldErrors(t, error);
    const placed = Object.fromEntries(
      Object.entries(found)
        .map(([key, message]) => [key.replace(/^config\./, ''), message])
        .filter(([key]) => key !== undefined && key in values),
    );
    if (Object.keys(placed).length > 0) setErrors(placed);
    else notifyError(error, editing ? t('aiProfiles:updateError') : t('aiProfiles:createError'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = requiredText(values.name, { max: TEXT_LIMITS.profileName });
    const contextTokens = Number(values.contextTokens);
    const found = {
      name: errorText(t, name.error),
      endpoint: values.endpoint.trim() ? undefined : t('aiProfiles:endpointRequired'),
      model: values.model.trim() ? undefined : t('aiProfiles:modelRequired'),
      contextTokens:
        Number.isInteger(contextTokens) && contextTokens >= AI_CONTEXT_TOKENS.min && contextTokens <= AI_CONTEXT_TOKENS.max
          ? undefined
          : t('aiProfiles:contextTokensRange', { min: AI_CONTEXT_TOKENS.min, max: AI_CONTEXT_TOKENS.max }),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const apiKey = keyToSend(values.apiKey, removeKey);
    save.mutate(
      {
        name: name.value,
        description: values.description.trim(),
        organizationId: organizationOfScope(scope),
        isDefault,
        config: { endpoint: values.endpoint.trim(), model: values.model.trim(), contextTokens, ...(apiKey === undefined ? {} : { apiKey }) },
      },
      {
        onSuccess: (saved) => {
          notifySuccess(editing ? t('aiProfiles:updated', { name: saved.name }) : t('aiProfiles:created', { name: saved.name }));
          onSaved(saved);
        },
        onError: showError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('aiProfiles:formLabel')}>
      <Stack>
        <TextInput label={t('aiProfiles:name')} required {...bind('name')} data-autofocus />
        <Textarea
          label={t('aiProfiles:description')}
          autosize
          minRows={2}
          {...bind('description')}
          onChange={(event) => bind('description').onChange(event as unknown as ChangeEvent<HTMLInputElement>)}
        />
        <ProfileScopeSelect
          scope={scope}
          onChange={setScope}
          editing={editing}
          labels={{
            scope: t('aiProfiles:scope'),
            global: t('aiProfiles:global'),
            fixed: t('aiProfiles:scopeFixed'),
            help: t('aiProfiles:scopeHelp'),
            nothingFound: t('aiProfiles:noOrganization'),
          }}
        />
        <TextInput label={t('aiProfiles:endpoint')} description={t('aiProfiles:endpointHelp')} placeholder="http://localhost:11434/v1" type="url" required {...bind('endpoint')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('aiProfiles:model')} placeholder="llama3.1:8b" required {...bind('model')} />
          <NumberInput
            label={t('aiProfiles:contextTokens')}
            description={t('aiProfiles:contextTokensHelp')}
            min={AI_CONTEXT_TOKENS.min}
            max={AI_CONTEXT_TOKENS.max}
            step={1024}
            allowDecimal={false}
            value={values.contextTokens}
            onChange={(value) => bind('contextTokens').onChange({ currentTarget: { value: String(value) } } as ChangeEvent<HTMLInputElement>)}
            error={errors.contextTokens ?? undefined}
          />
        </SimpleGrid>
        <StoredKeyInput
          stored={Boolean(profile?.config.hasApiKey)}
          remove={removeKey}
          onRemoveChange={setRemoveKey}
          labels={{
            key: t('aiProfiles:apiKey'),
            stored: t('aiProfiles:apiKeySet'),
            keep: t('aiProfiles:apiKeyKeep'),
            remove: t('aiProfiles:removeKey'),
            help: t('aiProfiles:apiKeyHelp'),
          }}
          {...bind('apiKey')}
        />
        <Switch label={t('aiProfiles:isDefault')} description={t('aiProfiles:isDefaultHelp')} checked={isDefault} onChange={(e) => setDefault(e.currentTarget.checked)} />
        <UnavailableAlert availability={profile?.availability} />
        <FormActions submitLabel={editing ? t('common:actions.save') : t('aiProfiles:create')} pending={save.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
