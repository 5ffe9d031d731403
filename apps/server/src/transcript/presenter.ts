/** A transcript document → the answers of the turn endpoints. */
import type * as Y from 'yjs';
import { readTurn, speakersOf, turnsOf } from '@palabre/shared/collab';
import type { Speaker, Turn, zTurnEditResult } from '@palabre/shared';
import type { z } from 'zod';

export type TurnEditResult = z.infer<typeof zTurnEditResult>;

/**
 * The document after an edit: the turn it concerned (as the projection shows it, words retimed), the
 * speakers in use in order of first use (as `readTranscript` lists them) and the number of turns.
 * Only that one turn is projected, so the answer stays cheap on a three-hour transcript.
 */
export function presentEdit(doc: Y.Doc, turnId: string | null): TurnEditResult {
  const names = speakersOf(doc);
  const speakers: Speaker[] = [];
  const seen = new Set<string>();
  let turn: Turn | undefined;
  const turns = turnsOf(doc).toArray();
  for (const map of turns) {
    const speakerId = map.get('speaker') as string;
    if (!seen.has(speakerId)) {
      seen.add(speakerId);
      speakers.push({ speaker_id: speakerId, speaker_name: names.get(speakerId) ?? speakerId });
    }
    if (turnId !== null && turn === undefined && map.get('id') === turnId) turn = readTurn(map);
  }
  return { ...(turn ? { turn } : {}), speakers, turns: turns.length };
}
