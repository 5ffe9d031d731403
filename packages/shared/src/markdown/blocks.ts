import { parseInline } from './inline.ts';
import { MAX_NESTING, type MdBlock, type MdInline } from './types.ts';

interface ListMarker {
  ordered: boolean;
  indent: number;
  /** Where the item's content starts (the column its continuation lines are indented to). */
  contentIndent: number;
  rest: string;
}

function indentOf(line: string): number {
  let count = 0;
  while (line.charCodeAt(count) === 32) count++;
  return count;
}

function isBlank(line: string): boolean {
  return line.trim().length === 0;
}

/** Tabs in the indentation become spaces (to the next multiple of 4). */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let column = 0;
  let at = 0;
  let prefix = '';
  for (; at < line.length && (line[at] === ' ' || line[at] === '\t'); at++) {
    const width = line[at] === '\t' ? 4 - (column % 4) : 1;
    prefix += ' '.repeat(width);
    column += width;
  }
  return prefix + line.slice(at);
}

function listMarker(line: string): ListMarker | null {
  const indent = indentOf(line);
  if (indent > 3) return null;
  let at = indent;
  const char = line[at];
  let ordered = false;
  if (char === '-' || char === '*' || char === '+') at++;
  else {
    while (at < line.length && at - indent < 9 && line[at]! >= '0' && line[at]! <= '9') at++;
    if (at === indent || (line[at] !== '.' && line[at] !== ')')) return null;
    at++;
    ordered = true;
  }
  if (at < line.length && line[at] !== ' ') return null;
  let spaces = 0;
  while (line[at + spaces] === ' ') spaces++;
  const rest = line.slice(at + spaces);
  const contentIndent = rest.length === 0 || spaces > 4 ? at + 1 : at + spaces;
  return { ordered, indent, contentIndent, rest: spaces > 4 ? line.slice(at + 1) : rest };
}

function isRule(line: string): boolean {
  if (indentOf(line) > 3) return false;
  let mark = '';
  let count = 0;
  for (const char of line) {
    if (char === ' ' || char === '\t') continue;
    if (char !== '-' && char !== '*' && char !== '_') return false;
    if (mark && char !== mark) return false;
    mark = char;
    count++;
  }
  return count >= 3;
}

function fenceOf(line: string): { char: string; length: number; indent: number } | null {
  const indent = indentOf(line);
  if (indent > 3) return null;
  const char = line[indent];
  if (char !== '`' && char !== '~') return null;
  let length = 0;
  while (line[indent + length] === char) length++;
  if (length < 3) return null;
  if (char === '`' && line.includes('`', indent + length)) return null;
  return { char, length, indent };
}

function isFenceClose(line: string, fence: { char: string; length: number }): boolean {
  const indent = indentOf(line);
  if (indent > 3) return false;
  let length = 0;
  while (line[indent + length] === fence.char) length++;
  return length >= fence.length && isBlank(line.slice(indent + length));
}

function heading(line: string): { level: 1 | 2 | 3 | 4 | 5 | 6; text: string } | null {
  const indent = indentOf(line);
  if (indent > 3) return null;
  let level = 0;
  while (line[indent + level] === '#') level++;
  if (level < 1 || level > 6) return null;
  const after = line[indent + level];
  if (after !== undefined && after !== ' ' && after !== '\t') return null;
  let text = line.slice(indent + level).trim();
  // A closing run of # preceded by a space is not part of the heading.
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === 0) text = '';
  else if (end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t')) text = text.slice(0, end).trimEnd();
  return { level: level as 1 | 2 | 3 | 4 | 5 | 6, text };
}

function isQuote(line: string): boolean {
  const indent = indentOf(line);
  return indent <= 3 && line[indent] === '>';
}

function stripQuote(line: string): string {
  const indent = indentOf(line);
  return line[indent + 1] === ' ' ? line.slice(indent + 2) : line.slice(indent + 1);
}

/** The cells of a table row, split at pipes that are not escaped. */
function tableCells(line: string): string[] {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  const cells: string[] = [];
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    if (text[at] === '\\') at++;
    else if (text[at] === '|') {
      cells.push(text.slice(start, at).trim());
      start = at + 1;
    }
  }
  cells.push(text.slice(start).trim());
  return cells;
}

function isDelimiterRow(line: string): boolean {
  if (!line.includes('-') || indentOf(line) > 3) return false;
  return tableCells(line).every((cell) => /^:?-+:?$/.test(cell));
}

function startsTable(lines: readonly string[], at: number): boolean {
  const line = lines[at]!;
  const next = lines[at + 1];
  if (!line.includes('|') || next === undefined || !isDelimiterRow(next)) return false;
  return tableCells(line).length === tableCells(next).length;
}

