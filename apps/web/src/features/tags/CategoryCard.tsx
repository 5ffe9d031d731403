/** One category of the tags settings: its name, color and tags, with the actions the caller may take. */
import { ActionIcon, ColorSwatch, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { type Category, type Tag } from '@palabre/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { type TagMutations } from './api.ts';
import { callErrorText } from './fields.tsx';
import { TagChip } from './TagChip.tsx';
import { CategoryForm, NewTagForm } from './TagForms.tsx';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { EditTagModal } from './EditTagModal.tsx';

export function CategoryCard({ category, categories, manage, mutations }: { category: Category; categories: Category[]; manage: boolean; mutations: TagMutations }) {
  const { t } = useTranslation('library');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [editTag, setEditTag] = useState<Tag | null>(null);
  const [deleteTag, setDeleteTag] = useState<Tag | null>(null);
  const headingId = `category-${category._id}`;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-testid="category-card">
      <Stack gap="sm">
        {editing ? (
          <CategoryForm
            initial={{ name: category.name, color: category.color }}
            submitLabel={t('save')}
            pending={mutations.updateCategory.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={(value, fail) =>
              mutations.updateCategory.mutate(
                { id: category._id, ...(value.name !== category.name ? { name: value.name } : {}), color: value.color },
                { onSuccess: () => setEditing(false), onError: (failure) => fail(callErrorText(t, failure, t('errors.categoryUpdate'))) },
              )
            }
          />
        ) : (
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${category.color}-6)`} size={16} aria-hidden />
              <Title order={2} size="h4" id={headingId}>
                {category.name}
              </Title>
              <Text size="sm" c="dimmed">
                ({t(`colors.${category.color}`)})
              </Text>
            </Group>
            {manage && (
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('categories.edit', { name: category.name })}>
                  <ActionIcon variant="subtle" aria-label={t('categories.edit', { name: category.name })} onClick={() => setEditing(true)}>
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('categories.delete', { name: category.name })}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('categories.delete', { name: category.name })} onClick={() => setDeleting(true)}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
          </Group>
        )}

        {category.tags.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('tags.none')}
          </Text>
        ) : (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('tags.inCategory', { category: category.name })}>
            {category.tags.map((tag) => (
              <Group component="li" key={tag._id} justify="space-between" wrap="nowrap" data-testid="tag-item">
                <TagChip tag={{ ...tag, category }} />
                {manage && (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('tags.edit', { name: tag.name })}>
                      <ActionIcon variant="subtle" size="sm" aria-label={t('tags.edit', { name: tag.name })} onClick={() => setEditTag(tag)}>
                        <IconPencil size={14} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('tags.delete', { name: tag.name })}>
                      <ActionIcon variant="subtle" size="sm" color="red" aria-label={t('tags.delete', { name: tag.name })} onClick={() => setDeleteTag(tag)}>
                        <IconTrash size={14} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
              </Group>
            ))}
          </Stack>
        )}

        <NewTagForm category={category} mutations={mutations} onCreated={(tag) => notifySuccess(t('tags.created', { name: tag.name }))} />
      </Stack>

      <ConfirmDelete
        opened={deleting}
        title={t('categories.deleteTitle')}
        message={t('categories.deleteMessage', { name: category.name, count: category.tags.length })}
        pending={mutations.deleteCategory.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          mutations.deleteCategory.mutate(category._id, {
            onSuccess: () => setDeleting(false),
            onError: (error) => notifyError(error, t('errors.categoryDelete')),
          })
        }
      />
      <ConfirmDelete
        opened={deleteTag !== null}
        title={t('tags.deleteTitle')}
        message={t('tags.deleteMessage', { name: deleteTag?.name ?? '' })}
        pending={mutations.deleteTag.isPending}
        onClose={() => setDeleteTag(null)}
        onConfirm={() =>
          deleteTag &&
          mutations.deleteTag.mutate(deleteTag._id, {
            onSuccess: () => setDeleteTag(null),
            onError: (error) => notifyError(error, t('errors.tagDelete')),
          })
        }
      />
      {editTag && <EditTagModal key={editTag._id} tag={editTag} categories={categories} mutations={mutations} onClose={() => setEditTag(null)} />}
    </Paper>
  );
}
