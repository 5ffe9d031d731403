/**
 * Where a highlight is in a transcript document. It is stored as Yjs relative positions into the turns'
 * texts (base64 of `Y.encodeRelativePosition`), so the mark follows every edit, whoever makes it; on
 * each read they are resolved against the document as it is now.
 *
 * The start sticks to the first marked character and the end to the last one (association -1), so
 * text typed just before or just after the mark stays outside it, and text typed inside it is marked.
 */
import * as Y from 'yjs';
import { readTurn, textOf, turnsOf, type TurnMap } from '@palabre/shared/collab';
import { tokenize } from '@palabre/shared';
import { AppError } from '../http/errors.ts';

/** The anchor of the API: turn ids and character offsets (the end is exclusive). */
export interface TurnAnchor {
  startTurnId: string;
  startOffset: number;
  endTurnId: string;
  endOffset: number;
}

/** The stored anchor (`highlights.anchor`): the turn ids it was made in, and the relative positions. */
export interface StoredAnchor {
  startTurnId: string;
  start: string;
  endTurnId: string;
  end: string;
}

/** A highlight resolved against the current document; `anchor` null once its whole text was deleted. */
export interface ResolvedAnchor {
  anchor: TurnAnchor | null;
  text: string;
  /** Seconds: the start of the first marked word. */
  start: number | null;
  /** For ordering: the turn index and offset of its start (Infinity when gone). */
  order: [number, number];
}

const invalid = (field: string, message: string) => new AppError('validation_failed', message, { [`anchor.${field}`]: 'error.invalid' });

const encode = (position: Y.RelativePosition) => Buffer.from(Y.encodeRelativePosition(position)).toString('base64');
const decode = (base64: string) => Y.decodeRelativePosition(new Uint8Array(Buffer.from(base64, 'base64')));

function turnIndexById(turns: TurnMap[], turnId: string): number {
  return turns.findIndex((turn) => turn.get('id') === turnId);
}

/**
 * Checks an anchor against the document (known turns, the start before the end, offsets within the
 * texts) and answers its relative positions. Refusals are `validation_failed` naming the field.
 */
export function encodeAnchor(doc: Y.Doc, anchor: TurnAnchor): StoredAnchor {
  const turns = turnsOf(doc).toArray();
  const startIndex = turnIndexById(turns, anchor.startTurnId);
  if (startIndex < 0) throw invalid('startTurnId', 'This turn is not in the transcript');
  const endIndex = turnIndexById(turns, anchor.endTurnId);
  if (endIndex < 0) throw invalid('endTurnId', 'This turn is not in the transcript');
  const startText = textOf(turns[startIndex]!);
  const endText = textOf(turns[endIndex]!);
  if (anchor.startOffset > startText.length) throw invalid('startOffset', 'The start is beyond the text of its turn');
  if (anchor.endOffset > endText.length) throw invalid('endOffset', 'The end is beyond the text of its turn');
  if (endIndex < startIndex || (endIndex === startIndex && anchor.endOffset <= anchor.startOffset)) {
    throw invalid('endOffset', 'The end of a highlight must come after its start');
  }
  return {
    startTurnId: anchor.startTurnId,
    start: encode(Y.createRelativePositionFromTypeIndex(startText, anchor.startOffset)),
    endTurnId: anchor.endTurnId,
    end: encode(Y.createRelativePositionFromTypeIndex(endText, anchor.endOffset, -1)),
  };
}

/** A relative position as (turn index, offset) now; null when its turn left the document. */
function resolve(doc: Y.Doc, turns: TurnMap[], base64: string): { index: number; offset: number } | null {
  let absolute: Y.AbsolutePosition | null;
  try {
    absolute = Y.createAbsolutePositionFromRelativePosition(decode(base64), doc);
  } catch {
    return null;
  }
  if (!absolute) return null;
  const index = turns.findIndex((turn) => textOf(turn) === absolute.type);
  return index < 0 ? null : { index, offset: absolute.index };
}

/** The time of the first word that ends after `offset` in the turns from `from` to `to` (the first word of later turns when none in the first). */
function firstWordTime(turns: TurnMap[], from: { index: number; offset: number }, to: number): number | null {
  for (let i = from.index; i <= to; i += 1) {
    const turn = turns[i]!;
    const tokens = tokenize(textOf(turn).toString());
    const words = readTurn(turn).words;
    const k = i === from.index ? tokens.findIndex((token) => token.end > from.offset) : 0;
    if (k >= 0 && k < tokens.length) return words[k]?.stime ?? (turn.get('stime') as number);
  }
  return null;
}

/** Where a stored anchor is now, the text it marks, and when its first word starts. */
export function resolveAnchor(doc: Y.Doc, stored: StoredAnchor): ResolvedAnchor {
  const turns = turnsOf(doc).toArray();
  const start = resolve(doc, turns, stored.start);
  const end = resolve(doc, turns, stored.end);
  const gone: ResolvedAnchor = { anchor: null, text: '', start: null, order: [Infinity, Infinity] };
  if (!start || !end) return gone;
  if (end.index < start.index || (end.index === start.index && end.offset <= start.offset)) return gone;
  const parts: string[] = [];
  for (let i = start.index; i <= end.index; i += 1) {
    const text = textOf(turns[i]!).toString();
    parts.push(text.slice(i === start.index ? start.offset : 0, i === end.index ? end.offset : text.length));
  }
  const text = parts.filter((part) => part !== '').join('\n');
  if (text.trim() === '') return gone;
  return {
    anchor: {
      startTurnId: turns[start.index]!.get('id') as string,
      startOffset: start.offset,
      endTurnId: turns[end.index]!.get('id') as string,
      endOffset: end.offset,
    },
    text,
    start: firstWordTime(turns, start, end.index),
    order: [start.index, start.offset],
  };
}