/** Whether a line starts a block that ends a paragraph. */
function interrupts(lines: readonly string[], at: number, depth: number): boolean {
  const line = lines[at]!;
  if (isBlank(line) || fenceOf(line) || heading(line) || isRule(line) || startsTable(lines, at)) return true;
  if (depth >= MAX_NESTING) return false;
  if (isQuote(line)) return true;
  const marker = listMarker(line);
  // A numbered line interrupts a paragraph only from 1 ("in 2019. We" is text); an empty item never does.
  return marker !== null && marker.rest.length > 0 && (!marker.ordered || /^ *1[.)]/.test(line));
}

function paragraph(text: string): MdBlock {
  return { type: 'paragraph', children: parseInline(text) };
}

function row(cells: readonly string[], width: number): MdInline[][] {
  return Array.from({ length: width }, (_, index) => parseInline(cells[index] ?? ''));
}

/** Parses lines (tabs expanded) into blocks; `depth` counts the quotes and lists around them. */
function parseLines(lines: readonly string[], depth: number): MdBlock[] {
  const blocks: MdBlock[] = [];
  let at = 0;
  while (at < lines.length) {
    const line = lines[at]!;
    if (isBlank(line)) {
      at++;
      continue;
    }
    const fence = fenceOf(line);
    if (fence) {
      const code: string[] = [];
      at++;
      while (at < lines.length && !isFenceClose(lines[at]!, fence)) {
        const content = lines[at]!;
        code.push(content.slice(Math.min(fence.indent, indentOf(content))));
        at++;
      }
      at++;
      blocks.push({ type: 'code', text: code.join('\n') });
      continue;
    }
    const title = heading(line);
    if (title) {
      blocks.push({ type: 'heading', level: title.level, children: parseInline(title.text) });
      at++;
      continue;
    }
    if (isRule(line)) {
      blocks.push({ type: 'rule' });
      at++;
      continue;
    }
    if (startsTable(lines, at)) {
      const header = tableCells(line);
      at += 2;
      const rows: MdInline[][][] = [];
      while (at < lines.length && !isBlank(lines[at]!) && !(at > 0 && interrupts(lines, at, depth))) {
        rows.push(row(tableCells(lines[at]!), header.length));
        at++;
      }
      blocks.push({ type: 'table', header: row(header, header.length), rows });
      continue;
    }
    if (depth < MAX_NESTING && isQuote(line)) {
      const inner: string[] = [];
      while (at < lines.length) {
        const current = lines[at]!;
        if (isQuote(current)) inner.push(stripQuote(current));
        else if (!isBlank(current) && inner.length > 0 && !isBlank(inner.at(-1)!) && !interrupts(lines, at, depth)) inner.push(current);
        else break;
        at++;
      }
      blocks.push({ type: 'quote', children: parseLines(inner, depth + 1) });
      continue;
    }
    const marker = depth < MAX_NESTING ? listMarker(line) : null;
    if (marker) {
      at = parseList(lines, at, marker, depth, blocks);
      continue;
    }
    const text: string[] = [line.trimStart()];
    at++;
    while (at < lines.length && !interrupts(lines, at, depth)) {
      text.push(lines[at]!.trimStart());
      at++;
    }
    blocks.push(paragraph(text.join('\n')));
  }
  return blocks;
}

/** Reads a list starting at `start`; pushes it to `blocks` and returns the index after it. */
function parseList(lines: readonly string[], start: number, first: ListMarker, depth: number, blocks: MdBlock[]): number {
  const items: MdBlock[][] = [];
  let at = start;
  let marker: ListMarker | null = first;
  while (marker && marker.ordered === first.ordered && !isRule(lines[at]!)) {
    const content: string[] = [marker.rest];
    const itemIndent = marker.indent;
    const contentIndent = marker.contentIndent;
    at++;
    let afterBlank = false;
    while (at < lines.length) {
      const line = lines[at]!;
      if (isBlank(line)) {
        content.push('');
        afterBlank = true;
        at++;
        continue;
      }
      const indent = indentOf(line);
      const nested = listMarker(line);
      if (indent >= contentIndent) content.push(line.slice(contentIndent));
      // A marker indented past this item's own (but short of its content) still nests under it.
      else if (nested && indent > itemIndent) content.push(line.slice(indent));
      else if (!nested && !afterBlank && !interrupts(lines, at, depth)) content.push(line.trimStart());
      else break;
      afterBlank = false;
      at++;
    }
    items.push(parseLines(content, depth + 1));
    marker = at < lines.length ? listMarker(lines[at]!) : null;
  }
  blocks.push({ type: 'list', ordered: first.ordered, items });
  return at;
}

/**
 * Reads the Markdown the product handles: ATX headings, paragraphs, `-`/`*`/`+` and numbered lists
 * (nested by indentation), `>` quotes, fenced code, `---` rules, GFM pipe tables, and the inline
 * marks of {@link parseInline}. Raw HTML is never interpreted: it stays text. Linear in the input.
 */
export function parseMarkdown(source: string): MdBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n').map(expandTabs);
  return parseLines(lines, 0);
}
