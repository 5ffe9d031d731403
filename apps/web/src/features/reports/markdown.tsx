/**
 * A report's Markdown as React elements: the tree of `parseMarkdown` (@palabre/shared), the one reader
 * the exporters use too, turned into elements only. Nothing is ever inserted as HTML: raw HTML in the
 * text (a model's answer included) stays text, and a link is clickable only when it leads to an
 * http(s) or mailto address, opening in a new tab without giving that page a hold on this one.
 */
import { parseMarkdown, type MdBlock, type MdInline } from '@palabre/shared';
import type { ReactNode } from 'react';

const SAFE_LINK = /^(https?:|mailto:)/i;

/** Whether a link's address may be followed (the reader already keeps only these; checked again here). */
export function isSafeHref(href: string): boolean {
  return SAFE_LINK.test(href.trim());
}

type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export interface MarkdownOptions {
  /**
   * Levels the document's headings go down by, so they sit under the page's own (a report's "#"
   * under the tab's second-level title becomes a third-level heading); never below the sixth.
   */
  headingOffset?: number;
}

function inlines(nodes: readonly MdInline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'strong':
        return <strong key={index}>{inlines(node.children)}</strong>;
      case 'em':
        return <em key={index}>{inlines(node.children)}</em>;
      case 'code':
        return <code key={index}>{node.text}</code>;
      case 'break':
        return <br key={index} />;
      case 'link':
        return isSafeHref(node.href) ? (
          <a key={index} href={node.href.trim()} target="_blank" rel="noopener noreferrer">
            {inlines(node.children)}
          </a>
        ) : (
          <span key={index}>{inlines(node.children)}</span>
        );
    }
  });
}

function blocks(nodes: readonly MdBlock[], offset: number): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'heading': {
        const Tag = `h${Math.min(6, node.level + offset)}` as HeadingTag;
        return <Tag key={index}>{inlines(node.children)}</Tag>;
      }
      case 'paragraph':
        return <p key={index}>{inlines(node.children)}</p>;
      case 'list': {
        const items = node.items.map((item, i) => <li key={i}>{blocks(item, offset)}</li>);
        return node.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
      }
      case 'quote':
        return <blockquote key={index}>{blocks(node.children, offset)}</blockquote>;
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
                      {inlines(cell)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {node.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, i) => (
                      <td key={i}>{inlines(cell)}</td>
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
  return blocks(tree, Math.max(0, options.headingOffset ?? 0));
}

/** The elements of a Markdown text. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): ReactNode[] {
  return renderMarkdownTree(parseMarkdown(source), options);
}
