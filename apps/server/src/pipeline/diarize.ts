/**
 * Step 3 — diarization: who speaks when.
 *
 * What exists: one speaker per uploaded track when there are several tracks (`trackDiarizer`).
 * What does not exist yet: speaker segmentation and clustering of a single track. Until a
 * clustering module lands in packages/engines, a single track gets one speaker, "Speaker 1"
 * (`singleSpeakerDiarizer`), whatever number of speakers was requested. `Diarizer` is the seam
 * the clustering implementation plugs into (see `chooseDiarizer`).
 */
import type { EngineWord, TranscriptLanguage } from '@palabre/engines';
import type { Speaker } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { JobDelivery } from '../jobs/registry.ts';
import { mediaKeys, putJson, readJson, workKeys } from './files.ts';
import { PipelineError, runStep, type StepContext, type StepDefinition } from './step.ts';
import type { AsrResult } from './transcribe.ts';

export interface DiarizationInput {
  channels: Array<{ index: number; name: string; segments: AsrResult['channels'][number]['segments']; wavPath?: string }>;
  /** Requested number of speakers; null lets the diarizer decide. */
  numberOfSpeakers: number | null;
}

export interface DiarizedTurn {
  speaker_id: string;
  stime: number;
  etime: number;
  words: EngineWord[];
}

export interface DiarizationResult {
  speakers: Speaker[];
  turns: DiarizedTurn[];
}

export interface Diarizer {
  readonly name: string;
  diarize(input: DiarizationInput): Promise<DiarizationResult>;
}

/** Stored between diarization and punctuation. */
export interface DiarizedDocument extends DiarizationResult {
  language: TranscriptLanguage;
}

function byTime(a: DiarizedTurn, b: DiarizedTurn): number {
  return a.stime - b.stime || a.etime - b.etime;
}

function turnsOf(segments: DiarizationInput['channels'][number]['segments'], speaker_id: string): DiarizedTurn[] {
  return segments.filter((s) => s.words.length > 0).map((s) => ({ speaker_id, stime: s.stime, etime: s.etime, words: s.words }));
}

/** Several tracks: each track is one speaker, named after its channel. */
export const trackDiarizer: Diarizer = {
  name: 'tracks',
  async diarize(input) {
    const speakers = input.channels.map((c) => ({ speaker_id: `spk${c.index + 1}`, speaker_name: c.name }));
    const turns = input.channels.flatMap((c) => turnsOf(c.segments, `spk${c.index + 1}`)).sort(byTime);
    return { speakers, turns };
  },
};

/** One track and no clustering available yet: everything is said by "Speaker 1". */
export const singleSpeakerDiarizer: Diarizer = {
  name: 'single-speaker',
  async diarize(input) {
    const speakers = [{ speaker_id: 'spk1', speaker_name: 'Speaker 1' }];
    const turns = input.channels.flatMap((c) => turnsOf(c.segments, 'spk1')).sort(byTime);
    return { speakers, turns };
  },
};

export function chooseDiarizer(channelCount: number): Diarizer {
  return channelCount > 1 ? trackDiarizer : singleSpeakerDiarizer;
}

async function run(ctx: AppContext, { row, report, work }: StepContext) {
  const asr = await readJson<AsrResult>(ctx, mediaKeys.work(row.id, 'asr'));
  if (!asr) throw new PipelineError('the transcription result is missing');
  const names = new Map(row.channels.map((c) => [c.index, c.name]));
  const input: DiarizationInput = {
    channels: asr.channels.map((c) => ({ index: c.channel, name: names.get(c.channel) ?? `Channel ${c.channel + 1}`, segments: c.segments })),
    numberOfSpeakers: row.transcriptionConfig.diarization?.numberOfSpeakers ?? null,
  };
  const result = await chooseDiarizer(input.channels.length).diarize(input);
  report(0.9);
  const document: DiarizedDocument = { language: asr.language, ...result };
  await putJson(ctx, mediaKeys.work(row.id, 'diarized'), document, work);
}

export const diarizeStep: StepDefinition = {
  step: 'diarization',
  run,
  outputs: (row) => workKeys(row.id, row.files.originals.length),
};

export function diarize(ctx: AppContext, payload: { conversationId: string }, delivery: JobDelivery): Promise<void> {
  return runStep(ctx, diarizeStep, payload.conversationId, delivery);
}
