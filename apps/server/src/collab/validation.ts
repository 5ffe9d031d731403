/**
 * Checking a document after a change without re-reading three hours of transcript each keystroke:
 * a change that only edits the text of existing turns (typing) can only break those turns, so only
 * they are checked against the format; any other change (turns added, removed or reordered, a field
 * of a turn, speakers, meta) is checked on the whole document.
 */
import * as Y from 'yjs';
import { checkTranscript } from '@palabre/shared';
import { documentProblems, turnsOf, usedSpeakers, type TranscriptProjection, type TurnMap } from '@palabre/shared/collab';

/** What a change touched: the turns whose text alone changed, or (null) anything else. */
export type ChangeScope = Set<TurnMap> | null;

/** Widens `scope` with one transaction's changes. */
export function widen(scope: ChangeScope | undefined, transaction: Y.Transaction, doc: Y.Doc): ChangeScope {
  if (scope === null) return null;
  const turns = turnsOf(doc);
  const touched = scope ?? new Set<TurnMap>();
  for (const type of transaction.changed.keys()) {
    const parent = type.parent;
    if (!(type instanceof Y.Text) || !(parent instanceof Y.Map) || parent.parent !== turns) return null;
    // A Y.Text that is no longer (or not yet) a turn's text field is not typing.
    if (parent.get('text') !== type) return null;
    touched.add(parent as TurnMap);
  }
  return touched;
}

/** The document's problems after a change of `scope` (empty: valid). */
export function problemsAfter(doc: Y.Doc, projection: TranscriptProjection, scope: ChangeScope, duration: number | null): string[] {
  const options = duration !== null ? { duration } : {};
  if (scope === null) return documentProblems(doc, { projection, ...options });
  if (scope.size === 0) return [];
  let text;
  try {
    text = [...scope].map((map) => projection.turn(map));
  } catch {
    return ['a changed turn cannot be read'];
  }
  const check = checkTranscript({ version: 1, speakers: usedSpeakers(doc, text), text }, options);
  return check.ok ? [] : check.problems;
}
