/**
 * Transcript editing over HTTP (for scripts and API clients) and the document's history. Every edit
 * goes through the same collaborative document as the editor (docs/collaboration.md), so an open
 * editor sees it at once. Write right required; without it the media does not exist (404).
 */
import { z } from 'zod';
import { TURN_SIZE } from '../constants.ts';
import { zId, zText } from './common.ts';

/** A speaker's name: a name like any other (no markup, no invisible characters). */
const zSpeakerName = zText({ required: true, max: 200 });
import { zSpeaker, zTurn, zTranscript } from '../transcript/schema.ts';

export const zTurnParams = z.object({ id: zId, turnId: z.string().min(1).max(100) });
export const TURN_MERGE_DIRECTIONS = ['next', 'previous'] as const;
export const zTurnMergeParams = zTurnParams.extend({ direction: z.enum(TURN_MERGE_DIRECTIONS) });

const zSegment = z
  .string()
  .max(TURN_SIZE * 4)
  .refine((s) => [...s].length <= TURN_SIZE, { message: `at most ${TURN_SIZE} characters` });
const zSpeakerRef = z.string().min(1).max(100);

/** POST /conversations/{id}/turns/{turnId}: a new turn after `turnId` (use `turnId` "start" to insert first). */
export const zInsertTurnBody = z.strictObject({
  speaker_id: zSpeakerRef,
  segment: zSegment,
  /** A speaker name, to create the speaker when `speaker_id` is new. */
  speaker_name: zSpeakerName.optional(),
});

/** PATCH /conversations/{id}/turns/{turnId}: a new text (timing rules apply) and/or another speaker. */
export const zUpdateTurnBody = z
  .strictObject({ speaker_id: zSpeakerRef.optional(), segment: zSegment.optional() })
  .refine((b) => b.speaker_id !== undefined || b.segment !== undefined, {
    message: 'speaker_id or segment is required',
  });

/** The transcript after an edit, with the turn it concerned (absent after a deletion). */
export const zTurnEditResult = z.object({ turn: zTurn.optional(), speakers: z.array(zSpeaker), turns: z.number().int() });

/**
 * PATCH /conversations/{id} transcript fields: `speakers` renames (ids must exist), `text` replaces
 * every turn (a whole valid transcript text; a snapshot is taken first).
 */
export const zConversationTranscriptPatch = z.object({
  speakers: z.array(z.strictObject({ speaker_id: zSpeakerRef, speaker_name: zSpeakerName })).max(500),
  text: zTranscript.shape.text,
});

export const SNAPSHOT_REASONS = ['auto', 'before_rewrite', 'before_restore', 'manual'] as const;
export type SnapshotReason = (typeof SNAPSHOT_REASONS)[number];

/** One entry of the history panel. */
export const zSnapshotSummary = z.object({
  _id: z.string(),
  createdAt: z.string(),
  reason: z.enum(SNAPSHOT_REASONS),
  /** Who made the last edits before the snapshot (null: the server, e.g. a re-transcription). */
  author: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Everyone whose edits the snapshot covers since the previous one. */
  editors: z.array(z.object({ _id: z.string(), name: z.string() })),
  turns: z.number().int(),
  words: z.number().int(),
});
export type SnapshotSummary = z.infer<typeof zSnapshotSummary>;

export const zSnapshotParams = z.object({ id: zId, snapshotId: zId });
export const zSnapshot = zSnapshotSummary.extend({ transcript: zTranscript });
export type Snapshot = z.infer<typeof zSnapshot>;
