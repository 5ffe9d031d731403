/** What the panels read from the live document, computed in one pass over the turns. */
import type * as Y from 'yjs';
import { speakersOf, textOf, turnsOf } from '@palabre/shared/collab';
import type { Transcript } from '@palabre/shared';

export interface SpeakerStat {
  id: string;
  name: string;
  turns: number;
}

/** Every named speaker with how many turns it has, in order of first use (unused ones last, by name). */
export function speakerStats(doc: Y.Doc): SpeakerStat[] {
  const names = speakersOf(doc);
  const counts = new Map<string, number>();
  for (const turn of turnsOf(doc)) {
    const id = turn.get('speaker') as string;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const used = [...counts].map(([id, turns]) => ({ id, name: names.get(id) ?? id, turns }));
  const unused = [...names.entries()]
    .filter(([id]) => !counts.has(id))
    .map(([id, name]) => ({ id, name, turns: 0 }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return [...used, ...unused];
}

/**
 * The speakers the editor lists (the speakers panel, a turn's speaker menu): those with turns, and
 * those this user added on this page and has not given a turn yet. A speaker whose last turn went
 * to another speaker or was deleted is no longer listed, but stays in the document: removing it
 * there would race with another person giving it a turn at the same time, an update the server
 * refuses (a turn's speaker must be in the speakers map). The transcript leaves it out anyway.
 * `addedHere` forgets a speaker once it has a turn, so it leaves the list with its last turn.
 */
export function listedSpeakers(doc: Y.Doc, addedHere: Set<string>): SpeakerStat[] {
  const listed: SpeakerStat[] = [];
  for (const speaker of speakerStats(doc)) {
    if (speaker.turns > 0) addedHere.delete(speaker.id);
    if (speaker.turns > 0 || addedHere.has(speaker.id)) listed.push(speaker);
  }
  return listed;
}

/** Turn id → its index in the document, for ordering matches. */
export function turnOrder(doc: Y.Doc): Map<string, number> {
  const order = new Map<string, number>();
  turnsOf(doc).forEach((turn, index) => order.set(turn.get('id') as string, index));
  return order;
}

export interface SnapshotDiff {
  /** Turns of the snapshot that are no longer in the document. */
  removed: number;
  /** Turns of the document the snapshot does not have. */
  added: number;
  /** Turns in both whose text or speaker differs. */
  changed: number;
}

/** How the live document differs from a snapshot, by turn id (cheap: no retiming). */
export function diffWithSnapshot(doc: Y.Doc, snapshot: Pick<Transcript, 'text'>): SnapshotDiff {
  const live = new Map<string, { text: string; speaker: string }>();
  for (const turn of turnsOf(doc)) live.set(turn.get('id') as string, { text: textOf(turn).toString(), speaker: turn.get('speaker') as string });
  let removed = 0;
  let changed = 0;
  for (const turn of snapshot.text) {
    const now = live.get(turn.turn_id);
    if (!now) removed += 1;
    else if (now.text !== turn.segment || now.speaker !== turn.speaker_id) changed += 1;
  }
  const added = live.size - (snapshot.text.length - removed);
  return { removed, added, changed };
}
