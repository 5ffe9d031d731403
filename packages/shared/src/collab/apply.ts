/**
 * Bringing a document to a given transcript with the fewest changes (server-side rewrites: REST
 * edits, re-transcription, snapshot restores), so open editors keep their carets in turns that did
 * not change and applying the same transcript twice changes nothing the second time.
 */
import type * as Y from 'yjs';
import type { Transcript, Turn } from '../transcript/schema.ts';
import { baselineOf, COLLAB_DOC_VERSION, encodeWords, metaOf, readTurn, sameWords, speakersOf, textOf, turnsOf, turnToMap, type TurnMap } from './doc.ts';
import type { Origin } from './operations.ts';
import { applyTextChange, clearPastedMarks } from './text-diff.ts';

/** Two turns the projection cannot tell apart (raw_segment is not kept in documents). */
function sameTurn(a: Turn, b: Turn): boolean {
  return (
    a.turn_id === b.turn_id &&
    a.speaker_id === b.speaker_id &&
    a.language === b.language &&
    a.stime === b.stime &&
    a.etime === b.etime &&
    a.segment === b.segment &&
    sameWords(a.words, b.words)
  );
}

/**
 * Indexes (into `seq`) of a longest strictly increasing subsequence of `seq`: the turns that can stay
 * where they are while the others move around them. O(n log n).
 */
function longestIncreasing(seq: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i += 1) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (seq[tails[mid]!]! < seq[i]!) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  }
  const kept = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) kept.add(i);
  return kept;
}

/** Updates a kept turn map in place so that its projection is exactly `turn`. */
function updateTurn(map: TurnMap, turn: Turn): void {
  if (sameTurn(readTurn(map), turn)) return;
  if (map.get('speaker') !== turn.speaker_id) map.set('speaker', turn.speaker_id);
  if (turn.language === undefined) {
    if (map.has('language')) map.delete('language');
  } else if (map.get('language') !== turn.language) map.set('language', turn.language);
  if (map.get('stime') !== turn.stime) map.set('stime', turn.stime);
  if (map.get('etime') !== turn.etime) map.set('etime', turn.etime);
  if (typeof map.get('words') !== 'string' || !sameWords(baselineOf(map), turn.words)) map.set('words', encodeWords(turn.words));
  const text = textOf(map);
  clearPastedMarks(text);
  applyTextChange(text, turn.segment);
}

/**
 * Replaces the whole content by a transcript with the fewest changes: turns whose id is kept (in the
 * longest run of ids already in the target's order) stay the same Y.Map — untouched when their
 * projection is already the target's turn, else updated field by field with a text diff — the others
 * are inserted or deleted; the speakers map is set to the transcript's speakers. Afterwards the
 * document's projection is exactly the transcript (raw_segment aside, which documents do not keep).
 */
export function applyTranscript(doc: Y.Doc, transcript: Transcript, origin?: Origin): void {
  doc.transact(() => {
    const meta = metaOf(doc);
    if (meta.get('version') !== COLLAB_DOC_VERSION) meta.set('version', COLLAB_DOC_VERSION);

    const speakers = speakersOf(doc);
    const wanted = new Map(transcript.speakers.map((s) => [s.speaker_id, s.speaker_name]));
    for (const id of [...speakers.keys()]) if (!wanted.has(id)) speakers.delete(id);
    for (const [id, name] of wanted) if (speakers.get(id) !== name) speakers.set(id, name);

    const turns = turnsOf(doc);
    const target = new Map<string, number>();
    transcript.text.forEach((turn, i) => {
      if (!target.has(turn.turn_id)) target.set(turn.turn_id, i);
    });
    // Candidates: current maps whose id the target has (first map of each id only).
    const candidates: Array<{ index: number; at: number }> = [];
    const claimed = new Set<string>();
    turns.forEach((map, index) => {
      const id = map.get('id');
      if (typeof id !== 'string' || claimed.has(id) || !target.has(id)) return;
      claimed.add(id);
      candidates.push({ index, at: target.get(id)! });
    });
    const stay = longestIncreasing(candidates.map((c) => c.at));
    const kept = new Map<number, number>(); // current index → target index
    candidates.forEach((c, i) => {
      if (stay.has(i)) kept.set(c.index, c.at);
    });

    for (let index = turns.length - 1; index >= 0; index -= 1) {
      if (kept.has(index)) continue;
      let from = index;
      while (from > 0 && !kept.has(from - 1)) from -= 1;
      turns.delete(from, index - from + 1);
      index = from;
    }

    // Now `turns` holds exactly the kept maps, in target order: update them, insert the rest between.
    let position = 0;
    let pending: TurnMap[] = [];
    const flush = () => {
      if (pending.length === 0) return;
      turns.insert(position, pending);
      position += pending.length;
      pending = [];
    };
    for (const turn of transcript.text) {
      const next = position < turns.length ? turns.get(position) : undefined;
      if (next && next.get('id') === turn.turn_id) {
        flush();
        updateTurn(turns.get(position), turn);
        position += 1;
      } else pending.push(turnToMap(turn));
    }
    flush();
  }, origin);
}
