/**
 * Finds a user to share with: a combobox over GET /users/search (from 2 characters, debounced),
 * driven by the keyboard (arrows, Enter, Escape); the number of results is announced.
 */
import { Combobox, Loader, TextInput, useCombobox, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PublicUser } from '@palabre/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../components/format.ts';
import { Person } from './Person.tsx';
import { USER_SEARCH_DELAY_MS, USER_SEARCH_MIN_LENGTH, useUserSearch } from './api.ts';

interface UserSearchProps {
  label: string;
  description?: string;
  /** Users not to offer (already chosen). */
  excludeIds?: string[];
  onPick: (user: PublicUser) => void;
  disabled?: boolean;
  /** Focus the field when it appears (it replaces something that had the focus). */
  autoFocus?: boolean;
}

export function UserSearch({ label, description, excludeIds = [], onPick, disabled, autoFocus }: UserSearchProps) {
  const { t } = useTranslation('sharing');
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), USER_SEARCH_DELAY_MS);
  const search = useUserSearch(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const active = debounced.length >= USER_SEARCH_MIN_LENGTH;
  const users = active ? (search.data?.list ?? []).filter((user) => !excludeIds.includes(user._id)) : [];
  const waiting = value.trim().length >= USER_SEARCH_MIN_LENGTH && (value.trim() !== debounced || search.isFetching);

  let status = '';
  if (value.trim().length > 0 && value.trim().length < USER_SEARCH_MIN_LENGTH) status = t('search.tooShort', { count: USER_SEARCH_MIN_LENGTH });
  else if (active && !waiting && search.isError) status = search.error.message;
  else if (active && !waiting && search.data) status = users.length === 0 ? t('search.none') : t('search.found', { count: users.length });

  const pick = (id: string) => {
    const user = users.find((u) => u._id === id);
    if (!user) return;
    onPick(user);
    setValue('');
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick}>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label={label}
          description={description}
          placeholder={t('search.placeholder')}
          role="combobox"
          aria-autocomplete="list"
          autoComplete="off"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={waiting ? <Loader size={14} aria-hidden /> : undefined}
          value={value}
          disabled={disabled}
          // Only when the field replaces the control that had the focus.
          autoFocus={autoFocus}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <VisuallyHidden role="status" aria-live="polite">
        {status}
      </VisuallyHidden>
      <Combobox.Dropdown hidden={!active || (users.length === 0 && !search.data)}>
        <Combobox.Options aria-label={label}>
          {users.length === 0 ? (
            <Combobox.Empty>{waiting ? t('search.searching') : t('search.none')}</Combobox.Empty>
          ) : (
            users.map((user) => (
              <Combobox.Option value={user._id} key={user._id} aria-label={`${fullName(user)} (${user.email})`}>
                <Person user={user} />
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
