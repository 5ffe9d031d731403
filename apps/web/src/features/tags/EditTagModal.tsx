/** Rename a tag or move it to another category (maintainers and above). */
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { TAG_NAME_MAX, type Category, type Tag } from '@palabre/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../components/FormActions.tsx';
import { useNameField } from '../../components/useNameField.ts';
import { type TagMutations } from './api.ts';
import { callErrorText } from './fields.tsx';

export function EditTagModal({ tag, categories, mutations, onClose }: { tag: Tag | null; categories: Category[]; mutations: TagMutations; onClose: () => void }) {
  const { t } = useTranslation(['library', 'common']);
  const { setError, checked, inputProps } = useNameField(tag?.name ?? '', TAG_NAME_MAX);
  const [categoryId, setCategoryId] = useState(tag?.categoryId ?? '');
  if (!tag) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checkedName = checked();
    if (checkedName === null) return;
    const body: { id: string; name?: string; categoryId?: string } = { id: tag._id };
    if (checkedName !== tag.name) body.name = checkedName;
    if (categoryId !== tag.categoryId) body.categoryId = categoryId;
    if (!body.name && !body.categoryId) return onClose();
    mutations.updateTag.mutate(body, { onSuccess: onClose, onError: (failure) => setError(callErrorText(t, failure, t('errors.tagUpdate'))) });
  };
  return (
    <Modal opened onClose={() => !mutations.updateTag.isPending && onClose()} title={t('tags.editTitle', { name: tag.name })} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('tags.name')} {...inputProps} maxLength={TAG_NAME_MAX} data-autofocus />
          <Select
            label={t('tags.category')}
            data={categories.map((category) => ({ value: category._id, label: category.name }))}
            value={categoryId}
            onChange={(value) => value && setCategoryId(value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <FormActions submitLabel={t('library:save')} pending={mutations.updateTag.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
