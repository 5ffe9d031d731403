/**
 * The library's keyword criterion: the keywords a media's extracted keywords must all include, as
 * removable chips, and a field to add one (Enter). Lives in the URL (`keyword=`, listSearch.ts).
 */
import { Group, Pill, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_KEYWORD_CRITERIA_CHARS } from './listSearch.ts';

export function KeywordFilter({ value, onChange }: { value: string[]; onChange: (keywords: string[]) => void }) {
  const { t } = useTranslation('keywords');
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    // Keywords never hold a comma: the criterion joins them with it.
    const keyword = draft.replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
    if (!keyword) return;
    const next = value.some((k) => k.toLowerCase() === keyword.toLowerCase()) ? value : [...value, keyword];
    if (next.join(',').length > MAX_KEYWORD_CRITERIA_CHARS) {
      setError(t('filter.tooLong', { max: MAX_KEYWORD_CRITERIA_CHARS }));
      return;
    }
    setError(null);
    setDraft('');
    onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <Group gap="xs" align="flex-start" data-testid="keyword-filter">
      <TextInput
        size="xs"
        label={t('filter.label')}
        description={t('filter.help')}
        placeholder={t('filter.placeholder')}
        leftSection={<IconKey size={14} aria-hidden />}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={error}
        w={260}
        maxLength={MAX_KEYWORD_CRITERIA_CHARS}
      />
      {value.length > 0 && (
        <Group gap={6} component="ul" mt={24} mb={0} mx={0} p={0} style={{ listStyle: 'none' }} aria-label={t('filter.active')}>
          {value.map((keyword) => (
            <li key={keyword}>
              <Pill
                size="md"
                withRemoveButton
                onRemove={() => onChange(value.filter((k) => k !== keyword))}
                removeButtonProps={{ 'aria-label': t('filter.remove', { keyword }) }}
                data-testid="keyword-criterion"
              >
                {keyword}
              </Pill>
            </li>
          ))}
        </Group>
      )}
    </Group>
  );
}
