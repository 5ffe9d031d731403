/**
 * One error type for everything in this package. Callers (jobs, API) branch on `code`; `message`
 * is written for a human reading the media's error log, and `detail` carries the tail of the
 * tool's own stderr when there is one.
 */
/** Failures that come from the media or the configuration, not from bad luck: retrying cannot fix them. */
export const PERMANENT_ENGINE_ERROR_CODES = [
  /** The file has no audio stream (e.g. an image or a silent video container). */
  'media_no_audio',
  /** ffprobe could not read the file (missing, corrupted, unknown format). */
  'media_unreadable',
  /** ffmpeg exited with an error while converting. */
  'media_conversion_failed',
  /** A WAV file is not the 16 kHz mono 16-bit PCM that engines and peaks expect. */
  'media_wrong_format',
  /** A binary or model file is missing. */
  'engine_unavailable',
  /** The engine cannot transcribe the requested language. */
  'language_unsupported',
] as const;
export const ENGINE_ERROR_CODES = [
  ...PERMANENT_ENGINE_ERROR_CODES,
  /** The engine process failed. */
  'engine_failed',
  /** The caller's AbortSignal fired. */
  'aborted',
  /** The process ran longer than its time limit. */
  'timeout',
] as const;
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly detail: string | undefined;

  constructor(code: EngineErrorCode, message: string, options?: { detail?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'EngineError';
    this.code = code;
    this.detail = options?.detail;
  }
}

export function isEngineError(error: unknown, code?: EngineErrorCode): error is EngineError {
  return error instanceof EngineError && (code === undefined || error.code === code);
}

/** A failed request to a remote engine; `retryable` when trying again may succeed (5xx, 429, timeout, network). */
export class EngineRequestError extends EngineError {
  readonly retryable: boolean;

  constructor(code: EngineErrorCode, message: string, options: { retryable: boolean; detail?: string; cause?: unknown }) {
    super(code, message, options);
    this.name = 'EngineRequestError';
    this.retryable = options.retryable;
  }
}
