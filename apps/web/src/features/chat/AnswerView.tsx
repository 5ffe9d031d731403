/**
 * An answer of the model: its Markdown rendered safely, each `[T12]` it cites a button playing that
 * moment (a label no citation was found for stays as written), and the cited moments listed below.
 */
import { Group, Stack, Text } from '@mantine/core';
import type { Citation } from '@palabre/shared';
import { turnsOf } from '@palabre/shared/collab';
import { Fragment, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorSession } from '../editor/session.ts';
import { MarkdownView } from '../shared/markdown.ts';
import { bindCitations, citedLabels, splitCitations } from './citations.ts';
import { CitationButton } from './CitationButton.tsx';

export function AnswerView({ content, citations }: { content: string; citations: readonly Citation[] }) {
  const { t } = useTranslation('chat');
  const { doc } = useEditorSession();
  const bound = useMemo(() => {
    const turns = turnsOf(doc);
    const turnIdAt = (index: number) => (index >= 0 && index < turns.length ? (turns.get(index).get('id') as string) : undefined);
    return bindCitations(citedLabels(content), citations, turnIdAt);
  }, [doc, content, citations]);
  const renderText = useCallback(
    (text: string, key: string) =>
      splitCitations(text, bound).map((part, index) =>
        part.type === 'text' ? (
          <Fragment key={`${key}-${index}`}>{part.text}</Fragment>
        ) : part.citation ? (
          <CitationButton key={`${key}-${index}`} citation={part.citation} inline />
        ) : (
          <Fragment key={`${key}-${index}`}>[{part.label}]</Fragment>
        ),
      ),
    [bound],
  );
  return (
    <Stack gap={6}>
      <MarkdownView markdown={content} renderText={renderText} compact testId="chat-answer-text" />
      {citations.length > 0 && (
        <Stack gap={4} component="section" aria-label={t('citation.list')}>
          <Text size="xs" c="dimmed" fw={600}>
            {t('citation.list')}
          </Text>
          <Group gap={4} data-testid="chat-citations">
            {citations.map((citation, index) => (
              <CitationButton key={`${citation.turnId}-${index}`} citation={citation} />
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
