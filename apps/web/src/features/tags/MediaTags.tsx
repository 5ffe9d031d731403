/**
 * The tags of a media on its overview: chips in their category's color, for every reader (guests
 * included, from the media's own tag endpoint). Members of the media's organization with the write
 * right also get a remove button on each chip and "Add a tag" (a picker of the organization's tags
 * grouped by category, and creating a new tag in a category).
 */
import { Button, Divider, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { hasRight, requiredText, RIGHT, TAG_NAME_MAX } from '@palabre/shared';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationDetail } from '../conversations/api.ts';
import { useOptionalOrganizationScope } from '../../app/OrganizationScope.tsx';
import { errorText } from '../../components/errorText.ts';
import { notifyError } from '../../components/notify.ts';
import { indexTags, useCategories, useConversationTags, useMediaTag, useTagMutations, type TagWithCategory } from './api.ts';
import { callErrorText } from './fields.tsx';
import { TagChip } from './TagChip.tsx';

function AddTagModal({ conversation, onClose }: { conversation: Pick<ConversationDetail, '_id' | 'organizationId' | 'tags' | 'name'>; onClose: () => void }) {
  const { t } = useTranslation(['library', 'common']);
  const categories = useCategories(conversation.organizationId);
  const mutations = useTagMutations(conversation.organizationId);
  const mediaTag = useMediaTag(conversation._id);
  const [tagId, setTagId] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);

  const list = categories.data ?? [];
  const available = list
    .map((category) => ({ group: category.name, items: category.tags.filter((tag) => !conversation.tags.includes(tag._id)).map((tag) => ({ value: tag._id, label: tag.name })) }))
    .filter((group) => group.items.length > 0);
  const chosenCategory = categoryId ?? list[0]?._id ?? null;

  const add = (id: string, fail: (message: string) => void) =>
    mediaTag.mutate({ tagId: id, on: true }, { onSuccess: onClose, onError: (error) => fail(callErrorText(t, error, t('errors.tagAdd'))) });

  const pick = (event: FormEvent) => {
    event.preventDefault();
    if (!tagId) {
      setPickError(errorText(t, 'error.required'));
      return;
    }
    add(tagId, setPickError);
  };
  const create = (event: FormEvent) => {
    event.preventDefault();
    const rule = requiredText(name, { max: TAG_NAME_MAX });
    if (rule.error || !chosenCategory) {
      setCreateError(errorText(t, rule.error ?? 'error.required'));
      return;
    }
    mutations.createTag.mutate(
      { name: rule.value, categoryId: chosenCategory },
      { onSuccess: (tag) => add(tag._id, setCreateError), onError: (error) => setCreateError(callErrorText(t, error, t('errors.tagCreate'))) },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('mediaTags.addTitle', { name: conversation.name })} centered size="md">
      <Stack>
        <form onSubmit={pick} noValidate aria-label={t('mediaTags.pick')}>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <Select
              label={t('mediaTags.tag')}
              placeholder={available.length === 0 ? t('mediaTags.noneAvailable') : t('mediaTags.choose')}
              data={available}
              value={tagId}
              onChange={(value) => {
                setTagId(value);
                setPickError(null);
              }}
              searchable
              disabled={available.length === 0}
              nothingFoundMessage={t('filter.noTagFound')}
              error={pickError}
              comboboxProps={{ withinPortal: true }}
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button type="submit" mt={25} loading={mediaTag.isPending && !mutations.createTag.isPending} disabled={available.length === 0}>
              {t('mediaTags.add')}
            </Button>
          </Group>
        </form>
        {list.length > 0 && (
          <>
            <Divider label={t('mediaTags.orCreate')} labelPosition="center" />
            <form onSubmit={create} noValidate aria-label={t('mediaTags.create')}>
              <Stack gap="xs">
                <Select
                  label={t('tags.category')}
                  data={list.map((category) => ({ value: category._id, label: category.name }))}
                  value={chosenCategory}
                  onChange={setCategoryId}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
                <Group align="flex-start" gap="xs" wrap="nowrap">
                  <TextInput
                    label={t('tags.newLabel')}
                    value={name}
                    onChange={(event) => {
                      setName(event.currentTarget.value);
                      setCreateError(null);
                    }}
                    error={createError}
                    maxLength={TAG_NAME_MAX}
                    style={{ flex: 1 }}
                  />
                  <Button type="submit" mt={25} variant="light" loading={mutations.createTag.isPending}>
                    {t('mediaTags.createAndAdd')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </>
        )}
        {categories.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('mediaTags.noCategories')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

export function MediaTags({ conversation }: { conversation: Pick<ConversationDetail, '_id' | 'organizationId' | 'tags' | 'name' | 'right'> }) {
  const { t } = useTranslation('library');
  const scope = useOptionalOrganizationScope();
  const member = (scope?.organizations.find((o) => o._id === conversation.organizationId)?.myRole ?? 0) > 0;
  // Only members handle the organization's tags; a guest, even with the write right, only sees them.
  const editable = member && hasRight(conversation.right, RIGHT.WRITE);
  const tagIds = conversation.tags ?? [];
  const onMedia = useConversationTags(conversation._id, tagIds);
  const index = useMemo(() => indexTags(onMedia.data), [onMedia.data]);
  const mediaTag = useMediaTag(conversation._id);
  const [adding, setAdding] = useState(false);
  const tags = tagIds.map((id) => index.get(id)).filter((tag): tag is TagWithCategory => Boolean(tag));

  return (
    <Stack gap={6} component="section" aria-labelledby="media-tags-heading">
      <Text size="sm" fw={500} id="media-tags-heading">
        {t('mediaTags.title')}
      </Text>
      <Group gap={6} data-testid="media-tags">
        {tagIds.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('mediaTags.none')}
          </Text>
        )}
        {tags.map((tag) => (
          <TagChip
            key={tag._id}
            tag={tag}
            disabled={mediaTag.isPending}
            onRemove={editable ? () => mediaTag.mutate({ tagId: tag._id, on: false }, { onError: (error) => notifyError(error, t('errors.tagRemove')) }) : undefined}
          />
        ))}
        {editable && (
          <Button size="compact-sm" variant="subtle" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setAdding(true)}>
            {t('mediaTags.addButton')}
          </Button>
        )}
      </Group>
      {adding && <AddTagModal conversation={conversation} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
