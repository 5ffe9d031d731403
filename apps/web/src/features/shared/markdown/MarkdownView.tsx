/**
 * Markdown on a page (a report, a model's answer): rendered as elements only (render.tsx), in the
 * product's typography. `compact` sets it in a narrow column (the editor's side panels).
 */
import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import { renderMarkdown, type RenderText } from './render.tsx';
import classes from './MarkdownView.module.css';

interface Props {
  markdown: string;
  /** Levels the text's headings go down by, to sit under the page's headings (default 2). */
  headingOffset?: number;
  /** Replaces runs of plain text (e.g. citations). */
  renderText?: RenderText;
  compact?: boolean;
  /** Names the text for assistive technologies (e.g. "Preview"). */
  label?: string;
  testId?: string;
}

export function MarkdownView({ markdown, headingOffset = 2, renderText, compact = false, label, testId }: Props) {
  const content = useMemo(() => renderMarkdown(markdown, { headingOffset, ...(renderText ? { renderText } : {}) }), [markdown, headingOffset, renderText]);
  return (
    <Typography className={compact ? `${classes.markdown} ${classes.compact}` : classes.markdown} aria-label={label} role={label ? 'region' : undefined} data-testid={testId}>
      {content}
    </Typography>
  );
}
