/**
 * Step 2 — transcription: each channel's 16 kHz WAV through the engine of the resolved transcriber
 * profile. Each channel's result is checkpointed, so a step cut short resumes at the next channel.
 */
import path from 'node:path';
import type { EngineSegment, RequestedLanguage, TranscriptLanguage } from '@palabre/engines';
import type { AppContext } from '../context.ts';
import type { JobDelivery } from '../jobs/registry.ts';
import { createEngine, resolveTranscriberProfile } from './engines.ts';
import { profileFetch } from '../transcriber-profiles/endpoint.ts';
import { mediaKeys, putJson, readJson, workKeys } from './files.ts';
import { PipelineError, runStep, type StepContext, type StepDefinition } from './step.ts';

export interface ChannelTranscription {
  channel: number;
  language: TranscriptLanguage;
  segments: EngineSegment[];
}

/** Stored between transcription and diarization. */
export interface AsrResult {
  engine: string;
  language: TranscriptLanguage;
  channels: ChannelTranscription[];
}

async function run(ctx: AppContext, { row, report, work, signal }: StepContext) {
  const pcm = row.files.pcm ?? [];
  if (pcm.length === 0) throw new PipelineError('the media was not converted for the engines');
  const profile = await resolveTranscriberProfile(ctx, row);
  // Calls to a profile's endpoint obey the outbound-address policy.
  const engine = createEngine(profile, { modelsDir: path.join(ctx.config.dataDir, 'models'), ...(profile ? { fetch: profileFetch(ctx.config, profile) } : {}) });
  const language = row.requestedLanguage as RequestedLanguage;
  const available = await engine.availability({ language });
  if (!available.ok) throw new PipelineError(`engine not available: ${available.reason}`);

  const channels: ChannelTranscription[] = [];
  for (const [n, key] of pcm.entries()) {
    const checkpoint = mediaKeys.work(row.id, `asr-channel-${n}`);
    const done = await readJson<ChannelTranscription>(ctx, checkpoint);
    if (done) {
      channels.push(done);
      report((n + 1) / pcm.length);
      continue;
    }
    const result = await ctx.storage.withLocalFile(key, (wavPath) => engine.transcribe({ wavPath, language, signal, onProgress: (f) => report((n + f) / pcm.length) }));
    const channel: ChannelTranscription = { channel: n, language: result.language, segments: result.segments };
    await putJson(ctx, checkpoint, channel, work);
    channels.push(channel);
  }
  const asr: AsrResult = { engine: engine.id, language: channels[0]?.language ?? 'en', channels };
  await putJson(ctx, mediaKeys.work(row.id, 'asr'), asr, work);
  return { language: asr.language };
}

export const transcribeStep: StepDefinition = {
  step: 'transcription',
  run,
  outputs: (row) => workKeys(row.id, row.files.originals.length),
};

export function transcribe(ctx: AppContext, payload: { conversationId: string }, delivery: JobDelivery): Promise<void> {
  return runStep(ctx, transcribeStep, payload.conversationId, delivery);
}
