/**
 * The collaborative transcript document (docs/collaboration.md): how a transcript (format version 1,
 * transcript/schema.ts) lives in a Y.Doc that several editors change at once.
 *
 * - `meta`     Y.Map: `version` (COLLAB_DOC_VERSION), `name` (the media's name, written by the server).
 * - `speakers` Y.Map<string>: speaker_id → speaker_name. A speaker no turn uses is left out of the
 *              projection (it "disappears"), so adding one and then using it are two separate steps.
 * - `turns`    Y.Array<Y.Map>: one map per turn, in order, with
 *     `id`       string, the turn_id;
 *     `speaker`  string, a speaker_id (one of the speakers map);
 *     `language` string, optional;
 *     `stime`, `etime` numbers, the turn's bounds;
 *     `text`     Y.Text, the turn's text as people type it (characters merge across editors). A run
 *                carrying the formatting attribute `pasted: true` was pasted: its tokens are inserted
 *                words (they lose any time they could inherit). Nothing else is formatted;
 *     `words`    string, the JSON of Word[]: the turn's *baseline* timed words: what the engine gave,
 *                or what the last structural operation (split, merge, server rewrite) settled. It is
 *                replaced whole, never edited in place.
 *   No other key: documentProblems refuses a map with unknown or mistyped fields.
 *
 * The projection (`readTranscript`, `readTurn`) retimes each turn's baseline words to its current text
 * with `retimeEditedTurn`, so every timing rule of the format applies whatever order edits arrived in,
 * and every client and the server compute the same words from the same document. A turn whose text is
 * exactly its baseline's segment is read as is (the fast path). Words the projection invents get
 * deterministic wids `${turn_id}~${k}` (stable for one document state, skipping wids the baseline
 * holds); settling a turn (`settleTurn`, and every structural operation) replaces them with fresh
 * unique ids. Documents do not keep raw_segment.
 *
 * `readTranscript` reads everything afresh (about 8 ms for 2,000 turns) and returns objects the caller
 * may change; `projectionOf(doc).transcript()` (projection.ts) returns cached, read-only turns and
 * only re-reads the turns that changed.
 *
 * Concurrency: text edits always merge. Structural operations write whole values (`words`, bounds)
 * and insert or delete maps, so two people splitting or merging the *same* turns at once can produce
 * a document the format refuses (e.g. one word in two turns): the server's documentProblems check
 * refuses that second update, and the editor's lock on a turn someone else is in makes it rare.
 * Characters typed in the part of a turn that another person splits off stay in the head turn.
 */
import * as Y from 'yjs';
import { retimeEditedTurn } from '../transcript/timing.ts';
import { TRANSCRIPT_FORMAT_VERSION, type Speaker, type Transcript, type Turn, type Word } from '../transcript/schema.ts';

export const COLLAB_DOC_VERSION = 1;

export type TurnMap = Y.Map<unknown>;

export const metaOf = (doc: Y.Doc): Y.Map<unknown> => doc.getMap('meta');
export const speakersOf = (doc: Y.Doc): Y.Map<string> => doc.getMap<string>('speakers');
export const turnsOf = (doc: Y.Doc): Y.Array<TurnMap> => doc.getArray<TurnMap>('turns');

/** The Y.Map of one turn, filled from a transcript turn (not yet in a document). */
export function turnToMap(turn: Turn): TurnMap {
  const map = new Y.Map<unknown>();
  map.set('id', turn.turn_id);
  map.set('speaker', turn.speaker_id);
  if (turn.language !== undefined) map.set('language', turn.language);
  map.set('stime', turn.stime);
  map.set('etime', turn.etime);
  map.set('words', encodeWords(turn.words));
  map.set('text', new Y.Text(turn.segment));
  return map;
}

/** Fills an empty document (or replaces the content of one) with a transcript, in one transaction. */
export function writeTranscript(doc: Y.Doc, transcript: Transcript, origin: unknown = null): Y.Doc {
  doc.transact(() => {
    const meta = metaOf(doc);
    if (meta.get('version') !== COLLAB_DOC_VERSION) meta.set('version', COLLAB_DOC_VERSION);
    const speakers = speakersOf(doc);
    const wanted = new Map(transcript.speakers.map((s) => [s.speaker_id, s.speaker_name]));
    for (const id of [...speakers.keys()]) if (!wanted.has(id)) speakers.delete(id);
    for (const [id, name] of wanted) if (speakers.get(id) !== name) speakers.set(id, name);
    const turns = turnsOf(doc);
    if (turns.length > 0) turns.delete(0, turns.length);
    turns.insert(
      0,
      transcript.text.map((turn) => turnToMap(turn)),
    );
  }, origin);
  return doc;
}

/** A new document holding a transcript. */
export function createTranscriptDoc(transcript: Transcript): Y.Doc {
  return writeTranscript(new Y.Doc(), transcript);
}

