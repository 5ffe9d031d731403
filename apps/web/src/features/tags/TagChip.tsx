/** A tag shown as a chip in its category's color, optionally with a remove button. */
import { Badge, CloseButton, Group, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TagWithCategory } from './api.ts';

export function TagChip({ tag, onRemove, disabled }: { tag: TagWithCategory; onRemove?: () => void; disabled?: boolean }) {
  const { t } = useTranslation('library');
  return (
    <Badge
      variant="light"
      color={tag.category.color}
      radius="sm"
      tt="none"
      fw={600}
      data-testid="tag-chip"
      title={`${tag.category.name} · ${tag.name}`}
      rightSection={
        onRemove ? <CloseButton size="xs" variant="transparent" c="inherit" disabled={disabled} aria-label={t('tags.remove', { name: tag.name })} onClick={onRemove} /> : undefined
      }
      pr={onRemove ? 2 : undefined}
    >
      <VisuallyHidden>{`${tag.category.name}: `}</VisuallyHidden>
      {tag.name}
    </Badge>
  );
}

/** The chips of a media's tags (ids unknown to the organization's categories are skipped). */
export function TagChips({ ids, index }: { ids: string[]; index: Map<string, TagWithCategory> }) {
  const { t } = useTranslation('library');
  const tags = ids.map((id) => index.get(id)).filter((tag): tag is TagWithCategory => Boolean(tag));
  if (tags.length === 0) return null;
  return (
    <Group gap={4} role="list" aria-label={t('tags.listLabel')} data-testid="media-tags">
      {tags.map((tag) => (
        <span role="listitem" key={tag._id}>
          <TagChip tag={tag} />
        </span>
      ))}
    </Group>
  );
}
