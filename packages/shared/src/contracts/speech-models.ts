/** The speech models of the server, as the backoffice shows them (docs/PRODUCT.md, Backoffice). */
import { z } from 'zod';

/** Where the download of the default whisper model stands. */
export const MODEL_DOWNLOAD_STATES = ['downloading', 'ready', 'failed'] as const;

/**
 * Why the download failed, in words an administrator can act on: the host could not be reached
 * (an offline machine), the outbound-address policy refused it, the host answered with an error,
 * the transfer broke off, or the file was not the expected one.
 */
export const MODEL_DOWNLOAD_FAILURES = ['unreachable', 'address_not_allowed', 'http_error', 'interrupted', 'checksum_mismatch', 'failed'] as const;
export type ModelDownloadFailure = (typeof MODEL_DOWNLOAD_FAILURES)[number];

export const zModelDownload = z.object({
  /** Catalogue name of the model (PALABRE_DEFAULT_MODEL). */
  model: z.string(),
  state: z.enum(MODEL_DOWNLOAD_STATES),
  /** 0–100 while downloading; null when the size is unknown. */
  percent: z.number().min(0).max(100).nullable(),
  reason: z.enum(MODEL_DOWNLOAD_FAILURES).nullable(),
});
export type ModelDownload = z.infer<typeof zModelDownload>;

/** GET /administration/speech_models */
export const zSpeechModels = z.object({
  /** The default model's download started by this server; null when none was needed or it is disabled. */
  download: zModelDownload.nullable(),
  /** Whisper models present in the models folder. */
  installed: z.array(z.object({ model: z.string(), bytes: z.number().int().min(0) })),
});
export type SpeechModels = z.infer<typeof zSpeechModels>;
