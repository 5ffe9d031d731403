/**
 * The editor's highlights panel (experimental flag), loaded on first use: the media's highlights in
 * transcript order with their words, tag, metadata and comment; "previous / next highlight" and a
 * click on one jump to it (scrolled to, selected, the player at its start); changing and removing
 * one for whom the rights allow (the server refuses the rest, and its answer is shown).
 */
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { hasRight, RIGHT, type Highlight } from '@palabre/shared';
import { IconChevronDown, IconChevronUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/queries.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { useFormatDate } from '../../components/format.ts';
import { formatTime } from '../conversations/format.ts';
import { stepMatch } from '../editor/textMarks.ts';
import { useEditorSession } from '../editor/session.ts';
import { useHighlightMutations, useHighlights } from './api.ts';
import { useCurrentHighlight } from './current.ts';
import { HighlightForm } from './HighlightForm.tsx';
import { jumpToHighlight } from './jump.ts';

function HighlightItem({
  highlight,
  current,
  mayChange,
  onJump,
  onEdit,
  onRemove,
}: {
  highlight: Highlight;
  current: boolean;
  mayChange: boolean;
  onJump(): void;
  onEdit(): void;
  onRemove(): void;
}) {
  const { t } = useTranslation('highlights');
  const formatDate = useFormatDate();
  const gone = highlight.anchor === null;
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      bg={current ? 'var(--mantine-color-lime-light)' : undefined}
      data-testid="highlight-item"
      data-current={current || undefined}
      aria-current={current || undefined}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
          <UnstyledButton onClick={onJump} disabled={gone} style={{ minWidth: 0, flex: 1 }} aria-label={t('list.jumpTo', { text: highlight.text || t('list.deleted') })}>
            <Text size="xs" c="dimmed">
              {highlight.start !== null ? formatTime(highlight.start) : ''}
            </Text>
            <Text size="sm" fs={gone ? 'italic' : undefined} lineClamp={3} data-testid="highlight-text">
              {gone ? t('list.deleted') : t('list.quoted', { text: highlight.text })}
            </Text>
          </UnstyledButton>
          {mayChange && (
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t('list.edit')} withArrow>
                <ActionIcon variant="subtle" color="gray" onClick={onEdit} aria-label={t('list.edit')} data-testid="highlight-edit">
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('list.remove')} withArrow>
                <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('list.remove')} data-testid="highlight-remove">
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        {highlight.tag && (
          <Badge variant="light" color={highlight.tag.color} size="sm" w="fit-content">
            {highlight.tag.name}
          </Badge>
        )}
        {Object.entries(highlight.metadata).map(([key, value]) => (
          <Text key={key} size="xs">
            <Text span fw={600} size="xs">
              {key}
            </Text>
            {t('list.metaSeparator')}
            {value}
          </Text>
        ))}
        {highlight.comment && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="highlight-comment-text">
            {highlight.comment}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {highlight.author ? t('list.by', { name: highlight.author.name, date: formatDate(highlight.createdAt) }) : formatDate(highlight.createdAt)}
        </Text>
      </Stack>
    </Paper>
  );
}

export default function HighlightsPanel() {
  const { t } = useTranslation('highlights');
  const session = useEditorSession();
  const { organizationId, right } = session;
  const highlights = useHighlights(session.conversationId);
  const mutations = useHighlightMutations(session.conversationId);
  const me = useMe().data;
  const currentId = useCurrentHighlight();
  const [editing, setEditing] = useState<Highlight | null>(null);
  const [removing, setRemoving] = useState<Highlight | null>(null);

  if (highlights.isPending) return <CenteredLoader />;
  if (!highlights.data) return <FormFailure error={highlights.error} />;
  const list = highlights.data;
  const reachable = list.filter((highlight) => highlight.anchor !== null);
  const at = reachable.findIndex((highlight) => highlight._id === currentId);
  const step = (direction: 1 | -1) => {
    const next = reachable[stepMatch(at, reachable.length, direction)];
    if (next) jumpToHighlight(session, next);
  };
  const mayChange = (highlight: Highlight) => hasRight(right, RIGHT.WRITE) || (hasRight(right, RIGHT.COMMENT) && highlight.author?._id === me?._id);

  return (
    <Stack gap="sm" data-testid="highlights-panel">
      <Group gap="xs" justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="highlights-position">
          {reachable.length === 0 ? t('list.none') : at >= 0 ? t('list.position', { current: at + 1, total: reachable.length }) : t('list.count', { count: reachable.length })}
        </Text>
        <Group gap={4}>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronUp size={14} aria-hidden />}
            disabled={reachable.length === 0}
            onClick={() => step(-1)}
            data-testid="highlight-previous"
          >
            {t('list.previous')}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronDown size={14} aria-hidden />}
            disabled={reachable.length === 0}
            onClick={() => step(1)}
            data-testid="highlight-next"
          >
            {t('list.next')}
          </Button>
        </Group>
      </Group>
      {hasRight(right, RIGHT.COMMENT) && (
        <Text size="xs" c="dimmed">
          {t('list.howToAdd')}
        </Text>
      )}
      <FormFailure error={mutations.remove.error} />
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('list.label')}>
        {list.map((highlight) => (
          <li key={highlight._id}>
            <HighlightItem
              highlight={highlight}
              current={highlight._id === currentId}
              mayChange={mayChange(highlight)}
              onJump={() => jumpToHighlight(session, highlight)}
              onEdit={() => setEditing(highlight)}
              onRemove={() => setRemoving(highlight)}
            />
          </li>
        ))}
      </Stack>
      {editing && (
        <HighlightForm
          title={t('form.editTitle')}
          text={editing.text}
          organizationId={organizationId}
          initial={{ tagId: editing.tag?._id ?? null, metadata: editing.metadata, comment: editing.comment }}
          pending={mutations.update.isPending}
          error={mutations.update.error}
          onSubmit={(fields) => mutations.update.mutate({ highlightId: editing._id, ...fields }, { onSuccess: () => setEditing(null) })}
          onClose={() => {
            mutations.update.reset();
            setEditing(null);
          }}
        />
      )}
      <ConfirmDelete
        opened={removing !== null}
        title={t('list.removeTitle')}
        message={t('list.removeConfirm', { text: removing?.text ?? '' })}
        confirmLabel={t('list.remove')}
        pending={mutations.remove.isPending}
        onConfirm={() => removing && mutations.remove.mutate(removing, { onSettled: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
