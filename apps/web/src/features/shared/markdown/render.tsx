/**
 * Markdown (a report, a model's answer) as React elements: the tree of `parseMarkdown` (@palabre/shared), the one reader
 * the exporters use too, turned into elements only. Nothing is ever inserted as HTML: raw HTML in the
 * text (a model's answer included) stays text, and a link is clickable only when it leads to an
 * http(s) or mailto address, opening in a new tab without giving that page a hold on this one.
 */
import { parseMarkdown, type MdBlock, type MdInline } from '@palabre/shared';
import { Fragment, type ReactNode } from 'react';

const SAFE_LINK = /^(https?:|mailto:)/i;

/** Whether a link's address may be followed (the reader already keeps only these; checked again here). */
export function isSafeHref(href: string): boolean {
  return SAFE_LINK.test(href.trim());
}

type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** Replaces a run of plain text (e.g. an answer's citations become buttons); `key` is unique in the document. */
export type RenderText = (text: string, key: string) => ReactNode;

export interface MarkdownOptions {
  /**
   * Levels the document's headings go down by, so they sit under the page's own (a report's "#"
   * under the tab's second-level title becomes a third-level heading); never below the sixth.
   */
  headingOffset?: number;
  renderText?: RenderText;
}

interface Context {
  offset: number;
  renderText: RenderText | undefined;
}

function inlines(nodes: readonly MdInline[], context: Context, path: string): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${path}.${index}`;
    switch (node.type) {
      case 'text':
        return context.renderText ? <Fragment key={index}>{context.renderText(node.text, key)}</Fragment> : node.text;
      case 'strong':
        return <strong key={index}>{inlines(node.children, context, key)}</strong>;
      case 'em':
        return <em key={index}>{inlines(node.children, context, key)}</em>;
      case 'code':
        return <code key={index}>{node.text}</code>;
      case 'break':
        return <br key={index} />;
      case 'link':
        return isSafeHref(node.href) ? (
          <a key={index} href={node.href.trim()} target="_blank" rel="noopener noreferrer">
            {inlines(node.children, context, key)}
          </a>
        ) : (
          <span key={index}>{inlines(node.children, context, key)}</span>
        );
    }
  });
}

function blocks(nodes: readonly MdBlock[], context: Context, path: string): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${path}.${index}`;
    switch (node.type) {
      case 'heading': {
        const Tag = `h${Math.min(6, node.level + context.offset)}` as HeadingTag;
        return <Tag key={index}>{inlines(node.children, context, key)}</Tag>;
      }
      case 'paragraph':
        return <p key={index}>{inlines(node.children, context, key)}</p>;
      case 'list': {
        const items = node.items.map((item, i) => <li key={i}>{blocks(item, context, `${key}.${i}`)}</li>);
        return node.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
      }
      case 'quote':
        return <blockquote key={index}>{blocks(node.children, context, key)}</blockquote>;
      case 'code':
        return (
          <pre key={index}>
            <code>{node.text}</code>
          </pre>
        );
      case 'rule':
        return <hr key={index} />;
      case 'table':
        return (
          // Wide tables scroll on their own rather than widening the page.
          <div key={index} style={{ overflowX: 'auto' }}>
            <table>
              <thead>
                <tr>
                  {node.header.map((cell, i) => (
                    <th key={i} scope="col">
                      {inlines(cell, context, `${key}.h${i}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {node.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, i) => (
                      <td key={i}>{inlines(cell, context, `${key}.${r}.${i}`)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
    }
  });
}

/** The elements of a parsed document. */
export function renderMarkdownTree(tree: readonly MdBlock[], options: MarkdownOptions = {}): ReactNode[] {
  return blocks(tree, { offset: Math.max(0, options.headingOffset ?? 0), renderText: options.renderText }, 'md');
}

/** The elements of a Markdown text. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): ReactNode[] {
  return renderMarkdownTree(parseMarkdown(source), options);
}
