/**
 * Step 4 — number normalization ("twenty five" → "25") when the media's settings ask for it, and
 * punctuation when set to 'automatic', with the engines package's text functions. The words as
 * the engine heard them are kept as each turn's `raw_segment`.
 */
import { punctuateWords, spokenNumbersToDigits, type EngineWord } from '@palabre/engines';
import { DEFAULT_TRANSCRIPTION_CONFIG, joinWords } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { JobDelivery } from '../jobs/registry.ts';
import type { DiarizedDocument, DiarizedTurn } from './diarize.ts';
import { mediaKeys, putJson, readJson, workKeys } from './files.ts';
import { PipelineError, runStep, type StepContext, type StepDefinition } from './step.ts';

export interface PunctuatedDocument extends DiarizedDocument {
  turns: Array<DiarizedTurn & { raw_segment: string }>;
}

async function run(ctx: AppContext, { row, report, work }: StepContext) {
  const diarized = await readJson<DiarizedDocument>(ctx, mediaKeys.work(row.id, 'diarized'));
  if (!diarized) throw new PipelineError('the diarization result is missing');
  const config = { ...DEFAULT_TRANSCRIPTION_CONFIG, ...row.transcriptionConfig };
  const language = diarized.language;
  const turns = diarized.turns.map((turn, i) => {
    let words: EngineWord[] = turn.words;
    const raw_segment = joinWords(words.map((w) => w.word));
    if (config.normalization) words = spokenNumbersToDigits(words, language);
    if (config.punctuation === 'automatic') words = punctuateWords(words, language);
    if (i % 50 === 0) report(i / diarized.turns.length);
    return { ...turn, words, raw_segment };
  });
  const document: PunctuatedDocument = { ...diarized, turns };
  await putJson(ctx, mediaKeys.work(row.id, 'punctuated'), document, work);
}

export const punctuateStep: StepDefinition = {
  step: 'punctuation',
  run,
  outputs: (row) => workKeys(row.id, row.files.originals.length),
};

export function punctuate(ctx: AppContext, payload: { conversationId: string }, delivery: JobDelivery): Promise<void> {
  return runStep(ctx, punctuateStep, payload.conversationId, delivery);
}
