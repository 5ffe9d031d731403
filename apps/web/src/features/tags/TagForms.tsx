/** The forms of the tags settings: a new tag in a category, a category's name and color. */
import { Button, Group, TextInput } from '@mantine/core';
import { TAG_NAME_MAX, CATEGORY_NAME_MAX, type Category, type CategoryColor, type Tag } from '@palabre/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../components/FormActions.tsx';
import { useNameField } from '../../components/useNameField.ts';
import { type TagMutations } from './api.ts';
import { callErrorText, ColorSelect } from './fields.tsx';

/** "Add a tag" in a category: every member may. */
export function NewTagForm({ category, mutations, onCreated, autoFocus }: { category: Category; mutations: TagMutations; onCreated?: (tag: Tag) => void; autoFocus?: boolean }) {
  const { t } = useTranslation('library');
  const { setValue: setName, setError, checked, inputProps } = useNameField('', TAG_NAME_MAX);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checkedName = checked();
    if (checkedName === null) return;
    mutations.createTag.mutate(
      { name: checkedName, categoryId: category._id },
      {
        onSuccess: (tag) => {
          setName('');
          setError(null);
          onCreated?.(tag);
        },
        onError: (failure) => setError(callErrorText(t, failure, t('errors.tagCreate'))),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t('tags.newIn', { category: category.name })} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={t('tags.newLabel')}
          placeholder={t('tags.newPlaceholder')}
          {...inputProps}
          maxLength={TAG_NAME_MAX}
          size="sm"
          style={{ flex: 1 }}
          data-autofocus={autoFocus || undefined}
        />
        <Button type="submit" size="sm" mt={25} variant="light" leftSection={<IconPlus size={14} aria-hidden />} loading={mutations.createTag.isPending}>
          {t('tags.add')}
        </Button>
      </Group>
    </form>
  );
}

export function CategoryForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: { name: string; color: CategoryColor };
  submitLabel: string;
  pending: boolean;
  onSubmit: (value: { name: string; color: CategoryColor }, fail: (message: string) => void, done: () => void) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['library', 'common']);
  const { setValue: setName, setError, checked, inputProps } = useNameField(initial.name, TAG_NAME_MAX);
  const [color, setColor] = useState<CategoryColor>(initial.color);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checkedName = checked();
    if (checkedName === null) return;
    onSubmit({ name: checkedName, color }, setError, () => {
      setError(null);
      if (!onCancel) setName('');
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={onCancel ? t('categories.editForm', { name: initial.name }) : submitLabel}>
      <Group align="flex-start" gap="sm">
        <TextInput label={t('categories.name')} {...inputProps} maxLength={CATEGORY_NAME_MAX} style={{ flex: 1, minWidth: 200 }} data-autofocus />
        <ColorSelect value={color} onChange={setColor} w={180} />
        {!onCancel && (
          <Button type="submit" loading={pending} mt={25}>
            {submitLabel}
          </Button>
        )}
      </Group>
      {onCancel && <FormActions gap="xs" mt="sm" submitLabel={submitLabel} pending={pending} onCancel={onCancel} />}
    </form>
  );
}
