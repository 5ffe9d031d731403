import { plainText } from './inline.ts';
import type { MdBlock, MdInline } from './types.ts';

function inlineText(children: readonly MdInline[]): string {
  return children
    .map((child) => {
      if (child.type !== 'link') return plainText(child);
      const label = plainText(child);
      const target = child.href.replace(/^mailto:/i, '');
      return label === target || label === child.href ? label : `${label} (${target})`;
    })
    .join('');
}

function indentLines(text: string, prefix: string, first = prefix): string {
  return text
    .split('\n')
    .map((line, index) => (index === 0 ? first : line.length > 0 ? prefix : prefix.trimEnd()) + line)
    .join('\n');
}

function blockText(block: MdBlock): string {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return inlineText(block.children);
    case 'code':
      return block.text;
    case 'rule':
      return '---';
    case 'quote':
      return indentLines(markdownToText(block.children), '> ');
    case 'list':
      return block.items
        .map((item, index) => {
          const marker = block.ordered ? `${index + 1}. ` : '- ';
          const text = item.map(blockText).join('\n');
          return indentLines(text, ' '.repeat(marker.length), marker);
        })
        .join('\n');
    case 'table':
      return [block.header, ...block.rows].map((cells) => cells.map(inlineText).join(' | ').trimEnd()).join('\n');
  }
}

/**
 * Plain text of parsed Markdown: marks dropped, links as "text (address)", list items as "- " or
 * "1. " (nested ones indented), quotes as "> ", table rows as cells joined by " | ", blocks separated
 * by a blank line.
 */
export function markdownToText(blocks: readonly MdBlock[]): string {
  return blocks.map(blockText).join('\n\n');
}
