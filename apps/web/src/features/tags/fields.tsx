/** Pieces of the tag forms: the category color picker, the text of a failed call. */
import { ColorSwatch, Group, Select, Text, type SelectProps } from '@mantine/core';
import { CATEGORY_COLORS, type CategoryColor } from '@palabre/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../components/errorText.ts';

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
