/**
 * /interface/tags/settings — the organization's tag categories (name and color) and their tags
 * (spec §2, §3). Maintainers and above create, rename, recolor and delete categories, and rename,
 * move and delete tags; every member may create tags. A failed call shows the server's message
 * under the field (spec §8, e.g. a duplicate name).
 */
import { ActionIcon, Alert, Button, ColorSwatch, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { ORGANIZATION_ROLE, requiredText, TAG_NAME_MAX, CATEGORY_NAME_MAX, type Category, type CategoryColor, type Tag } from '@palabre/shared';
import { IconAlertTriangle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { useOrganizationScope } from '../organizations/OrganizationScope.tsx';
import { errorText, notifyError, notifySuccess } from '../users/shared.ts';
import { useCategories, useTagMutations } from './api.ts';
import { callErrorText, ColorSelect } from './fields.tsx';
import { TagChip } from './TagChip.tsx';

type Mutations = ReturnType<typeof useTagMutations>;

/** "Add a tag" in a category: every member may. */
export function NewTagForm({ category, mutations, onCreated, autoFocus }: { category: Category; mutations: Mutations; onCreated?: (tag: Tag) => void; autoFocus?: boolean }) {
  const { t } = useTranslation('library');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = requiredText(name);
    if (rule.error) {
      setError(errorText(t, rule.error));
      return;
    }
    mutations.createTag.mutate(
      { name: rule.value, categoryId: category._id },
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
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
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

function CategoryForm({
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
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState<CategoryColor>(initial.color);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = requiredText(name);
    if (rule.error) {
      setError(errorText(t, rule.error));
      return;
    }
    onSubmit({ name: rule.value, color }, setError, () => {
      setError(null);
      if (!onCancel) setName('');
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={onCancel ? t('categories.editForm', { name: initial.name }) : submitLabel}>
      <Group align="flex-start" gap="sm">
        <TextInput
          label={t('categories.name')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={CATEGORY_NAME_MAX}
          style={{ flex: 1, minWidth: 200 }}
          data-autofocus
        />
        <ColorSelect value={color} onChange={setColor} w={180} />
        {!onCancel && (
          <Button type="submit" loading={pending} mt={25}>
            {submitLabel}
          </Button>
        )}
      </Group>
      {onCancel && (
        <Group gap="xs" justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      )}
    </form>
  );
}

function ConfirmDelete({ opened, title, message, pending, onConfirm, onClose }: { opened: boolean; title: string; message: string; pending: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation(['library', 'common']);
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} centered>
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending} data-autofocus>
            {t('library:delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function EditTagModal({ tag, categories, mutations, onClose }: { tag: Tag | null; categories: Category[]; mutations: Mutations; onClose: () => void }) {
  const { t } = useTranslation(['library', 'common']);
  const [name, setName] = useState(tag?.name ?? '');
  const [categoryId, setCategoryId] = useState(tag?.categoryId ?? '');
  const [error, setError] = useState<string | null>(null);
  if (!tag) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = requiredText(name);
    if (rule.error) {
      setError(errorText(t, rule.error));
      return;
    }
    const body: { id: string; name?: string; categoryId?: string } = { id: tag._id };
    if (rule.value !== tag.name) body.name = rule.value;
    if (categoryId !== tag.categoryId) body.categoryId = categoryId;
    if (!body.name && !body.categoryId) return onClose();
    mutations.updateTag.mutate(body, { onSuccess: onClose, onError: (failure) => setError(callErrorText(t, failure, t('errors.tagUpdate'))) });
  };
  return (
    <Modal opened onClose={() => !mutations.updateTag.isPending && onClose()} title={t('tags.editTitle', { name: tag.name })} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('tags.name')}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={TAG_NAME_MAX}
            data-autofocus
          />
          <Select
            label={t('tags.category')}
            data={categories.map((category) => ({ value: category._id, label: category.name }))}
            value={categoryId}
            onChange={(value) => value && setCategoryId(value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={mutations.updateTag.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={mutations.updateTag.isPending}>
              {t('library:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CategoryCard({ category, categories, manage, mutations }: { category: Category; categories: Category[]; manage: boolean; mutations: Mutations }) {
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

export function TagsSettingsPage() {
  const { t } = useTranslation('library');
  const organization = useOrganizationScope().current;
  const organizationId = organization?._id ?? '';
  const categories = useCategories(organizationId);
  const mutations = useTagMutations(organizationId);
  const manage = (organization?.myRole ?? 0) >= ORGANIZATION_ROLE.MAINTAINER;
  const list = categories.data ?? [];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('settings.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {manage ? t('settings.intro', { organization: organization?.name ?? '' }) : t('settings.introMember', { organization: organization?.name ?? '' })}
        </Text>
      </Stack>

      {manage && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="new-category-heading">
          <Title order={2} size="h4" id="new-category-heading" mb="sm">
            {t('categories.new')}
          </Title>
          <CategoryForm
            initial={{ name: '', color: 'blue' }}
            submitLabel={t('categories.create')}
            pending={mutations.createCategory.isPending}
            onSubmit={(value, fail, done) =>
              mutations.createCategory.mutate(value, {
                onSuccess: (category) => {
                  done();
                  notifySuccess(t('categories.created', { name: category.name }));
                },
                onError: (failure) => fail(callErrorText(t, failure, t('errors.categoryCreate'))),
              })
            }
          />
        </Paper>
      )}

      {categories.isPending ? (
        <CenteredLoader />
      ) : categories.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {categories.error.message}
        </Alert>
      ) : list.length === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text>{t('categories.none')}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {list.map((category) => (
            <CategoryCard key={category._id} category={category} categories={list} manage={manage} mutations={mutations} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
