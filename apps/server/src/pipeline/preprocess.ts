/**
 * Step 1 — preprocessing: probe every uploaded track (refusing unreadable or silent files), convert
 * each to the engines' 16 kHz mono WAV, make one web-playable rendition of all tracks mixed, and
 * compute the waveform peaks. A single original with a video track also gets its video: the
 * original itself, recorded at once, when browsers play it as it is; else a ≤720p H.264/AAC
 * rendition, asked of the `media.video` job (pipeline/video.ts) so that it never delays the transcript.
 * All the heavy work happens in ffmpeg/ffprobe child processes.
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import {
  convertToEnginePcm,
  fileArg,
  inputArgs,
  makeWebRendition,
  peaksFromMedia,
  peaksFromWavFile,
  playableVideoType,
  probeMedia,
  readHead,
  readWavInfo,
  runFfmpeg,
  VIDEO_HEAD_BYTES,
  withMediaInputs,
  type InputFile,
  type MediaInfo,
} from '@palabre/engines';
import type { AppContext } from '../context.ts';
import type { MediaFiles, VideoRenditionRequest } from '../db/schema.ts';
import type { JobDelivery } from '../jobs/registry.ts';
import { withLocalFiles } from '../storage/storage.ts';
import { derivedKeys, mediaKeys, putFile, withoutDerived, WEB_MIME_TYPE } from './files.ts';
import { checkTrack, ENGINE_PCM_BYTES_PER_SECOND, outputBounds, WEB_BYTES_PER_SECOND } from './limits.ts';
import { PipelineError, runStep, type StepContext, type StepDefinition } from './step.ts';

/**
 * Several tracks mixed into one AAC/MP4 rendition (the engines package converts one input only;
 * this is the local adapter for the multi-track case, same container and codec choices).
 */
export function mixToWebRenditionArgs(inputs: readonly InputFile[], output: string, bounds?: { maxDurationSeconds: number; maxOutputBytes: number }): string[] {
  const labels = inputs.map((_, i) => `[${i}:a:0]`).join('');
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    ...inputs.flatMap((input) => inputArgs(input)),
    '-filter_complex',
    `${labels}amix=inputs=${inputs.length}:duration=longest[mix]`,
    '-map',
    '[mix]',
    '-vn',
    '-ac',
    '2',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    ...(bounds ? ['-t', bounds.maxDurationSeconds.toFixed(3), '-fs', String(bounds.maxOutputBytes)] : []),
    '-progress',
    'pipe:3',
    '-nostats',
    fileArg(output),
  ];
}

/** How the single original's video reaches browsers: as it is, or through a rendition to make. */
type VideoPlan = { kind: 'none' } | { kind: 'original'; video: NonNullable<MediaFiles['video']> } | { kind: 'rendition'; streamIndex: number };

async function planVideo(originals: MediaFiles['originals'], inputs: ReadonlyArray<{ path: string; info: MediaInfo }>): Promise<VideoPlan> {
  const [only] = inputs;
  const video = only?.info.video;
  if (inputs.length !== 1 || !only || !video) return { kind: 'none' };
  const type = playableVideoType(only.info, await readHead(only.path, VIDEO_HEAD_BYTES));
  if (type) return { kind: 'original', video: { key: originals[0]!.key, mimeType: type, width: video.width, height: video.height } };
  return { kind: 'rendition', streamIndex: video.index };
}

async function run(ctx: AppContext, step: StepContext) {
  const originals = step.row.files.originals;
  if (originals.length === 0) throw new PipelineError('the media has no file');
  return withLocalFiles(
    ctx.storage,
    originals.map((o) => o.key),
    (files) => normaliseAudio(ctx, step, files),
  );
}

/** What normalising a media's audio needs: the media (its originals and channels), progress, a work folder. */
export type AudioWork = Pick<StepContext, 'report' | 'work' | 'signal'> & { row: Pick<StepContext['row'], 'id' | 'files' | 'channels'> };

/**
 * The step's work on local paths of the originals (`files`, in the originals' order): the engine
 * PCM, the web rendition and the peaks stored under the media's keys, and what the row records of
 * them. Media made without the pipeline (a saved live session) get their audio through it too.
 */
