/**
 * Markdown (a model's answer, a report) rendered safely: the tree of `parseMarkdown` (@palabre/shared)
 * becomes React elements only, never HTML from the text; raw HTML in the source stays text, links
 * are http(s)/mailto only (the parser's rule) and open in a new tab. `renderText` may replace plain
 * text runs (e.g. citations in an answer become buttons).
 */
import { Anchor, Blockquote, Code, Divider, List, Table, Text, Title } from '@mantine/core';
import { parseMarkdown, type MdBlock, type MdInline } from '@palabre/shared';
import { Fragment, useMemo, type ReactNode } from 'react';
import classes from './MarkdownView.module.css';

export type RenderText = (text: string, key: string) => ReactNode;

interface MarkdownViewProps {
  source: string;
  renderText?: RenderText;
  /** Test id of the rendered block. */
  testId?: string;
}

const plain: RenderText = (text) => text;

function inlines(nodes: readonly MdInline[], key: string, renderText: RenderText): ReactNode[] {
  return nodes.map((node, index) => {
    const k = `${key}.${index}`;
    switch (node.type) {
      case 'text':
        return <Fragment key={k}>{renderText(node.text, k)}</Fragment>;
      case 'strong':
        return <strong key={k}>{inlines(node.children, k, renderText)}</strong>;
      case 'em':
        return <em key={k}>{inlines(node.children, k, renderText)}</em>;
      case 'code':
        return <Code key={k}>{node.text}</Code>;
      case 'link':
        return (
          <Anchor key={k} href={node.href} target="_blank" rel="noopener noreferrer">
            {inlines(node.children, k, renderText)}
          </Anchor>
        );
      case 'break':
        return <br key={k} />;
    }
  });
}

function blocks(nodes: readonly MdBlock[], key: string, renderText: RenderText): ReactNode[] {
  return nodes.map((node, index) => {
    const k = `${key}.${index}`;
    switch (node.type) {
      case 'heading':
        // The page's own headings come first: a Markdown heading is at most a third level.
        return (
          <Title key={k} order={Math.min(6, node.level + 2) as 3 | 4 | 5 | 6} size={node.level <= 2 ? 'h5' : 'h6'}>
            {inlines(node.children, k, renderText)}
          </Title>
        );
      case 'paragraph':
        return (
          <Text key={k} size="sm" component="p">
            {inlines(node.children, k, renderText)}
          </Text>
        );
      case 'list':
        return (
          <List key={k} type={node.ordered ? 'ordered' : 'unordered'} size="sm" withPadding>
            {node.items.map((item, i) => (
              <List.Item key={`${k}.${i}`}>{blocks(item, `${k}.${i}`, renderText)}</List.Item>
            ))}
          </List>
        );
      case 'quote':
        return (
          <Blockquote key={k} p="xs">
            {blocks(node.children, k, renderText)}
          </Blockquote>
        );
      case 'code':
        return (
          <Code key={k} block>
            {node.text}
          </Code>
        );
      case 'rule':
        return <Divider key={k} my="xs" />;
      case 'table':
        return (
          <Table key={k} withTableBorder withColumnBorders fz="sm">
            <Table.Thead>
              <Table.Tr>
                {node.header.map((cell, c) => (
                  <Table.Th key={c}>{inlines(cell, `${k}.h${c}`, renderText)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {node.rows.map((row, r) => (
                <Table.Tr key={r}>
                  {row.map((cell, c) => (
                    <Table.Td key={c}>{inlines(cell, `${k}.${r}.${c}`, renderText)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        );
    }
  });
}

export function MarkdownView({ source, renderText = plain, testId }: MarkdownViewProps) {
  const tree = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={classes.markdown} data-testid={testId}>
      {blocks(tree, 'md', renderText)}
    </div>
  );
}
