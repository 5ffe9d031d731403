import { MAX_NESTING, type MdInline } from './types.ts';

const PUNCTUATION = /[!-/:-@[-`{-~\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;
/** Link targets are scanned this far at most (hostile input stays linear). */
const MAX_TARGET = 2048;
const SAFE_HREF = /^(?:https?:\/\/|mailto:)/iu;

/** Marks waiting for their match, at most (more in one paragraph are read as text: bounded work). */
const MAX_OPEN_DELIMITERS = 1000;

function trimSpacesEnd(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 32) end--;
  return text.slice(0, end);
}

/** A node of the working list: inline content, or a run of `*`/`_` or a `[` still waiting for a match. */
interface Node {
  prev: Node | null;
  next: Node | null;
  inline: MdInline | null;
  depth: number;
  delimiter: Delimiter | null;
}

interface Delimiter {
  char: '*' | '_' | '[';
  count: number;
  canOpen: boolean;
  canClose: boolean;
  node: Node;
  below: Delimiter | null;
  above: Delimiter | null;
  active: boolean;
}

class InlineList {
  head: Node | null = null;
  tail: Node | null = null;
  top: Delimiter | null = null;
  /** The `[` delimiters, in order: links look up the latest one without walking the emphasis runs. */
  brackets: Delimiter[] = [];

  /** How many delimiters wait in the stack. */
  open = 0;

  append(inline: MdInline | null): Node {
    const node: Node = { prev: this.tail, next: null, inline, depth: 0, delimiter: null };
    if (this.tail) this.tail.next = node;
    else this.head = node;
    this.tail = node;
    return node;
  }

  /** Appends a run of marks that may open or close; past the limit of waiting marks, it is text. */
  delimiter(char: Delimiter['char'], count: number, canOpen: boolean, canClose: boolean, text: string): void {
    if (this.open >= MAX_OPEN_DELIMITERS) {
      this.text(text);
      return;
    }
    const node = this.append(null);
    this.open++;
    const entry: Delimiter = { char, count, canOpen, canClose, active: true, node, below: this.top, above: null };
    if (this.top) this.top.above = entry;
    this.top = entry;
    node.delimiter = entry;
    if (char === '[') this.brackets.push(entry);
  }

  text(text: string): void {
    const last = this.tail;
    if (last && !last.delimiter && last.inline?.type === 'text') last.inline.text += text;
    else this.append({ type: 'text', text });
  }

  removeDelimiter(entry: Delimiter): void {
    if (entry.char === '[' && this.brackets.at(-1) === entry) this.brackets.pop();
    this.open--;
    if (entry.below) entry.below.above = entry.above;
    if (entry.above) entry.above.below = entry.below;
    else this.top = entry.below;
    entry.node.delimiter = null;
    // What is left of the run is text.
    entry.node.inline ??= { type: 'text', text: entry.char.repeat(entry.count) };
  }

  /** Replaces the nodes strictly between `from` and `to` by one node holding them as children. */
  wrap(from: Node, to: Node, make: (children: MdInline[]) => MdInline): Node {
    const children: MdInline[] = [];
    let depth = 0;
    for (let node = from.next; node && node !== to; node = node.next) {
      if (node.delimiter) this.removeDelimiter(node.delimiter);
      const inline = node.inline ?? textOfDelimiter(node);
      const last = children.at(-1);
      if (inline.type === 'text' && last?.type === 'text') last.text += inline.text;
      else children.push(inline);
      depth = Math.max(depth, node.depth);
    }
    // Too deep: the content is kept as plain text.
    const inline = depth >= MAX_NESTING ? { type: 'text' as const, text: children.map(plainText).join('') } : make(children);
    const wrapped: Node = { prev: from, next: to, inline, depth: depth >= MAX_NESTING ? 0 : depth + 1, delimiter: null };
    from.next = wrapped;
    to.prev = wrapped;
    return wrapped;
  }

  unlink(node: Node): void {
    if (node.prev) node.prev.next = node.next;
    else this.head = node.next;
    if (node.next) node.next.prev = node.prev;
    else this.tail = node.prev;
  }
}

/** The text of inline content, marks dropped. */
export function plainText(inline: MdInline): string {
  switch (inline.type) {
    case 'text':
    case 'code':
      return inline.text;
    case 'break':
      return '\n';
    default:
      return inline.children.map(plainText).join('');
  }
}

function textOfDelimiter(node: Node): MdInline {
  const entry = node.delimiter;
  return { type: 'text', text: entry ? entry.char.repeat(entry.count) : '' };
}

function isPunctuation(char: string | undefined): boolean {
  return char !== undefined && PUNCTUATION.test(char);
}

function isWhitespace(char: string | undefined): boolean {
  return char === undefined || WHITESPACE.test(char);
}

/** Positions of the backtick runs of each length, to find a code span's end without rescanning. */
function backtickRuns(source: string): Map<number, number[]> {
  const runs = new Map<number, number[]>();
  for (let at = 0; at < source.length;) {
    if (source[at] !== '`' || (at > 0 && source[at - 1] === '\\' && !escapedBackslash(source, at - 1))) {
      at++;
      continue;
    }
    let end = at;
    while (source[end] === '`') end++;
    const list = runs.get(end - at) ?? [];
    list.push(at);
    runs.set(end - at, list);
    at = end;
  }
  return runs;
}

/** Whether the backslash at `at` is itself escaped. */
function escapedBackslash(source: string, at: number): boolean {
  let count = 0;
  for (let back = at - 1; back >= 0 && source[back] === '\\'; back--) count++;
  return count % 2 === 1;
}

/** Reads `(target "title")` after a `]`: the target and the index after `)`, or null. */
function linkTarget(source: string, open: number): { href: string; end: number } | null {
  if (source[open] !== '(') return null;
  const limit = Math.min(source.length, open + MAX_TARGET);
  let at = open + 1;
  while (at < limit && (source[at] === ' ' || source[at] === '\n')) at++;
  let href = '';
  if (source[at] === '<') {
    const close = source.indexOf('>', at);
    if (close < 0 || close >= limit || source.slice(at, close).includes('\n')) return null;
    href = source.slice(at + 1, close);
    at = close + 1;
  } else {
    let depth = 0;
    const start = at;
    for (; at < limit; at++) {
      const char = source[at]!;
      if (char === '\\' && at + 1 < limit) at++;
      else if (char === '(') depth++;
      else if (char === ')') {
        if (depth === 0) break;
        depth--;
      } else if (WHITESPACE.test(char) || char === '[' || char === ']') break;
    }
    href = source.slice(start, at).replace(/\\([!-/:-@[-`{-~])/gu, '$1');
  }
  while (at < limit && (source[at] === ' ' || source[at] === '\n')) at++;
  const quote = source[at];
  if (quote === '"' || quote === "'" || (quote === '(' && at > open + 1)) {
    const closing = quote === '(' ? ')' : quote;
    at++;
    while (at < limit && source[at] !== closing && source[at] !== '[' && source[at] !== ']') at += source[at] === '\\' ? 2 : 1;
    if (source[at] !== closing) return null;
    at++;
    while (at < limit && (source[at] === ' ' || source[at] === '\n')) at++;
  }
  if (source[at] !== ')') return null;
  return { href: href.trim(), end: at + 1 };
}

/**
 * Emphasis by the CommonMark delimiter algorithm: each closer looks down the stack for an opener of
 * the same character; failed searches move a floor up, so the work stays linear.
 */
function processEmphasis(list: InlineList, bottom: Delimiter | null): void {
  const floor: Record<string, Delimiter | null> = { '*': bottom, _: bottom };
  let closer = bottom ? bottom.above : firstDelimiter(list);
  while (closer) {
    if (closer.char === '[' || !closer.canClose) {
      closer = closer.above;
      continue;
    }
    let opener = closer.below;
    while (opener && opener !== bottom && opener !== floor[closer.char]) {
      const oddMatch = (opener.canClose || closer.canOpen) && (opener.count + closer.count) % 3 === 0 && !(opener.count % 3 === 0 && closer.count % 3 === 0);
      if (opener.char === closer.char && opener.canOpen && !oddMatch) break;
      opener = opener.below;
    }
    if (!opener || opener === bottom || opener === floor[closer.char]) {
      floor[closer.char] = closer.below;
      const next = closer.above;
      if (!closer.canOpen) list.removeDelimiter(closer);
      closer = next;
      continue;
    }
    const strong = opener.count >= 2 && closer.count >= 2;
    const used = strong ? 2 : 1;
    list.wrap(opener.node, closer.node, (children) => ({ type: strong ? 'strong' : 'em', children }));
    opener.count -= used;
    closer.count -= used;
    if (opener.count === 0) {
      list.removeDelimiter(opener);
      list.unlink(opener.node);
    }
    if (closer.count === 0) {
      const next = closer.above;
      list.removeDelimiter(closer);
      list.unlink(closer.node);
      closer = next;
    }
  }
  while (list.top && list.top !== bottom) list.removeDelimiter(list.top);
}

function firstDelimiter(list: InlineList): Delimiter | null {
  let entry = list.top;
  while (entry?.below) entry = entry.below;
  return entry;
}

/** Collects the finished list into inline nodes (delimiters left over are text). */
function collect(list: InlineList): MdInline[] {
  const result: MdInline[] = [];
  for (let node = list.head; node; node = node.next) {
    const inline = node.inline ?? textOfDelimiter(node);
    const last = result.at(-1);
    if (inline.type === 'text' && last?.type === 'text') last.text += inline.text;
    else if (inline.type !== 'text' || inline.text.length > 0) result.push(inline);
  }
  return result;
}

/**
 * Parses inline Markdown: `**strong**`, `*em*`/`_em_`, `` `code` ``, `[text](url)` (http, https and
 * mailto targets only: other links become their text), backslash escapes and hard breaks (two
 * trailing spaces or a backslash before a line end); line ends inside a paragraph become spaces.
 * HTML is not interpreted: it stays text.
 */
export function parseInline(source: string): MdInline[] {
  const list = new InlineList();
  const runs = backtickRuns(source);
  const runCursor = new Map<number, number>();
  let at = 0;
  while (at < source.length) {
    const char = source[at]!;
    if (char === '\\') {
      const next = source[at + 1];
      if (next === '\n') {
        list.append({ type: 'break' });
        at += 2;
      } else if (next !== undefined && /[!-/:-@[-`{-~]/u.test(next)) {
        list.text(next);
        at += 2;
      } else {
        list.text('\\');
        at++;
      }
    } else if (char === '`') {
      let end = at;
      while (source[end] === '`') end++;
      const length = end - at;
      const positions = runs.get(length) ?? [];
      let cursor = runCursor.get(length) ?? 0;
      while (cursor < positions.length && positions[cursor]! < end) cursor++;
      runCursor.set(length, cursor);
      const close = positions[cursor];
      if (close === undefined) {
        list.text(source.slice(at, end));
        at = end;
      } else {
        let code = source.slice(end, close).replace(/\n/g, ' ');
        if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim().length > 0) code = code.slice(1, -1);
        list.append({ type: 'code', text: code });
        runCursor.set(length, cursor + 1);
        at = close + length;
      }
    } else if (char === '*' || char === '_') {
      let end = at;
      while (source[end] === char) end++;
      const before = at > 0 ? source[at - 1] : undefined;
      const after = source[end];
      const leftFlanking = !isWhitespace(after) && (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before));
      const rightFlanking = !isWhitespace(before) && (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after));
      const canOpen = char === '*' ? leftFlanking : leftFlanking && (!rightFlanking || isPunctuation(before));
      const canClose = char === '*' ? rightFlanking : rightFlanking && (!leftFlanking || isPunctuation(after));
      if (canOpen || canClose) list.delimiter(char, end - at, canOpen, canClose, source.slice(at, end));
      else list.text(source.slice(at, end));
      at = end;
    } else if (char === '[') {
      list.delimiter('[', 1, true, false, '[');
      at++;
    } else if (char === ']') {
      at = closeBracket(list, source, at);
    } else if (char === '\n') {
      const tail = list.tail;
      if (tail && !tail.delimiter && tail.inline?.type === 'text' && tail.inline.text.endsWith('  ')) {
        tail.inline.text = trimSpacesEnd(tail.inline.text);
        list.append({ type: 'break' });
      } else {
        if (tail && !tail.delimiter && tail.inline?.type === 'text') tail.inline.text = trimSpacesEnd(tail.inline.text);
        list.text(' ');
      }
      at++;
      while (source[at] === ' ') at++;
    } else {
      let end = at + 1;
      while (end < source.length && !'\\`*_[]\n'.includes(source[end]!)) end++;
      list.text(source.slice(at, end));
      at = end;
    }
  }
  processEmphasis(list, null);
  const result = collect(list);
  const last = result.at(-1);
  if (last?.type === 'text') last.text = trimSpacesEnd(last.text);
  if (last?.type === 'text' && last.text.length === 0) result.pop();
  return result;
}

/** At a `]`: makes a link of the latest `[` when a target follows, else leaves the bracket as text. */
function closeBracket(list: InlineList, source: string, at: number): number {
  const opener = list.brackets.at(-1);
  if (!opener) {
    list.text(']');
    return at + 1;
  }
  const target = opener.active ? linkTarget(source, at + 1) : null;
  if (!target) {
    list.removeDelimiter(opener);
    opener.node.inline = { type: 'text', text: '[' };
    list.text(']');
    return at + 1;
  }
  // Delimiters above the bracket are gone from the stack once emphasis inside the link is settled.
  processEmphasis(list, opener);
  list.removeDelimiter(opener);
  if (SAFE_HREF.test(target.href)) {
    const end = list.append({ type: 'text', text: '' });
    list.wrap(opener.node, end, (children) => ({ type: 'link', href: target.href, children }));
    list.unlink(end);
  }
  // Any other target: the link is only its text, left in place.
  list.unlink(opener.node);
  // No link inside a link: earlier brackets can no longer open one.
  for (let index = list.brackets.length - 1; index >= 0 && list.brackets[index]!.active; index--) list.brackets[index]!.active = false;
  return target.end;
}
