/**
 * Tag criteria of the media lists: a multi-select of the organization's tags grouped by category
 * (a media must carry every selected tag) and a "No tags" switch; the two exclude each other.
 */
import { Checkbox, ColorSwatch, Group, MultiSelect, Text } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { indexTags, useCategories } from './api.ts';

export interface TagCriteria {
  tags: string[];
  noTags: boolean;
}

export function TagFilter({ organizationId, value, onChange }: { organizationId: string | null; value: TagCriteria; onChange: (value: TagCriteria) => void }) {
  const { t } = useTranslation('library');
  const categories = useCategories(organizationId);
  const index = indexTags(categories.data);
  const data = (categories.data ?? [])
    .filter((category) => category.tags.length > 0)
    .map((category) => ({ group: category.name, items: category.tags.map((tag) => ({ value: tag._id, label: tag.name })) }));

  return (
    <Group align="flex-end" gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 280 }}>
      <MultiSelect
        label={t('filter.tags')}
        placeholder={value.tags.length === 0 ? (value.noTags ? t('filter.disabledByNoTags') : t('filter.anyTag')) : undefined}
        leftSection={<IconTags size={16} aria-hidden />}
        data={data}
        value={value.tags.filter((id) => index.has(id) || categories.isPending)}
        onChange={(tags) => onChange({ tags, noTags: tags.length > 0 ? false : value.noTags })}
        searchable
        clearable
        disabled={value.noTags}
        nothingFoundMessage={t('filter.noTagFound')}
        clearButtonProps={{ 'aria-label': t('filter.clear') }}
        renderOption={({ option }) => {
          const tag = index.get(option.value);
          return (
            <Group gap="xs" wrap="nowrap">
              {tag && <ColorSwatch color={`var(--mantine-color-${tag.category.color}-6)`} size={10} aria-hidden />}
              <Text size="sm">{option.label}</Text>
            </Group>
          );
        }}
        comboboxProps={{ withinPortal: true }}
        style={{ flex: 1 }}
        data-testid="tag-filter"
      />
      <Checkbox
        label={t('filter.noTags')}
        checked={value.noTags}
        onChange={(event) => onChange({ tags: event.currentTarget.checked ? [] : value.tags, noTags: event.currentTarget.checked })}
        mb={8}
        styles={{ label: { whiteSpace: 'nowrap' } }}
      />
    </Group>
  );
}
