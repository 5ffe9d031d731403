/**
 * The settings every creation tab shares (docs/PRODUCT.md, Entities): name, description, members' default right,
 * language, transcriber profile, diarization with number of speakers, punctuation, number
 * normalization, and acoustic / model quality where the profile's engine supports them.
 */
import { Alert, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  ACOUSTIC_MODELS,
  DEFAULT_TRANSCRIPTION_CONFIG,
  FULL_RIGHTS,
  MAX_SPEAKERS,
  MODEL_QUALITIES,
  RIGHT,
  rightLabel,
  freeText,
  requiredText,
  TEXT_LIMITS,
  type EngineType,
  type TranscriberProfile,
} from '@palabre/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/FormField.tsx';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { useTranscriberProfiles, type MediaSettings } from './api.ts';
import { fittingChoice, languageChoices, profileFits } from './languages.ts';

/** Members' default right choices, as masks (docs/PRODUCT.md, Roles and permissions; labels per States). */
const RIGHT_CHOICES = [
  RIGHT.UNDEFINED,
  RIGHT.READ,
  RIGHT.READ | RIGHT.COMMENT,
  RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE,
  RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE | RIGHT.SHARE,
  FULL_RIGHTS,
];

/** Which extra settings an engine understands. */
export function engineSupports(type: EngineType | undefined): { acoustic: boolean; modelQuality: boolean } {
  return { acoustic: false, modelQuality: type === 'whisper' || type === 'openai' };
}

/** The form fields these settings show the server's errors under. */
export const SETTINGS_FIELDS = ['name', 'description', 'membersRight', 'lang', 'serviceName'] as const;

export function defaultSettings(): MediaSettings {
  return {
    name: '',
    description: '',
    membersRight: RIGHT.READ | RIGHT.COMMENT,
    serviceName: null,
    lang: 'auto',
    acoustic: null,
    modelQuality: null,
    transcriptionConfig: structuredClone(DEFAULT_TRANSCRIPTION_CONFIG),
  };
}

export function useMediaSettings() {
  const [settings, setSettings] = useState<MediaSettings>(defaultSettings);
  const update = (patch: Partial<MediaSettings>) => setSettings((current) => ({ ...current, ...patch }));
  return [settings, update] as const;
}

/** The form's checks (docs/PRODUCT.md, Validation); keys are the product's error keys (error.required…). */
export function validateSettings(settings: MediaSettings, profiles: TranscriberProfile[] | undefined): Partial<Record<'name' | 'description' | 'serviceName', string>> {
  const errors: Partial<Record<'name' | 'description' | 'serviceName', string>> = {};
  const name = requiredText(settings.name, { max: TEXT_LIMITS.mediaName });
  if (name.error) errors.name = name.error;
  const description = freeText(settings.description, { max: TEXT_LIMITS.mediaDescription, multiline: true });
  if (description.error) errors.description = description.error;
  const profile = profiles?.find((p) => p._id === settings.serviceName);
  if (!profile || !profile.availability.ok || !profileFits(profile, settings.lang)) errors.serviceName = 'noService';
  return errors;
}

