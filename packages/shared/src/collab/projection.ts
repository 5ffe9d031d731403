/**
 * A projection of a document kept up to date incrementally: each turn map's `readTurn` is cached
 * and dropped when that map or its text changes (observeDeep), so reading a 2,000-turn transcript
 * after one keystroke retimes one turn instead of all of them. The server keeps one per open document.
 * Read it outside transactions: the cache learns of changes when the transaction ends.
 */
import type * as Y from 'yjs';
import { TRANSCRIPT_FORMAT_VERSION, type Speaker, type Transcript, type Turn } from '../transcript/schema.ts';
import { readTurn, speakersOf, turnsOf, type TurnMap } from './doc.ts';

export class TranscriptProjection {
  readonly doc: Y.Doc;
  private readonly cache = new WeakMap<TurnMap, Turn>();
  private readonly turns: Y.Array<TurnMap>;
  private readonly observer = (events: Array<Y.YEvent<Y.AbstractType<unknown>>>) => {
    for (const event of events) {
      let target: Y.AbstractType<unknown> | null = event.target;
      while (target !== null && target.parent !== this.turns) target = target.parent as Y.AbstractType<unknown> | null;
      if (target !== null) this.cache.delete(target as TurnMap);
    }
  };

  constructor(doc: Y.Doc) {
    this.doc = doc;
    this.turns = turnsOf(doc);
    this.turns.observeDeep(this.observer);
  }

  /** The turn's projection (readTurn), cached until the map or its text changes. Do not mutate it. */
  turn(map: TurnMap): Turn {
    let turn = this.cache.get(map);
    if (turn === undefined) {
      turn = readTurn(map);
      this.cache.set(map, turn);
    }
    return turn;
  }

  /** The transcript the document holds, as readTranscript gives it. Do not mutate it. */
  transcript(): Transcript {
    const text = this.turns.map((map) => this.turn(map));
    return { version: TRANSCRIPT_FORMAT_VERSION, speakers: usedSpeakers(this.doc, text), text };
  }

  /** Stops following the document. */
  destroy(): void {
    this.turns.unobserveDeep(this.observer);
  }
}

/** The speakers turns use, in order of first use, named from the speakers map. */
export function usedSpeakers(doc: Y.Doc, text: readonly Turn[]): Speaker[] {
  const names = speakersOf(doc);
  const used: Speaker[] = [];
  const seen = new Set<string>();
  for (const turn of text) {
    if (seen.has(turn.speaker_id)) continue;
    seen.add(turn.speaker_id);
    used.push({ speaker_id: turn.speaker_id, speaker_name: names.get(turn.speaker_id) ?? turn.speaker_id });
  }
  return used;
}
