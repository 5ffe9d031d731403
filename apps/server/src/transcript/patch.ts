/**
 * The transcript fields of PATCH /conversations/{id}: `speakers` renames speakers everywhere, `text`
 * replaces every turn. Both go through the media's live document, so open editors follow; before a
 * new text replaces the old one, a snapshot (`before_rewrite`) keeps it.
 */
import { TRANSCRIPT_FORMAT_VERSION, checkTranscript, type Speaker, type Transcript, type Turn } from '@palabre/shared';
import { renameSpeaker, speakersOf } from '@palabre/shared/collab';
import type { AppContext } from '../context.ts';
import type { ChangeAuthor } from '../collab/types.ts';
import type { ConversationRow } from '../conversations/repo.ts';
import { AppError } from '../http/errors.ts';

export interface TranscriptPatch {
  speakers?: Array<{ speaker_id: string; speaker_name: string }> | undefined;
  text?: Turn[] | undefined;
}

/** Only a processed media has a transcript to edit; while it is (re)processed, the pipeline owns it. */
export function requireTranscript(row: Pick<ConversationRow, 'status'> & ({ transcript: unknown } | { hasTranscript: boolean })): void {
  if (row.status !== 'done' || ('hasTranscript' in row ? !row.hasTranscript : row.transcript === null)) {
    throw new AppError('conflict', 'This media has no transcript to edit yet: its processing is not done');
  }
}

const unknownSpeaker = (field: string) => new AppError('validation_failed', 'This speaker is not in the transcript', { [field]: 'error.unknown_speaker' });

/** `text[3].words[0].stime: …` (a problem of checkTranscript) → the body field `text.3.words.0.stime`. */
function fieldOf(problem: string): string {
  const path = problem.slice(0, Math.max(0, problem.indexOf(':'))) || 'text';
  return path.replace(/\[(\d+)\]/g, '.$1');
}

/** Renames must be one per speaker. */
function checkRenames(renames: NonNullable<TranscriptPatch['speakers']>): void {
  const seen = new Set<string>();
  renames.forEach((rename, i) => {
    if (seen.has(rename.speaker_id)) {
      throw new AppError('validation_failed', 'A speaker is renamed twice', { [`speakers.${i}.speaker_id`]: 'error.invalid' });
    }
    seen.add(rename.speaker_id);
  });
}

/**
 * The transcript a new text makes: each speaker it uses named by the rename, else by the current
 * transcript. A rename must name a speaker of either; every time must lie within the media.
 */
function rewriteOf(current: Transcript | null, patch: TranscriptPatch & { text: Turn[] }, duration: number | null): Transcript {
  const names = new Map((current?.speakers ?? []).map((s) => [s.speaker_id, s.speaker_name]));
  const used = new Set(patch.text.map((turn) => turn.speaker_id));
  (patch.speakers ?? []).forEach((rename, i) => {
    if (!names.has(rename.speaker_id) && !used.has(rename.speaker_id)) throw unknownSpeaker(`speakers.${i}.speaker_id`);
    names.set(rename.speaker_id, rename.speaker_name);
  });
  const speakers: Speaker[] = [];
  const listed = new Set<string>();
  patch.text.forEach((turn, t) => {
    if (listed.has(turn.speaker_id)) return;
    const name = names.get(turn.speaker_id);
    if (name === undefined) throw unknownSpeaker(`text.${t}.speaker_id`);
    listed.add(turn.speaker_id);
    speakers.push({ speaker_id: turn.speaker_id, speaker_name: name });
  });
  const transcript: Transcript = { version: TRANSCRIPT_FORMAT_VERSION, speakers, text: patch.text };
  const check = checkTranscript(transcript, duration === null ? {} : { duration });
  if (!check.ok) {
    const fields: Record<string, string> = {};
    for (const problem of check.problems) fields[fieldOf(problem)] ??= 'error.invalid';
    throw new AppError('validation_failed', `The text is not a valid transcript: ${check.problems[0]}`, fields);
  }
  return transcript;
}

/**
 * Applies the transcript fields of a PATCH to a media the caller may write. Everything is checked
 * before anything changes; nothing happens when neither field is there.
 */
export async function patchTranscript(ctx: AppContext, row: ConversationRow, patch: TranscriptPatch, author: ChangeAuthor): Promise<void> {
  if (patch.speakers === undefined && patch.text === undefined) return;
  requireTranscript(row);
  if (patch.speakers) checkRenames(patch.speakers);
  if (patch.text !== undefined) {
    const transcript = rewriteOf(await ctx.documents.read(row.id), { ...patch, text: patch.text }, row.duration);
    await ctx.documents.rewrite(row.id, transcript, author);
    return;
  }
  const renames = patch.speakers ?? [];
  await ctx.documents.change(row.id, author, (doc) => {
    const known = speakersOf(doc);
    renames.forEach((rename, i) => {
      if (!known.has(rename.speaker_id)) throw unknownSpeaker(`speakers.${i}.speaker_id`);
    });
    for (const rename of renames) {
      const renamed = renameSpeaker(doc, rename.speaker_id, rename.speaker_name);
      if (!renamed.ok) throw new AppError('validation_failed', renamed.error.message, { speakers: 'error.invalid' });
    }
  });
}
