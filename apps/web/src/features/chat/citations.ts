/**
 * Citations in an answer. The transcript's turns are sent to the model labelled by their place ("T12":
 * the twelfth turn), and it cites them in square brackets: `[T12]`, `[T3, T4]`, `[T7 01:02]`; the
 * saved answer lists those that exist as `Citation`s, in the order first cited (the server reads
 * them the same way). The text is split into plain parts and citation labels, each label bound to
 * its citation.
 */
import type { Citation } from '@palabre/shared';

export type AnswerPart = { type: 'text'; text: string } | { type: 'citation'; label: string; citation: Citation | null };

const GROUP = /\[([^\]\n]{1,200})\]/g;
const LABEL = /\bT(\d{1,6})\b/g;

/** The labels of a bracketed group ("T3, T4" → T3, T4), normalised ("T012" → T12); none when it cites nothing. */
function labelsOf(group: string): string[] {
  return [...group.matchAll(LABEL)].map((match) => `T${Number(match[1])}`);
}

/** The distinct labels cited in a text, in the order they first appear. */
export function citedLabels(text: string): string[] {
  const labels: string[] = [];
  for (const group of text.matchAll(GROUP)) for (const label of labelsOf(group[1]!)) if (!labels.includes(label)) labels.push(label);
  return labels;
}

/**
 * Each label's citation. When the answer has a citation for every label they pair in order; when
 * some label named no turn (the server dropped it), a label "Tn" is bound to the citation of the
 * n-th turn of the document (`turnIdAt`, 0-based), if the answer has one.
 */
export function bindCitations(labels: readonly string[], citations: readonly Citation[], turnIdAt?: (index: number) => string | undefined): Map<string, Citation> {
  const bound = new Map<string, Citation>();
  if (labels.length === citations.length) {
    labels.forEach((label, index) => bound.set(label, citations[index]!));
    return bound;
  }
  for (const label of labels) {
    const turnId = turnIdAt?.(Number(label.slice(1)) - 1);
    const citation = turnId === undefined ? undefined : citations.find((c) => c.turnId === turnId);
    if (citation) bound.set(label, citation);
  }
  return bound;
}

/** A text cut into plain parts and citation labels (a group "[T1, T2]" gives one part per label; a group citing nothing stays text). */
export function splitCitations(text: string, bound: ReadonlyMap<string, Citation>): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const group of text.matchAll(GROUP)) {
    const labels = labelsOf(group[1]!);
    if (labels.length === 0) continue;
    if (group.index > last) parts.push({ type: 'text', text: text.slice(last, group.index) });
    for (const label of labels) parts.push({ type: 'citation', label, citation: bound.get(label) ?? null });
    last = group.index + group[0].length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}
