/**
 * Step 3 — diarization: who speaks when.
 *
 * One speaker per uploaded track when there are several tracks (`trackDiarizer`). A single track
 * with diarization enabled goes through the built-in speaker segmentation and clustering of
 * packages/engines (`clusteringDiarizer`: `diarizeWavFile` honouring the requested number of
 * speakers, then `assignWordsToSpeakers`); with diarization disabled, or without the track's WAV,
 * everything is said by "Speaker 1" (`singleSpeakerDiarizer`). See `chooseDiarizer`.
 */
import { assignWordsToSpeakers, diarizeWavFile, type EngineWord, type TranscriptLanguage } from '@palabre/engines';
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

/** The name of a speaker no one named: "Speaker 1", "Speaker 2"… (`n` from 1). */
export const numberedSpeaker = (n: number) => `Speaker ${n}`;

/** One track and no clustering available yet: everything is said by "Speaker 1". */
export const singleSpeakerDiarizer: Diarizer = {
  name: 'single-speaker',
  async diarize(input) {
    const speakers = [{ speaker_id: 'spk1', speaker_name: numberedSpeaker(1) }];
    const turns = input.channels.flatMap((c) => turnsOf(c.segments, 'spk1')).sort(byTime);
    return { speakers, turns };
  },
};

/** One track: speakers found by segmentation and clustering of its audio, words split by overlap. */
export const clusteringDiarizer: Diarizer = {
  name: 'clustering',
  async diarize(input) {
    const channel = input.channels[0];
    if (input.channels.length !== 1 || !channel?.wavPath) return singleSpeakerDiarizer.diarize(input);
    const segments = await diarizeWavFile(channel.wavPath, { numberOfSpeakers: input.numberOfSpeakers ?? undefined });
    // Speakers S1, S2… become spk1, spk2… in order of first appearance among the words.
    const ids = new Map<string, string>();
    const turns: DiarizedTurn[] = [];
    for (const segment of channel.segments) {
      for (const turn of assignWordsToSpeakers(segment.words, segments)) {
        if (!ids.has(turn.speaker)) ids.set(turn.speaker, `spk${ids.size + 1}`);
        turns.push({ speaker_id: ids.get(turn.speaker)!, stime: turn.stime, etime: turn.etime, words: turn.words });
      }
    }
    if (ids.size === 0) ids.set('S1', 'spk1');
    const speakers = [...ids.values()].map((speaker_id, i) => ({ speaker_id, speaker_name: numberedSpeaker(i + 1) }));
    return { speakers, turns: turns.sort(byTime) };
  },
};

export function chooseDiarizer(channelCount: number, enabled = true): Diarizer {
  if (channelCount > 1) return trackDiarizer;
  return enabled ? clusteringDiarizer : singleSpeakerDiarizer;
}

async function run(ctx: AppContext, { row, report, work }: StepContext) {
  const asr = await readJson<AsrResult>(ctx, mediaKeys.work(row.id, 'asr'));
  if (!asr) throw new PipelineError('the transcription result is missing');
  const names = new Map(row.channels.map((c) => [c.index, c.name]));
  const enabled = row.transcriptionConfig.diarization?.enabled ?? true;
  const pcm = row.files.pcm ?? [];
  const diarizeWith = (wavPath: string | undefined) => {
    const input: DiarizationInput = {
      channels: asr.channels.map((c) => ({
        index: c.channel,
        name: names.get(c.channel) ?? `Channel ${c.channel + 1}`,
        segments: c.segments,
        ...(wavPath ? { wavPath } : {}),
      })),
      numberOfSpeakers: row.transcriptionConfig.diarization?.numberOfSpeakers ?? null,
    };
    return chooseDiarizer(input.channels.length, enabled).diarize(input);
  };
  // Clustering one track reads its audio; speakers per track need only the words.
  const clusterTrack = enabled && asr.channels.length === 1 ? pcm[0] : undefined;
  const result = clusterTrack ? await ctx.storage.withLocalFile(clusterTrack, diarizeWith) : await diarizeWith(undefined);
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
