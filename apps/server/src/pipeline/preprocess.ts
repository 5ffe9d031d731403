/**
 * Step 1 — preprocessing: probe every uploaded track (refusing unreadable or silent files), convert
 * each to the engines' 16 kHz mono WAV, make one web-playable rendition of all tracks mixed, and
 * compute the waveform peaks. All the heavy work happens in ffmpeg/ffprobe child processes.
 */
import fsp from 'node:fs/promises';
import { convertToEnginePcm, fileArg, makeWebRendition, peaksFromMedia, peaksFromWavFile, probeMedia, readWavInfo, runFfmpeg, type MediaInfo } from '@palabre/engines';
import type { AppContext } from '../context.ts';
import type { JobDelivery } from '../jobs/registry.ts';
import { withLocalFiles } from '../storage/storage.ts';
import { derivedKeys, mediaKeys, putFile, WEB_MIME_TYPE } from './files.ts';
import { checkTrack, ENGINE_PCM_BYTES_PER_SECOND, outputBounds, WEB_BYTES_PER_SECOND } from './limits.ts';
import { PipelineError, runStep, type StepContext, type StepDefinition } from './step.ts';

/**
 * Several tracks mixed into one AAC/MP4 rendition (the engines package converts one input only;
 * this is the local adapter for the multi-track case, same container and codec choices).
 */
export function mixToWebRenditionArgs(inputs: readonly string[], output: string, bounds?: { maxDurationSeconds: number; maxOutputBytes: number }): string[] {
  const labels = inputs.map((_, i) => `[${i}:a:0]`).join('');
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    ...inputs.flatMap((input) => ['-i', fileArg(input)]),
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

async function run(ctx: AppContext, step: StepContext) {
  const originals = step.row.files.originals;
  if (originals.length === 0) throw new PipelineError('the media has no file');
  return withLocalFiles(
    ctx.storage,
    originals.map((o) => o.key),
    (files) => convert(ctx, step, files),
  );
}

/** The step's work on local paths of the originals (`files`, in the originals' order). */
async function convert(ctx: AppContext, { row, report, work, signal }: StepContext, files: string[]) {
  const originals = row.files.originals;
  // Sub-steps' shares of this step's progress.
  const probeShare = 0.05;
  const convertShare = 0.5;
  const webShare = 0.35;

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
    await runFfmpeg(
      mixToWebRenditionArgs(
        inputs.map((i) => i.path),
        web,
        outputBounds(duration, WEB_BYTES_PER_SECOND),
      ),
      {
        signal,
        durationSeconds: duration,
        onProgress: webProgress,
        description: 'Mixing the tracks into the web-playable rendition',
      },
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

  const channels =
    row.channels.length === originals.length
      ? row.channels
      : originals.map((original, index) => ({ index, name: original.name.replace(/\.[^.]+$/, '') || `Channel ${index + 1}` }));
  return {
    duration: Math.round(duration * 1000) / 1000,
    channels,
    files: { ...row.files, pcm: pcmKeys, web: { key: mediaKeys.web(row.id), mimeType: WEB_MIME_TYPE, size: webStored.size }, peaks: mediaKeys.peaks(row.id) },
  };
}

export const preprocessStep: StepDefinition = {
  step: 'preprocessing',
  run,
  outputs: (row) => derivedKeys(row.id, row.files.originals.length),
};

export function preprocess(ctx: AppContext, payload: { conversationId: string }, delivery: JobDelivery): Promise<void> {
  return runStep(ctx, preprocessStep, payload.conversationId, delivery);
}
