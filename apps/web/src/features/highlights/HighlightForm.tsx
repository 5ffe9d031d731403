/**
 * The form of a highlight (adding one, or changing its tag, metadata and comment): a tag of the
 * organization or none, key/value metadata rows, a comment; what the server refuses is shown.
 */
import { ActionIcon, Blockquote, Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/FormFailure.tsx';
import { useCategories } from '../tags/api.ts';
import type { HighlightFields } from './api.ts';

/** Limits of the contract (zHighlightBody). */
const LIMITS = { rows: 20, key: 50, value: 500, comment: 2000 } as const;

interface Row {
  key: string;
  value: string;
}

interface HighlightFormProps {
  title: string;
  /** The marked words. */
  text: string;
  organizationId: string;
  initial?: HighlightFields;
  pending: boolean;
  error: unknown;
  onSubmit(fields: HighlightFields): void;
  onClose(): void;
}

/** The rows as metadata; a message key when a row is incomplete or a key repeats. */
export function metadataOf(rows: readonly Row[]): { metadata: Record<string, string> } | { problem: 'keyRequired' | 'keyRepeated' } {
  const metadata: Record<string, string> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (!key && !row.value.trim()) continue;
    if (!key) return { problem: 'keyRequired' };
    if (key in metadata) return { problem: 'keyRepeated' };
    metadata[key] = row.value;
  }
  return { metadata };
}

export function HighlightForm({ title, text, organizationId, initial, pending, error, onSubmit, onClose }: HighlightFormProps) {
  const { t } = useTranslation(['highlights', 'common']);
  const categories = useCategories(organizationId);
  const [tagId, setTagId] = useState<string | null>(initial?.tagId ?? null);
  const [rows, setRows] = useState<Row[]>(() => Object.entries(initial?.metadata ?? {}).map(([key, value]) => ({ key, value })));
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const tags = useMemo(
    () =>
      (categories.data ?? [])
        .filter((category) => category.tags.length > 0)
        .map((category) => ({ group: category.name, items: category.tags.map((tag) => ({ value: tag._id, label: tag.name })) })),
    [categories.data],
  );
  const setRow = (index: number, change: Partial<Row>) => {
    setProblem(null);
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  };

  return (
    <Modal opened onClose={() => !pending && onClose()} title={title} centered size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const result = metadataOf(rows);
          if ('problem' in result) return setProblem(t(`form.${result.problem}`));
          onSubmit({ tagId, metadata: result.metadata, comment: comment.trim() });
        }}
        data-testid="highlight-form"
      >
        <Stack gap="sm">
          <Blockquote p="xs" fz="sm" data-testid="highlight-form-text">
            {text}
          </Blockquote>
          <Select
            label={t('form.tag')}
            placeholder={tags.length > 0 ? t('form.noTag') : t('form.noTags')}
            data={tags}
            value={tagId}
            onChange={setTagId}
            clearable
            searchable
            disabled={tags.length === 0}
            data-testid="highlight-tag"
          />
          <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" size="sm" fw={500}>
              {t('form.metadata')}
            </Text>
            {rows.map((row, index) => (
              <Group key={index} gap={6} wrap="nowrap" align="flex-start">
                <TextInput
                  aria-label={t('form.key', { number: index + 1 })}
                  placeholder={t('form.keyPlaceholder')}
                  value={row.key}
                  maxLength={LIMITS.key}
                  onChange={(event) => setRow(index, { key: event.currentTarget.value })}
                  style={{ flex: 1 }}
                  data-testid="highlight-meta-key"
                />
                <TextInput
                  aria-label={t('form.value', { number: index + 1 })}
                  placeholder={t('form.valuePlaceholder')}
                  value={row.value}
                  maxLength={LIMITS.value}
                  onChange={(event) => setRow(index, { value: event.currentTarget.value })}
                  style={{ flex: 2 }}
                  data-testid="highlight-meta-value"
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('form.removeRow', { number: index + 1 })}
                  onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={rows.length >= LIMITS.rows}
                onClick={() => setRows((current) => [...current, { key: '', value: '' }])}
                data-testid="highlight-meta-add"
              >
                {t('form.addRow')}
              </Button>
            </Group>
            {problem && (
              <Text size="sm" c="red" role="alert">
                {problem}
              </Text>
            )}
          </Stack>
          <Textarea
            label={t('form.comment')}
            value={comment}
            maxLength={LIMITS.comment}
            autosize
            minRows={2}
            maxRows={6}
            onChange={(event) => setComment(event.currentTarget.value)}
            data-autofocus
            data-testid="highlight-comment"
          />
          <FormFailure error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="highlight-save">
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
