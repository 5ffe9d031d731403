/**
 * A search snippet whose only markup is <mark>: the string is split on the mark tags and rebuilt as
 * text nodes and <mark> elements, never injected as HTML. Entities the server escaped are decoded to
 * plain text (React escapes them again when rendering); any other tag stays visible as text.
 */
import { Fragment, type ReactNode } from 'react';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const value = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** Segments of a snippet: plain text and marked text, in order. */
export function parseHighlight(html: string): { text: string; marked: boolean }[] {
  const segments: { text: string; marked: boolean }[] = [];
  let marked = false;
  for (const part of html.split(/(<\/?mark>)/i)) {
    const tag = part.toLowerCase();
    if (tag === '<mark>') marked = true;
    else if (tag === '</mark>') marked = false;
    else if (part) segments.push({ text: decodeEntities(part), marked });
  }
  return segments;
}

export function Highlight({ html }: { html: string }): ReactNode {
  return parseHighlight(html).map((segment, index) => (segment.marked ? <mark key={index}>{segment.text}</mark> : <Fragment key={index}>{segment.text}</Fragment>));
}
