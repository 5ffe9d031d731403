/**
 * Downloading catalogue models into the models folder (`<PALABRE_DATA_DIR>/models`).
 *
 * The body is streamed to `<file>.part` while its SHA-256 is computed on the fly; only when the whole
 * body has arrived and the digest matches the catalogue is the part file renamed to its final name (an
 * atomic rename in the same folder), so the models folder never holds a truncated or corrupted model
 * under its real name. A checksum mismatch, an HTTP error, a dropped connection or an abort deletes the
 * part file. A model without a sourced checksum is refused unless `allowUnverified` is set.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { canAccess } from '../access.ts';
import { DEFAULT_MODEL_HOST, MODEL_CATALOGUE, findCatalogueModel, modelDownloadUrl, type CatalogueModel } from './catalogue.ts';

export type ModelErrorCode = 'unknown_model' | 'unverified' | 'download_failed' | 'checksum_mismatch' | 'aborted';

export class ModelError extends Error {
  readonly code: ModelErrorCode;
  constructor(code: ModelErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ModelError';
    this.code = code;
  }
}

export interface PullProgress {
  receivedBytes: number;
  /** From Content-Length, else the catalogue's approximate size. */
  totalBytes: number | null;
}

export interface PullOptions {
  /** Defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** Download host (default https://huggingface.co); tests point it at a local server. */
  baseUrl?: string;
  onProgress?: (progress: PullProgress) => void;
  /** Install a model whose catalogue entry has no checksum. */
  allowUnverified?: boolean;
  /** Download again even when the file is already there. */
  force?: boolean;
  signal?: AbortSignal;
  catalogue?: readonly CatalogueModel[];
}

export interface PullResult {
  model: CatalogueModel;
  path: string;
  /** False when the file was already installed and nothing was downloaded. */
  downloaded: boolean;
  bytes: number;
  sha256: string | null;
  verified: boolean;
}

export function modelPath(model: CatalogueModel, modelsDir: string): string {
  return path.join(modelsDir, model.fileName);
}

export async function pullModel(name: string, modelsDir: string, options: PullOptions = {}): Promise<PullResult> {
  const catalogue = options.catalogue ?? MODEL_CATALOGUE;
  const model = findCatalogueModel(name, catalogue);
  if (!model) {
    throw new ModelError('unknown_model', `Unknown model "${name}". Known models: ${catalogue.map((m) => m.name).join(', ')}`);
  }
  if (model.sha256 === null && !options.allowUnverified) {
    throw new ModelError('unverified', `No checksum is known for "${model.name}", so its download cannot be verified; pass --allow-unverified to install it anyway`);
  }
  const target = modelPath(model, modelsDir);
  if (!options.force && (await canAccess(target))) {
    return { model, path: target, downloaded: false, bytes: (await stat(target)).size, sha256: model.sha256, verified: false };
  }
  await mkdir(modelsDir, { recursive: true });

  const url = modelDownloadUrl(model, options.baseUrl ?? DEFAULT_MODEL_HOST);
  const part = `${target}.part`;
  const doFetch = options.fetch ?? globalThis.fetch;
  const hash = createHash('sha256');
  let received = 0;
  try {
    let response: Response;
    try {
      response = await doFetch(url, { redirect: 'follow', ...(options.signal ? { signal: options.signal } : {}) });
    } catch (error) {
      throw new ModelError('download_failed', `Could not reach ${url}: ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new ModelError('download_failed', `Download of ${model.fileName} failed: HTTP ${response.status} from ${url}`);
    }
    const declared = Number(response.headers.get('content-length'));
    const totalBytes = Number.isFinite(declared) && declared > 0 ? declared : model.approxBytes || null;
    options.onProgress?.({ receivedBytes: 0, totalBytes });
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        received += chunk.length;
        options.onProgress?.({ receivedBytes: received, totalBytes });
        callback(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), meter, createWriteStream(part, { flags: 'w' }));
    } catch (error) {
      throw new ModelError('download_failed', `Download of ${model.fileName} was interrupted after ${received} bytes: ${(error as Error).message}`, { cause: error });
    }
    if (Number.isFinite(declared) && declared > 0 && received !== declared) {
      throw new ModelError('download_failed', `Download of ${model.fileName} was interrupted: ${received} of ${declared} bytes received`);
    }
    const digest = hash.digest('hex');
    if (model.sha256 !== null && digest !== model.sha256) {
      throw new ModelError('checksum_mismatch', `Checksum mismatch for ${model.fileName}: expected SHA-256 ${model.sha256}, got ${digest}; the file was not installed`);
    }
    await rename(part, target);
    return { model, path: target, downloaded: true, bytes: received, sha256: digest, verified: model.sha256 !== null };
  } catch (error) {
    await rm(part, { force: true });
    if (options.signal?.aborted) throw new ModelError('aborted', `Download of ${model.fileName} was cancelled`, { cause: error });
    throw error;
  }
}

export interface InstalledModelInfo {
  model: CatalogueModel;
  path: string;
  installed: boolean;
  bytes: number | null;
}

/** Every catalogue model with whether its file is in the models folder. */
export async function listModels(modelsDir: string, catalogue: readonly CatalogueModel[] = MODEL_CATALOGUE): Promise<InstalledModelInfo[]> {
  let present = new Set<string>();
  try {
    present = new Set(await readdir(modelsDir));
  } catch {
    // No models folder yet: nothing installed.
  }
  return Promise.all(
    catalogue.map(async (model) => {
      const file = modelPath(model, modelsDir);
      const installed = present.has(model.fileName);
      return { model, path: file, installed, bytes: installed ? (await stat(file)).size : null };
    }),
  );
}
