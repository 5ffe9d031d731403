/** A report's text on the page: its Markdown rendered as elements (markdown.tsx), in the product's typography. */
import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import { renderMarkdown } from './markdown.tsx';
import classes from './Reports.module.css';

interface Props {
  markdown: string;
  /** Levels the text's headings go down by, to sit under the page's headings. */
  headingOffset?: number;
  /** Names the text for assistive technologies (e.g. "Preview"). */
  label?: string;
  testId?: string;
}

export function MarkdownView({ markdown, headingOffset = 2, label, testId }: Props) {
  const content = useMemo(() => renderMarkdown(markdown, { headingOffset }), [markdown, headingOffset]);
  return (
    <Typography className={classes.markdown} aria-label={label} role={label ? 'region' : undefined} data-testid={testId}>
      {content}
    </Typography>
  );
}