/** A turn's text (Y.Text) — every turn map has one. */
export function textOf(turn: TurnMap): Y.Text {
  return turn.get('text') as Y.Text;
}

/**
 * Baseline words travel as one JSON string per turn rather than a Yjs array of objects: a document
 * of 30,000 words then decodes several times faster (strings are read in one piece, objects field by
 * field), which is most of the time to open a long transcript, and the server holds far fewer objects.
 */
export function encodeWords(words: readonly Word[]): string {
  return JSON.stringify(words.map(({ wid, word, stime, etime, confidence }) => ({ wid, word, stime, etime, confidence })));
}

const decoded = new WeakMap<TurnMap, { raw: string; words: Word[] }>();

/** The words a turn map's `words` string holds (parsed once per value); [] when absent or unreadable. */
export function baselineOf(turn: TurnMap): Word[] {
  const raw = turn.get('words');
  if (typeof raw !== 'string') return [];
  const cached = decoded.get(turn);
  if (cached?.raw === raw) return cached.words;
  let words: Word[] = [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed)) words = parsed as Word[];
  } catch {
    words = [];
  }
  decoded.set(turn, { raw, words });
  return words;
}

/** Formatting attribute of a Y.Text run that was pasted: its tokens lose any time they could inherit. */
export const PASTED_ATTRIBUTE = 'pasted';

/** A turn's current text and the UTF-16 ranges of it that carry the pasted mark. */
export function readTurnText(turn: TurnMap): { text: string; pasted: Array<[number, number]> } {
  const ytext = textOf(turn);
  // Plain text (no run was ever formatted) needs no delta: the common case, and the fast one.
  if (!ytext._hasFormatting) return { text: ytext.toString(), pasted: [] };
  let text = '';
  const pasted: Array<[number, number]> = [];
  for (const op of ytext.toDelta() as Array<{ insert: unknown; attributes?: Record<string, unknown> }>) {
    if (typeof op.insert !== 'string') continue;
    const start = text.length;
    text += op.insert;
    if (op.attributes?.[PASTED_ATTRIBUTE] === true) {
      const last = pasted[pasted.length - 1];
      if (last && last[1] === start) last[1] = text.length;
      else pasted.push([start, text.length]);
    }
  }
  return { text, pasted };
}

/** True when a wid was invented by the projection (see `readTurn`), so settling must replace it. */
export function isInventedWid(wid: string): boolean {
  return wid.includes('~');
}

/**
 * The turn as the format defines it: its baseline words retimed to its current text. Invented words
 * get wids `${turn_id}~${k}`, skipping any the baseline already holds.
 */
export function readTurn(turn: TurnMap): Turn {
  const id = turn.get('id') as string;
  const language = turn.get('language') as string | undefined;
  const base: Turn = {
    turn_id: id,
    speaker_id: turn.get('speaker') as string,
    segment: '',
    stime: turn.get('stime') as number,
    etime: turn.get('etime') as number,
    words: baselineOf(turn),
    ...(language !== undefined ? { language } : {}),
  };
  base.segment = base.words.map((w) => w.word).join(' ');
  const { text, pasted } = readTurnText(turn);
  if (text === base.segment) return base;
  const taken = new Set(base.words.map((w) => w.wid));
  let k = 0;
  const invent = () => {
    let wid: string;
    do wid = `${id}~${(k += 1)}`;
    while (taken.has(wid));
    return wid;
  };
  return retimeEditedTurn(base, text, invent, pasted.length > 0 ? { pasted } : {});
}

/** The transcript the document holds (speakers without turns left out, in order of first use). */
export function readTranscript(doc: Y.Doc): Transcript {
  const text = turnsOf(doc)
    .toArray()
    .map((turn) => readTurn(turn));
  const names = speakersOf(doc);
  const used: Speaker[] = [];
  const seen = new Set<string>();
  for (const turn of text) {
    if (seen.has(turn.speaker_id)) continue;
    seen.add(turn.speaker_id);
    used.push({ speaker_id: turn.speaker_id, speaker_name: names.get(turn.speaker_id) ?? turn.speaker_id });
  }
  return { version: TRANSCRIPT_FORMAT_VERSION, speakers: used, text };
}

/** Word lists with the same wids, texts, times and confidences. */
export function sameWords(a: readonly Word[], b: readonly Word[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.wid !== y.wid || x.word !== y.word || x.stime !== y.stime || x.etime !== y.etime || x.confidence !== y.confidence) return false;
  }
  return true;
}

/** Index of a turn in `turns`, or -1. */
export function turnIndex(doc: Y.Doc, turnId: string): number {
  const turns = turnsOf(doc);
  for (let i = 0; i < turns.length; i += 1) if (turns.get(i).get('id') === turnId) return i;
  return -1;
}