export function MediaSettingsFields({
  settings,
  update,
  errors,
  serverErrors = {},
  disabled,
}: {
  settings: MediaSettings;
  update: (patch: Partial<MediaSettings>) => void;
  errors: Partial<Record<'name' | 'description' | 'serviceName', string>>;
  /** What the server said about the fields, translated (useApiErrors). */
  serverErrors?: Record<string, string>;
  disabled?: boolean;
}) {
  const { t } = useTranslation(['conversations', 'common']);
  const errorText = useErrorText();
  const { current } = useOrganizationScope();
  const profiles = useTranscriberProfiles(current?._id);
  const profile = profiles.data?.find((p) => p._id === settings.serviceName);
  const supports = engineSupports(profile?.type);
  const config = settings.transcriptionConfig;

  // Only languages an available profile transcribes, and a profile that fits the language: the
  // default (or first) fitting one, until the person picks another.
  const languages = useMemo(() => languageChoices(profiles.data), [profiles.data]);
  useEffect(() => {
    if (!profiles.data) return;
    const fitting = fittingChoice(profiles.data, { language: settings.lang, profileId: settings.serviceName });
    const patch: Partial<MediaSettings> = {};
    if (fitting.language !== settings.lang) patch.lang = fitting.language;
    if (fitting.profileId !== settings.serviceName) patch.serviceName = fitting.profileId;
    if (Object.keys(patch).length) update(patch);
    // Not `update` nor the other settings: they change on every edit, and only these may re-pick.
  }, [profiles.data, settings.lang, settings.serviceName]);

  // Settings the chosen engine does not understand are not sent.
  useEffect(() => {
    const patch: Partial<MediaSettings> = {};
    if (!supports.modelQuality && settings.modelQuality) patch.modelQuality = null;
    if (supports.modelQuality && !settings.modelQuality) patch.modelQuality = 'medium';
    if (!supports.acoustic && settings.acoustic) patch.acoustic = null;
    if (Object.keys(patch).length) update(patch);
    // Only when the engine changes: the person may set these settings again afterwards.
  }, [supports.modelQuality, supports.acoustic]);

  const profileOptions = useMemo(
    () =>
      (profiles.data ?? []).map((p) => ({
        value: p._id,
        label: !p.availability.ok
          ? `${p.name} — ${t('settings.unavailable', { reason: p.availability.reason ?? t('settings.unavailableUnknown') })}`
          : profileFits(p, settings.lang)
            ? p.name
            : `${p.name} — ${t('settings.otherLanguage')}`,
        disabled: !p.availability.ok || !profileFits(p, settings.lang),
      })),
    [profiles.data, settings.lang, t],
  );
  const noProfile = profiles.data && !profiles.data.some((p) => p.availability.ok);

  return (
    <Stack gap="md">
      <TextInput
        label={t('settings.name')}
        required
        value={settings.name}
        onChange={(e) => update({ name: e.currentTarget.value })}
        error={serverErrors.name ?? errorText(errors.name)}
        disabled={disabled}
        maxLength={TEXT_LIMITS.mediaName}
      />
      <Textarea
        label={t('settings.description')}
        value={settings.description}
        onChange={(e) => update({ description: e.currentTarget.value })}
        error={serverErrors.description ?? errorText(errors.description)}
        disabled={disabled}
        autosize
        minRows={2}
        maxLength={TEXT_LIMITS.mediaDescription}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('settings.membersRight')}
          description={t('settings.membersRightHelp')}
          data={RIGHT_CHOICES.map((mask) => ({ value: String(mask), label: t(`rights.${rightLabel(mask)}`) }))}
          value={String(settings.membersRight)}
          onChange={(value) => value !== null && update({ membersRight: Number(value) })}
          error={serverErrors.membersRight}
          allowDeselect={false}
          disabled={disabled}
        />
        <Select
          label={t('settings.language')}
          data={languages.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
          value={settings.lang}
          onChange={(value) => value && update({ lang: value as MediaSettings['lang'] })}
          error={serverErrors.lang}
          allowDeselect={false}
          disabled={disabled}
        />
      </SimpleGrid>

      <Title order={2} size="h4" mt="sm">
        {t('settings.transcription')}
      </Title>
      {noProfile && (
        <Alert color="orange" title={t('errors.noService')}>
          {t('settings.noServiceHelp')}
        </Alert>
      )}
      <Select
        label={t('settings.profile')}
        required
        placeholder={profiles.isPending ? t('common:app.loading') : t('settings.profilePlaceholder')}
        data={profileOptions}
        value={settings.serviceName}
        onChange={(value) => update({ serviceName: value })}
        error={serverErrors.serviceName ?? (errors.serviceName ? t(`errors.${errors.serviceName}`) : null)}
        description={profile?.description || undefined}
        allowDeselect={false}
        disabled={disabled}
      />
      {(supports.modelQuality || supports.acoustic) && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {supports.modelQuality && (
            <Select
              label={t('settings.modelQuality')}
              data={MODEL_QUALITIES.map((q) => ({ value: q, label: t(`settings.quality.${q}`) }))}
              value={settings.modelQuality}
              onChange={(value) => update({ modelQuality: value as MediaSettings['modelQuality'] })}
              allowDeselect={false}
              disabled={disabled}
            />
          )}
          {supports.acoustic && (
            <Select
              label={t('settings.acoustic')}
              data={ACOUSTIC_MODELS.map((a) => ({ value: a, label: t(`settings.acousticModel.${a}`) }))}
              value={settings.acoustic}
              onChange={(value) => update({ acoustic: value as MediaSettings['acoustic'] })}
              disabled={disabled}
            />
          )}
        </SimpleGrid>
      )}
      <Group align="flex-end" gap="xl">
        <Switch
          label={t('settings.diarization')}
          checked={config.diarization.enabled}
          onChange={(e) => update({ transcriptionConfig: { ...config, diarization: { ...config.diarization, enabled: e.currentTarget.checked } } })}
          disabled={disabled}
        />
        {config.diarization.enabled && (
          <NumberInput
            label={t('settings.speakers')}
            placeholder={t('settings.speakersAuto')}
            min={1}
            max={MAX_SPEAKERS}
            w={200}
            value={config.diarization.numberOfSpeakers ?? ''}
            onChange={(value) =>
              update({
                transcriptionConfig: {
                  ...config,
                  diarization: { ...config.diarization, numberOfSpeakers: typeof value === 'number' ? Math.min(MAX_SPEAKERS, Math.max(1, Math.round(value))) : null },
                },
              })
            }
            disabled={disabled}
          />
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('settings.punctuation')}
          data={[
            { value: 'automatic', label: t('settings.punctuationMode.automatic') },
            { value: 'disabled', label: t('settings.punctuationMode.disabled') },
          ]}
          value={config.punctuation}
          onChange={(value) => value && update({ transcriptionConfig: { ...config, punctuation: value as 'automatic' | 'disabled' } })}
          allowDeselect={false}
          disabled={disabled}
        />
        <Switch
          mt={{ sm: 28 }}
          label={t('settings.normalization')}
          checked={config.normalization}
          onChange={(e) => update({ transcriptionConfig: { ...config, normalization: e.currentTarget.checked } })}
          disabled={disabled}
        />
      </SimpleGrid>
      {profiles.isError && (
        <Text c="red" size="sm" role="alert">
          {profiles.error.message}
        </Text>
      )}
    </Stack>
  );
}
