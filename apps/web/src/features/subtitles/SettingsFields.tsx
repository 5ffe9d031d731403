/** The limits of a version as form fields (generation, and the editor's settings), bounds from SUBTITLE_LIMITS. */
import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { SUBTITLE_LIMITS, SUBTITLE_SPLIT_MODES, type SubtitleSplitMode } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { INTEGER_FIELDS, NUMBER_FIELDS, type FieldError, type SettingsDraft, type SettingsField } from './settingsForm.ts';

interface Props {
  draft: SettingsDraft;
  errors: Partial<Record<SettingsField, FieldError>>;
  onChange(draft: SettingsDraft): void;
  readOnly?: boolean;
}

export function SettingsFields({ draft, errors, onChange, readOnly }: Props) {
  const { t } = useTranslation(['subtitles', 'common']);
  const errorOf = (field: SettingsField) => {
    const error = errors[field];
    return error ? t(error.key, error.values) : undefined;
  };
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
      {NUMBER_FIELDS.map((field) => (
        <NumberInput
          key={field}
          label={t(`settings.fields.${field}`)}
          description={t(`settings.hints.${field}`, SUBTITLE_LIMITS[field])}
          value={draft[field]}
          onChange={(value) => onChange({ ...draft, [field]: value })}
          min={SUBTITLE_LIMITS[field].min}
          max={SUBTITLE_LIMITS[field].max}
          step={INTEGER_FIELDS.has(field) ? 1 : field === 'minScreenDuration' ? 0.1 : 0.5}
          decimalScale={INTEGER_FIELDS.has(field) ? 0 : 3}
          allowDecimal={!INTEGER_FIELDS.has(field)}
          clampBehavior="none"
          error={errorOf(field)}
          readOnly={readOnly}
          data-field={field}
        />
      ))}
      <Select
        label={t('settings.fields.splitMode')}
        description={t('settings.hints.splitMode')}
        data={SUBTITLE_SPLIT_MODES.map((mode) => ({ value: mode, label: t(`settings.splitModes.${mode}`) }))}
        value={draft.splitMode}
        onChange={(value) => value && onChange({ ...draft, splitMode: value as SubtitleSplitMode })}
        allowDeselect={false}
        error={errorOf('splitMode')}
        readOnly={readOnly}
        data-field="splitMode"
      />
    </SimpleGrid>
  );
}
