/**
 * One channel of the session form: its name, transcriber profile (among the organization's), the
 * languages it transcribes and translates to (those the chosen profile offers), diarization.
 */
import { ActionIcon, Checkbox, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { profileLanguages, type TranscriberProfile } from '@palabre/shared';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChannelForm } from './form.ts';
import { useLanguageName } from './format.ts';
import classes from './Sessions.module.css';

interface ChannelFieldsProps {
  index: number;
  channel: ChannelForm;
  profiles: TranscriberProfile[];
  errors: (field: string) => string | undefined;
  onChange: (channel: ChannelForm) => void;
  /** Absent when the channel cannot be removed (the last one, or channels locked). */
  onRemove?: (() => void) | undefined;
  disabled: boolean;
}

export function ChannelFields({ index, channel, profiles, errors, onChange, onRemove, disabled }: ChannelFieldsProps) {
  const { t } = useTranslation('sessions');
  const languageName = useLanguageName({ standalone: true });
  const profile = profiles.find((p) => p._id === channel.transcriberProfileId);
  const options = (codes: readonly string[]) => codes.map((code) => ({ value: code, label: languageName(code) }));
  const field = (name: string) => errors(`channels.${index}.${name}`);
  const chooseProfile = (id: string | null) => {
    const next = profiles.find((p) => p._id === id);
    const languages = next ? profileLanguages(next) : [];
    onChange({
      ...channel,
      transcriberProfileId: id,
      // Keep what the new profile still offers; a single language is chosen at once.
      languages:
        channel.languages.filter((l) => (languages as string[]).includes(l)).length > 0
          ? channel.languages.filter((l) => (languages as string[]).includes(l))
          : languages.slice(0, 1),
      translations: channel.translations.filter((l) => next?.translations.includes(l)),
    });
  };

  return (
    <fieldset className={classes.channel} disabled={disabled} aria-label={t('form.channel', { number: index + 1 })}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('form.channel', { number: index + 1 })}</Text>
          {onRemove && (
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('form.removeChannel', { number: index + 1 })}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        <TextInput label={t('form.channelName')} required value={channel.name} onChange={(e) => onChange({ ...channel, name: e.currentTarget.value })} error={field('name')} />
        <Select
          label={t('form.profile')}
          required
          data={profiles.map((p) => ({ value: p._id, label: p.name }))}
          value={channel.transcriberProfileId}
          onChange={chooseProfile}
          error={field('transcriberProfileId')}
          nothingFoundMessage={t('form.noProfile')}
          disabled={disabled}
        />
        <Group grow align="flex-start">
          <MultiSelect
            label={t('form.languages')}
            required
            data={options(profile ? profileLanguages(profile) : [])}
            value={channel.languages}
            onChange={(languages) => onChange({ ...channel, languages })}
            error={field('languages')}
            disabled={disabled || !profile}
          />
          <MultiSelect
            label={t('form.translations')}
            data={options(profile?.translations ?? [])}
            value={channel.translations}
            onChange={(translations) => onChange({ ...channel, translations })}
            error={field('translations')}
            disabled={disabled || !profile || profile.translations.length === 0}
          />
        </Group>
        <Checkbox label={t('form.channelDiarization')} checked={channel.diarization} onChange={(e) => onChange({ ...channel, diarization: e.currentTarget.checked })} />
      </Stack>
    </fieldset>
  );
}
