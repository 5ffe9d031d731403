/**
 * A projection of a document kept up to date incrementally: each turn map's shape check and
 * `readTurn` are cached and dropped when that map or its text changes (observeDeep), so reading or
 * validating a 2,000-turn transcript after one keystroke retimes one turn instead of all of them.
 * It also counts every wid of the turns it holds, so duplicates across turns are known without
 * walking 30,000 words. Read it outside transactions: the cache learns of changes when the
 * transaction ends.
 */
import type * as Y from 'yjs';
import { TRANSCRIPT_FORMAT_VERSION, type Speaker, type Transcript, type Turn } from '../transcript/schema.ts';
import { readTurn, speakersOf, turnsOf, type TurnMap } from './doc.ts';
import { turnShapeProblems } from './shape.ts';

/** What the projection knows of one turn map. */
export interface TurnEntry {
  /** Shape problems (see turnShapeProblems); the turn is only read when there are none. */
  problems: string[];
  /** The projected turn; undefined when the map is malformed or its words cannot be read. */
  turn?: Turn;
  /** Whether the turn passes the format's checks on its own, per media duration asked. */
  verdicts: Map<number | undefined, boolean>;
}

export class TranscriptProjection {
  readonly doc: Y.Doc;
  private readonly entries = new Map<TurnMap, TurnEntry>();
  private readonly widCounts = new Map<string, number>();
  private duplicated = 0;
  private readonly turns: Y.Array<TurnMap>;
  private readonly observer = (events: Array<Y.YEvent<Y.AbstractType<unknown>>>) => {
    for (const event of events) {
      if (event.target === this.turns) {
        for (const item of event.changes.deleted) {
          const content = item.content as { type?: unknown };
          if (content.type) this.forget(content.type as TurnMap);
        }
        continue;
      }
      let target: Y.AbstractType<unknown> | null = event.target;
      while (target !== null && target.parent !== this.turns) target = target.parent as Y.AbstractType<unknown> | null;
      if (target !== null) this.forget(target as TurnMap);
    }
  };

  constructor(doc: Y.Doc) {
    this.doc = doc;
    this.turns = turnsOf(doc);
    this.turns.observeDeep(this.observer);
  }

  private count(turn: Turn | undefined, delta: 1 | -1): void {
    if (!turn) return;
    for (const { wid } of turn.words) {
      const before = this.widCounts.get(wid) ?? 0;
      const after = before + delta;
      if (after === 0) this.widCounts.delete(wid);
      else this.widCounts.set(wid, after);
      if (before <= 1 && after > 1) this.duplicated += 1;
      else if (before > 1 && after <= 1) this.duplicated -= 1;
    }
  }

  private forget(map: TurnMap): void {
    const entry = this.entries.get(map);
    if (!entry) return;
    this.count(entry.turn, -1);
    this.entries.delete(map);
  }

  /** The cached knowledge of a turn map, computed when missing. */
  entry(map: TurnMap): TurnEntry {
    let entry = this.entries.get(map);
    if (entry === undefined) {
      entry = { problems: turnShapeProblems(map), verdicts: new Map() };
      if (entry.problems.length === 0) {
        try {
          entry.turn = readTurn(map);
        } catch {
          entry.problems.push(': its words cannot be read');
        }
      }
      this.entries.set(map, entry);
      this.count(entry.turn, 1);
    }
    return entry;
  }

  /** The turn's projection (readTurn), cached until the map or its text changes. Do not mutate it. */
  turn(map: TurnMap): Turn {
    return this.entry(map).turn ?? readTurn(map);
  }

  /** The transcript the document holds, as readTranscript gives it. Do not mutate it. */
  transcript(): Transcript {
    const text = this.turns.map((map) => this.turn(map));
    return { version: TRANSCRIPT_FORMAT_VERSION, speakers: usedSpeakers(this.doc, text), text };
  }

  /** True when two words of the turns read so far share a wid. */
  hasDuplicateWids(): boolean {
    return this.duplicated > 0;
  }

  /** Stops following the document. */
  destroy(): void {
    this.turns.unobserveDeep(this.observer);
    this.entries.clear();
    this.widCounts.clear();
    this.duplicated = 0;
  }
}

const shared = new WeakMap<Y.Doc, TranscriptProjection>();

/**
 * The projection kept for a document, created on first use and following it from then on (one
 * observer per document; it goes away with the document).
 */
export function projectionOf(doc: Y.Doc): TranscriptProjection {
  let projection = shared.get(doc);
  if (!projection) {
    projection = new TranscriptProjection(doc);
    shared.set(doc, projection);
  }
  return projection;
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
