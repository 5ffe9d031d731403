/** Pieces of the tag forms: a name field's state, the category color picker, the text of a failed call. */
import { ColorSwatch, Group, Select, Text, type SelectProps } from '@mantine/core';
import { CATEGORY_COLORS, requiredText, TAG_NAME_MAX, type CategoryColor } from '@palabre/shared';
import type { TFunction } from 'i18next';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../components/errorText.ts';

/** A name being typed and its error, which clears as soon as the name changes; `inputProps` wire a TextInput. */
export function useNameField(initial = '') {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setValue(event.currentTarget.value);
    setError(null);
  };
  const { t } = useTranslation('library');
  /** The trimmed name when it is not empty (required text; docs/PRODUCT.md, Validation); else shows the error and answers null. */
  const checked = (): string | null => {
    // Tag and category names share one limit.
    const rule = requiredText(value, { max: TAG_NAME_MAX });
    if (!rule.error) return rule.value;
    setError(errorText(t, rule.error));
    return null;
  };
  return { value, setValue, error, setError, checked, inputProps: { value, error, onChange } };
}

const swatch = (color: string) => <ColorSwatch color={`var(--mantine-color-${color}-6)`} size={14} aria-hidden />;

export function ColorSelect({ value, onChange, ...props }: { value: CategoryColor; onChange: (color: CategoryColor) => void } & Omit<SelectProps, 'value' | 'onChange' | 'data'>) {
  const { t } = useTranslation('library');
  return (
    <Select
      label={t('categories.color')}
      data={CATEGORY_COLORS.map((color) => ({ value: color, label: t(`colors.${color}`) }))}
      value={value}
      onChange={(next) => next && onChange(next as CategoryColor)}
      allowDeselect={false}
      leftSection={swatch(value)}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          {swatch(option.value)}
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      {...props}
    />
  );
}

/**
 * The message shown under a name field after a failed call: the field error the server gave
 * (translated), else a duplicate-name message for 409, else the server's message, after the
 * operation's title (e.g. "Tag creation error").
 */
export function callErrorText(t: TFunction, error: unknown, title: string): string {
  if (error instanceof ApiError) {
    const field = error.fields.name;
    if (field) return `${title}: ${errorText(t, field) ?? field}`;
    if (error.status === 409) return `${title}: ${error.message || t('library:errors.duplicate')}`;
    return `${title}: ${error.message}`;
  }
  return title;
}
