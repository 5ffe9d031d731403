/**
 * The default speech model: on first start, when no whisper model is in the models folder and
 * PALABRE_DEFAULT_MODEL is not `none`, the process running the workers downloads it in the
 * background with the checksum-verified `pullModel`, every request going through the
 * outbound-address policy, then makes a whisper profile for it the default (transcriber-profiles/seed.ts).
 *
 * A failure (an offline machine) is said once in the log and shown in the backoffice; PocketSphinx
 * stays the default. Nothing retries on its own: the next start tries again, or an administrator asks
 * for it from the backoffice. The state lives in the process that downloads; another process (split
 * roles) shows only what the models folder holds.
 */
import { MODEL_CATALOGUE, ModelError, findCatalogueModel, listModels, loadWhisperBinding, pullModel, type CatalogueModel, type PullProgress } from '@palabre/engines';
import type { ModelDownload, ModelDownloadFailure, SpeechModels } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { downloadFetch } from '../net/download.ts';
import { OutboundRefused, OutboundUnresolved, outboundPolicy } from '../net/outbound.ts';
import { adoptWhisperModel } from '../transcriber-profiles/seed.ts';
import { modelsDirOf } from './cli.ts';

interface Downloader {
  state: ModelDownload;
  catalogue: readonly CatalogueModel[];
  running: Promise<void> | null;
  abort: AbortController | null;
}

/** One downloader per running server (tests run several servers in one process). */
const downloaders = new WeakMap<AppContext, Downloader>();

/** What went wrong, told from where it happened rather than from a message's wording. */
class DownloadStage {
  answered = false;
  refused = false;
  httpStatus: number | null = null;
}

function failureOf(error: unknown, stage: DownloadStage): ModelDownloadFailure {
  if (error instanceof ModelError && error.code === 'checksum_mismatch') return 'checksum_mismatch';
  if (stage.refused) return 'address_not_allowed';
  if (stage.httpStatus !== null) return 'http_error';
  if (stage.answered) return 'interrupted';
  if (error instanceof ModelError && error.code === 'download_failed') return 'unreachable';
  return 'failed';
}

/** A fetch through the outbound policy that notes how far each request got. */
function observedFetch(ctx: AppContext, stage: DownloadStage): typeof globalThis.fetch {
  const fetch = downloadFetch(outboundPolicy(ctx.config));
  return async (input, init) => {
    try {
      const response = await fetch(input, init);
      stage.answered = true;
      if (!response.ok) stage.httpStatus = response.status;
      return response;
    } catch (error) {
      if (error instanceof OutboundRefused && !(error instanceof OutboundUnresolved)) stage.refused = true;
      throw error;
    }
  };
}

async function installedWhisperModels(ctx: AppContext, catalogue: readonly CatalogueModel[]) {
  const models = await listModels(modelsDirOf(ctx.config.dataDir), catalogue);
  return models.filter((info) => info.installed && info.model.kind === 'whisper');
}

function download(ctx: AppContext, downloader: Downloader, model: CatalogueModel): void {
  const abort = new AbortController();
  const stage = new DownloadStage();
  downloader.abort = abort;
  downloader.state = { model: model.name, state: 'downloading', percent: 0, reason: null };
  const onProgress = ({ receivedBytes, totalBytes }: PullProgress) => {
    downloader.state.percent = totalBytes ? Math.min(99, Math.floor((receivedBytes / totalBytes) * 100)) : null;
  };
  ctx.log.info({ model: model.name }, `downloading the speech model ${model.name} in the background`);
  downloader.running = pullModel(model.name, modelsDirOf(ctx.config.dataDir), {
    catalogue: downloader.catalogue,
    baseUrl: ctx.config.modelsBaseUrl,
    fetch: observedFetch(ctx, stage),
    signal: abort.signal,
    onProgress,
  })
    .then(async () => {
      const isDefault = await adoptWhisperModel(ctx, model);
      downloader.state = { model: model.name, state: 'ready', percent: 100, reason: null };
      ctx.log.info({ model: model.name, isDefault }, `speech model ${model.name} installed${isDefault ? ': whisper is now the default transcriber profile' : ''}`);
    })
    .catch((error: unknown) => {
      if (abort.signal.aborted) return; // the server is closing: the next start tries again
      const reason = failureOf(error, stage);
      downloader.state = { model: model.name, state: 'failed', percent: null, reason };
      // One line, no stack: the reason is enough to act on, and PocketSphinx keeps working.
      const detail = error instanceof Error ? error.message : String(error);
      ctx.log.warn({ model: model.name, reason }, `speech model ${model.name} could not be downloaded (${detail}); PocketSphinx stays the default`);
    })
    .finally(() => {
      downloader.running = null;
      downloader.abort = null;
    });
}

/**
 * At start of the process running the workers: downloads the default model in the background when
 * no whisper model is installed. Returns a stop function that cancels a download under way.
 */
export async function startDefaultModel(ctx: AppContext, options: { catalogue?: readonly CatalogueModel[] } = {}): Promise<() => Promise<void>> {
  const name = ctx.config.defaultModel;
  const catalogue = options.catalogue ?? MODEL_CATALOGUE;
  const model = name === null ? undefined : findCatalogueModel(name, catalogue);
  if (!model || model.kind !== 'whisper') return async () => undefined;
  if ((await installedWhisperModels(ctx, catalogue)).length > 0) return async () => undefined;
  // Where whisper.cpp cannot run, the model would be downloaded for nothing and a whisper default would fail.
  const binding = await loadWhisperBinding();
  if ('error' in binding) {
    ctx.log.warn({ model: model.name }, `whisper cannot run on this machine (${binding.error}): the speech model ${model.name} is not downloaded; PocketSphinx stays the default`);
    return async () => undefined;
  }
  const downloader: Downloader = { state: { model: model.name, state: 'downloading', percent: 0, reason: null }, catalogue, running: null, abort: null };
  downloaders.set(ctx, downloader);
  download(ctx, downloader, model);
  return async () => {
    downloader.abort?.abort();
    await downloader.running;
  };
}

/** Downloads the default model again after a failure (nothing to do otherwise). */
export function retryDefaultModel(ctx: AppContext): void {
  const downloader = downloaders.get(ctx);
  if (!downloader || downloader.state.state !== 'failed') return;
  const model = findCatalogueModel(downloader.state.model, downloader.catalogue);
  if (model) download(ctx, downloader, model);
}

export async function speechModels(ctx: AppContext): Promise<SpeechModels> {
  const downloader = downloaders.get(ctx);
  const installed = await installedWhisperModels(ctx, downloader?.catalogue ?? MODEL_CATALOGUE);
  return {
    download: downloader ? { ...downloader.state } : null,
    installed: installed.map((info) => ({ model: info.model.name, bytes: info.bytes ?? 0 })),
  };
}
