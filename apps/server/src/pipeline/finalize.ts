/**
 * Step 5 — postprocessing: build the transcript document (format version 1: speakers, and turns
 * with their words, ids and segment text), check every invariant of the format before writing
 * it, store it and mark the media done. Intermediate results are removed afterwards.
 */
import crypto from 'node:crypto';
import { assertTranscript, joinWords, roundTime, segmentLength, TRANSCRIPT_FORMAT_VERSION, TURN_SIZE, type Transcript, type Turn, type Word } from '@palabre/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { conversations } from '../db/schema.ts';
import type { JobDelivery } from '../jobs/registry.ts';
import { deleteKeys, mediaKeys, readJson, workKeys } from './files.ts';
import type { PunctuatedDocument } from './punctuate.ts';
import { PipelineError, runStep, type StepContext, type StepDefinition } from './step.ts';

const SPACES = /[\s\u00a0\u202f\u2007]+/u;

/** What a transcript is built from: the pipeline's turns, or finals heard live (in any language). */
export type TranscriptInput = Omit<PunctuatedDocument, 'language'> & { language: string };

/** Builds the stored document from the pipeline's turns. Pure apart from the ids it mints. */
export function buildTranscript(input: TranscriptInput, duration: number | null, newId: () => string = () => crypto.randomUUID()): Transcript {
  const limit = duration ?? Number.POSITIVE_INFINITY;
  const time = (seconds: number) => roundTime(Math.min(Math.max(seconds, 0), limit));
  const text: Turn[] = [];
  for (const turn of input.turns) {
    // Words the format accepts: no spaces inside, none empty; times clamped and never going back.
    const words: Word[] = [];
    for (const word of turn.words) {
      for (const part of word.word.split(SPACES).filter(Boolean)) {
        const previous = words[words.length - 1];
        const stime = Math.max(time(word.stime), previous?.stime ?? 0);
        const etime = Math.max(time(word.etime), stime, previous?.etime ?? 0);
        words.push({ wid: newId(), word: part, stime, etime, confidence: Math.min(1, Math.max(0, word.confidence)) });
      }
    }
    if (words.length === 0) continue;
    // A turn longer than the format allows is cut at word boundaries.
    let chunk: Word[] = [];
    const flush = () => {
      if (chunk.length === 0) return;
      const segment = joinWords(chunk.map((w) => w.word));
      const first = chunk[0]!;
      const last = chunk[chunk.length - 1]!;
      const single = chunk.length === words.length;
      text.push({
        turn_id: newId(),
        speaker_id: turn.speaker_id,
        segment,
        ...(single ? { raw_segment: turn.raw_segment } : {}),
        language: input.language,
        stime: Math.min(time(turn.stime), first.stime),
        etime: Math.max(time(turn.etime), last.etime),
        words: chunk,
      });
      chunk = [];
    };
    for (const word of words) {
      if (chunk.length > 0 && segmentLength(joinWords([...chunk, word].map((w) => w.word))) > TURN_SIZE) flush();
      chunk.push(word);
    }
    flush();
  }
  text.sort((a, b) => a.stime - b.stime);
  return { version: TRANSCRIPT_FORMAT_VERSION, speakers: input.speakers, text };
}

async function run(ctx: AppContext, { row, report }: StepContext) {
  const punctuated = await readJson<PunctuatedDocument>(ctx, mediaKeys.work(row.id, 'punctuated'));
  if (!punctuated) {
    // A re-delivery after the transcript was stored and the intermediate files removed.
    if (row.transcript) return { transcript: row.transcript };
    throw new PipelineError('the punctuation result is missing');
  }
  const transcript = buildTranscript(punctuated, row.duration);
  try {
    assertTranscript(transcript, row.duration === null ? {} : { duration: row.duration });
  } catch (error) {
    ctx.log.error({ err: error, conversationId: row.id }, 'built transcript breaks the format');
    throw new PipelineError('the transcript could not be built correctly');
  }
  report(0.6);
  // Stored first, then the intermediate results go, then the status moves to done. A media whose
  // transcript is already a collaborative document (a re-transcription) changes through it: open
  // editors follow, and a snapshot keeps the previous text.
  const [current] = await ctx.db
    .select({ status: conversations.status })
    .from(conversations)
    .where(and(eq(conversations.id, row.id), eq(conversations.status, 'postprocessing')));
  if (current) await ctx.documents.rewrite(row.id, transcript, null);
  await deleteKeys(ctx, workKeys(row.id, row.files.originals.length));
  report(0.9);
  return { transcript };
}

export const finalizeStep: StepDefinition = {
  step: 'postprocessing',
  run,
  outputs: () => [],
};

export function finalize(ctx: AppContext, payload: { conversationId: string }, delivery: JobDelivery): Promise<void> {
  return runStep(ctx, finalizeStep, payload.conversationId, delivery);
}
