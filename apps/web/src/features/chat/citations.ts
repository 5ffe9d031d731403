/**
 * Citations in an answer: the model cites the transcript's moments as `[T12]` (several as
 * `[T12, T15]` or `[T12][T15]`); the saved answer lists those that exist as `Citation`s, in the order
 * they are first cited. The text is split into plain parts and citation labels, each label bound to
 * its citation when the answer has one for it.
 */
import type { Citation } from '@palabre/shared';

export type AnswerPart = { type: 'text'; text: string } | { type: 'citation'; label: string; citation: Citation | null };

const GROUP = /\[(T\d+(?:\s*[,;]\s*T\d+)*)\]/g;

/** The distinct labels cited in a text ("T12"), in the order they first appear. */
export function citedLabels(text: string): string[] {
  const labels: string[] = [];
  for (const match of text.matchAll(GROUP)) {
    for (const label of match[1]!.split(/\s*[,;]\s*/)) if (!labels.includes(label)) labels.push(label);
  }
  return labels;
}

/**
 * Each label's citation. The answer's citations are the cited labels that exist, in the order first
 * cited: when there are as many as labels they pair one to one; when some label named no moment
 * (dropped), which one is unknown, and the labels stay unbound (the list under the answer still
 * offers every citation).
 */
export function bindCitations(labels: readonly string[], citations: readonly Citation[]): Map<string, Citation> {
  const bound = new Map<string, Citation>();
  if (labels.length === citations.length) labels.forEach((label, index) => bound.set(label, citations[index]!));
  return bound;
}

/** A text cut into plain parts and citation labels (a group "[T1, T2]" gives one part per label). */
export function splitCitations(text: string, bound: ReadonlyMap<string, Citation>): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const match of text.matchAll(GROUP)) {
    if (match.index > last) parts.push({ type: 'text', text: text.slice(last, match.index) });
    for (const label of match[1]!.split(/\s*[,;]\s*/)) parts.push({ type: 'citation', label, citation: bound.get(label) ?? null });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}