export async function normaliseAudio(ctx: AppContext, { row, report, work, signal }: AudioWork, files: string[]) {
  const originals = row.files.originals;
  // Sub-steps' shares of this step's progress.
  const probeShare = 0.05;

  const maxDuration = ctx.config.maxMediaDurationSeconds;
  const inputs: Array<{ path: string; info: MediaInfo; name: string; allowed: number }> = [];
  for (const [n, original] of originals.entries()) {
    const input = files[n]!;
    let info: MediaInfo;
    try {
      info = await probeMedia(input, { signal });
    } catch (error) {
      if (error instanceof Error) error.message = `${error.message} (file "${original.name}")`;
      throw error;
    }
    if (info.audioStreams.length === 0) throw new PipelineError(`the file "${original.name}" has no audio track`);
    const bytes = (await ctx.storage.stat(original.key))?.size ?? original.size;
    const allowed = checkTrack(info, bytes, original.name, maxDuration);
    inputs.push({ path: input, info, name: original.name, allowed });
    report((probeShare * (n + 1)) / originals.length);
  }
  const convertShare = 0.5;
  const webShare = 0.35;

  let duration = Math.max(0, ...inputs.map((i) => i.info.durationSeconds ?? 0));
  const pcm: string[] = [];
  for (const [n, input] of inputs.entries()) {
    const out = work.file(`channel-${n}.wav`);
    await convertToEnginePcm(input.path, out, {
      signal,
      audioStreamIndex: input.info.audioStreams[0]!.index,
      durationSeconds: input.info.durationSeconds,
      ...outputBounds(input.allowed, ENGINE_PCM_BYTES_PER_SECOND),
      onProgress: (f) => report(probeShare + (convertShare * (n + f)) / inputs.length),
    });
    const wav = await readWavInfo(out);
    if (wav.durationSeconds <= 0) throw new PipelineError(`the file "${input.name}" contains no audio samples`);
    // The conversion stopped at its bound: the track is longer than it may be (or than it said).
    if (wav.durationSeconds >= input.allowed - 0.05) {
      throw new PipelineError(`the file "${input.name}" is longer than its size or the maximum duration allows`);
    }
    duration = Math.max(duration, wav.durationSeconds);
    pcm.push(out);
  }

  const web = work.file('web.m4a');
  const webProgress = (f: number) => report(probeShare + convertShare + webShare * f);
  if (inputs.length === 1) {
    const [only] = inputs;
    await makeWebRendition(only!.path, web, {
      signal,
      audioStreamIndex: only!.info.audioStreams[0]!.index,
      sourceChannels: only!.info.audioStreams[0]!.channels,
      durationSeconds: only!.info.durationSeconds,
      ...outputBounds(only!.allowed, WEB_BYTES_PER_SECOND),
      onProgress: webProgress,
    });
  } else {
    await withMediaInputs(
      inputs.map((i) => i.path),
      (media) =>
        runFfmpeg(mixToWebRenditionArgs(media, web, outputBounds(duration, WEB_BYTES_PER_SECOND)), {
          signal,
          durationSeconds: duration,
          onProgress: webProgress,
          description: 'Mixing the tracks into the web-playable rendition',
        }),
    );
  }

  // One track: its engine PCM is already decoded; several: the mix is what the player shows.
  const peaks =
    inputs.length === 1
      ? await peaksFromWavFile(pcm[0]!, { signal })
      : await peaksFromMedia(web, { signal, durationSeconds: duration, ...outputBounds(duration, ENGINE_PCM_BYTES_PER_SECOND) });
  const peaksFile = work.file('peaks.json');
  await fsp.writeFile(peaksFile, JSON.stringify(peaks));
  report(0.97);

  // Everything is ready: only now do files appear under the media's keys.
  const pcmKeys: string[] = [];
  for (const [n, file] of pcm.entries()) {
    await putFile(ctx, mediaKeys.channel(row.id, n), file);
    pcmKeys.push(mediaKeys.channel(row.id, n));
  }
  const webStored = await putFile(ctx, mediaKeys.web(row.id), web);
  await putFile(ctx, mediaKeys.peaks(row.id), peaksFile);
  const videoPlan = await planVideo(originals, inputs);
  const video = videoPlan.kind === 'original' ? videoPlan.video : undefined;
  const videoRendition: VideoRenditionRequest | undefined =
    videoPlan.kind === 'rendition'
      ? {
          id: crypto.randomUUID(),
          videoStreamIndex: videoPlan.streamIndex,
          audioStreamIndex: inputs[0]!.info.audioStreams[0]!.index,
          durationSeconds: inputs[0]!.info.durationSeconds,
          allowedSeconds: inputs[0]!.allowed,
        }
      : undefined;

  const channels =
    row.channels.length === originals.length
      ? row.channels
      : originals.map((original, index) => ({ index, name: original.name.replace(/\.[^.]+$/, '') || `Channel ${index + 1}` }));
  return {
    duration: Math.round(duration * 1000) / 1000,
    channels,
    files: {
      // What an earlier run may have recorded goes: this run decides again.
      ...withoutDerived(row.files),
      pcm: pcmKeys,
      web: { key: mediaKeys.web(row.id), mimeType: WEB_MIME_TYPE, size: webStored.size },
      peaks: mediaKeys.peaks(row.id),
      ...(video ? { video } : {}),
      ...(videoRendition ? { videoRendition } : {}),
    },
  };
}

export const preprocessStep: StepDefinition = {
  step: 'preprocessing',
  run,
  outputs: (row) => derivedKeys(row.id, row.files.originals.length),
  // Stored with the step's end, so the job never finds the media without its request.
  completed: async (ctx, row, changes) => {
    if (changes.files?.videoRendition) await ctx.jobs.send('media.video', { conversationId: row.id });
  },
};

export function preprocess(ctx: AppContext, payload: { conversationId: string }, delivery: JobDelivery): Promise<void> {
  return runStep(ctx, preprocessStep, payload.conversationId, delivery);
}
