/**
 * `palabre models list` and `palabre models pull <name> [--allow-unverified] [--force]`: the ggml model
 * files of the whisper engine (and the Silero VAD model), installed into <PALABRE_DATA_DIR>/models.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MODEL_CATALOGUE, ModelError, listModels, pullModel, type PullProgress } from '@palabre/engines';

export const MODELS_USAGE = `  models list                show the known models and which are installed
  models pull <name>         download a model into the models folder, verifying its SHA-256
      [--allow-unverified]   install a model whose checksum is not known
      [--force]              download again even if the file is there`;

/** Where models live: <PALABRE_DATA_DIR>/models. */
export function modelsDirOf(dataDir: string): string {
  return path.join(dataDir, 'models');
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(0)} kB`;
  return `${bytes} B`;
}

export interface ModelsCliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Progress line rewritten in place (a TTY); omitted → no progress output. */
  progress?: (text: string) => void;
}

const defaultIo: ModelsCliIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  ...(process.stderr.isTTY ? { progress: (text: string) => process.stderr.write(`\r${text}\u001b[K`) } : {}),
};

/** Runs `models …`; returns the exit status. */
export async function runModelsCommand(
  args: string[],
  dataDir: string,
  io: ModelsCliIo = defaultIo,
  options: { baseUrl?: string; fetch?: typeof globalThis.fetch } = {},
): Promise<number> {
  const [sub, ...rest] = args;
  const modelsDir = modelsDirOf(dataDir);
  if (sub === 'list') {
    const models = await listModels(modelsDir);
    io.out(`Models folder: ${modelsDir}`);
    const width = Math.max(...models.map((m) => m.model.name.length));
    for (const { model, installed, bytes } of models) {
      const state = installed ? `installed (${formatBytes(bytes ?? 0)})` : 'absent';
      const size = `${model.exactBytes ? '' : '~'}${formatBytes(model.approxBytes)}`;
      const verified = model.sha256 ? '' : ' [no checksum: needs --allow-unverified]';
      io.out(
        `  ${model.name.padEnd(width)}  ${state.padEnd(22)} ${size.padStart(9)}  ${model.kind === 'vad' ? 'VAD' : model.languages === 'en' ? 'English' : 'multilingual'}, ${model.description}${verified}`,
      );
    }
    return 0;
  }
  if (sub === 'pull') {
    let parsed;
    try {
      parsed = parseArgs({ args: rest, allowPositionals: true, options: { 'allow-unverified': { type: 'boolean' }, force: { type: 'boolean' } } });
    } catch (error) {
      io.err((error as Error).message);
      return 2;
    }
    const name = parsed.positionals[0];
    if (!name || parsed.positionals.length > 1) {
      io.err(`Usage: palabre models pull <name>   (known: ${MODEL_CATALOGUE.map((m) => m.name).join(', ')})`);
      return 2;
    }
    let lastPercent = -1;
    const onProgress = io.progress
      ? ({ receivedBytes, totalBytes }: PullProgress) => {
          const percent = totalBytes ? Math.min(100, Math.floor((receivedBytes / totalBytes) * 100)) : -1;
          if (percent === lastPercent) return;
          lastPercent = percent;
          io.progress!(`${name}: ${formatBytes(receivedBytes)}${totalBytes ? ` / ${formatBytes(totalBytes)} (${percent}%)` : ''}`);
        }
      : undefined;
    try {
      const result = await pullModel(name, modelsDir, {
        allowUnverified: parsed.values['allow-unverified'] ?? false,
        force: parsed.values.force ?? false,
        ...(onProgress ? { onProgress } : {}),
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      if (io.progress) io.progress('');
      if (!result.downloaded) io.out(`${result.model.name} is already installed: ${result.path} (use --force to download it again)`);
      else io.out(`${result.model.name} installed: ${result.path} (${formatBytes(result.bytes)}, SHA-256 ${result.verified ? 'verified' : `NOT verified: ${result.sha256}`})`);
      return 0;
    } catch (error) {
      if (io.progress) io.progress('');
      if (error instanceof ModelError) {
        io.err(error.message);
        return error.code === 'unknown_model' || error.code === 'unverified' ? 2 : 1;
      }
      throw error;
    }
  }
  io.err(`Usage: palabre models list | palabre models pull <name>\n\n${MODELS_USAGE}`);
  return 2;
}
