/** The choices of an export: its title, the download filter (speakers, keywords) and the metadata to include. */
import { Button, Checkbox, Fieldset, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import type { Speaker } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { keywordList, METADATA_FLAGS, TITLE_MAX, toggleKeyword, type ExportChoices } from './choices.ts';
import classes from './Publish.module.css';

interface Props {
  choices: ExportChoices;
  onChange: (choices: ExportChoices) => void;
  mediaName: string;
  speakers: Speaker[];
  /** The media's extracted keywords, offered as filter words. */
  mediaKeywords: readonly string[];
}

export function ExportOptions({ choices, onChange, mediaName, speakers, mediaKeywords }: Props) {
  const { t } = useTranslation('publish');
  const set = <K extends keyof ExportChoices>(key: K, value: ExportChoices[K]) => onChange({ ...choices, [key]: value });
  return (
    <Stack gap="md">
      <TextInput
        label={t('options.title')}
        description={t('options.titleHint')}
        placeholder={mediaName}
        value={choices.title}
        maxLength={TITLE_MAX}
        onChange={(event) => set('title', event.currentTarget.value)}
      />
      <Fieldset legend={t('options.filter')} variant="unstyled" classNames={{ root: classes.fieldset, legend: classes.legend }}>
        <Stack gap="sm">
          <MultiSelect
            label={t('options.speakers')}
            description={t('options.speakersHint')}
            placeholder={choices.speakers.length === 0 ? t('options.everySpeaker') : undefined}
            data={speakers.map((speaker) => ({ value: speaker.speaker_id, label: speaker.speaker_name || speaker.speaker_id }))}
            value={choices.speakers}
            onChange={(value) => set('speakers', value)}
            searchable
            clearable
            nothingFoundMessage={t('options.noSpeaker')}
          />
          <TextInput
            label={t('options.keywords')}
            description={t('options.keywordsHint')}
            placeholder={t('options.keywordsPlaceholder')}
            value={choices.keywords}
            maxLength={2000}
            onChange={(event) => set('keywords', event.currentTarget.value)}
          />
          {mediaKeywords.length > 0 && (
            <Group gap={6} role="group" aria-label={t('options.mediaKeywords')}>
              {mediaKeywords.map((keyword) => {
                const chosen = keywordList(choices.keywords).some((word) => word.toLowerCase() === keyword.toLowerCase());
                return (
                  <Button
                    key={keyword}
                    size="compact-xs"
                    radius="xl"
                    variant={chosen ? 'filled' : 'light'}
                    aria-pressed={chosen}
                    onClick={() => set('keywords', toggleKeyword(choices.keywords, keyword))}
                  >
                    {keyword}
                  </Button>
                );
              })}
            </Group>
          )}
        </Stack>
      </Fieldset>
      <Checkbox.Group
        label={t('options.include')}
        value={METADATA_FLAGS.filter((flag) => choices.metadata[flag])}
        onChange={(value) => set('metadata', Object.fromEntries(METADATA_FLAGS.map((flag) => [flag, value.includes(flag)])) as ExportChoices['metadata'])}
      >
        <Stack gap={6} mt={6}>
          {METADATA_FLAGS.map((flag) => (
            <Checkbox key={flag} value={flag} label={t(`options.metadata.${flag}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}
