/** Model files and decoder options of the PocketSphinx engine (library and CLI alike). */
import type { SegmentationOptions } from '../asr/segments.ts';

export interface SphinxModel {
  /** Acoustic model folder (holds mdef, means, …). */
  hmm: string;
  /** Pronunciation dictionary. */
  dict: string;
  /** Language model (ARPA or binary). */
  lm: string;
}

/** Debian's `pocketsphinx-en-us` package: the only model PocketSphinx has here (English). */
export const POCKETSPHINX_DEBIAN_DEFAULTS = {
  binary: 'pocketsphinx_continuous',
  hmm: '/usr/share/pocketsphinx/model/en-us/en-us',
  dict: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
  lm: '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
} as const;

export const POCKETSPHINX_FRENCH_REASON = 'PocketSphinx here only has the English (en-us) model; choose a Whisper or OpenAI-compatible profile for French';

/**
 * Decoder options for `cmd_ln_init`: the model plus extra `-key value` pairs, with the library's log
 * silenced (it would otherwise write to the server's stderr).
 */
export function sphinxArgs(model: SphinxModel, extraArgs: readonly string[] = []): Record<string, string> {
  const args: Record<string, string> = { '-hmm': model.hmm, '-dict': model.dict, '-lm': model.lm, '-logfn': '/dev/null' };
  for (let i = 0; i + 1 < extraArgs.length; i += 2) args[extraArgs[i]!] = extraArgs[i + 1]!;
  return args;
}

export interface PocketSphinxConfig {
  /** Profile id; defaults to "pocketsphinx". */
  id?: string;
  /** The CLI used when the library cannot be loaded: program name (looked up on PATH) or path. */
  binary?: string;
  /**
   * The shared library (default `libpocketsphinx.so.3`, found by the system's loader); false
   * always uses the CLI.
   */
  library?: string | false;
  hmm?: string;
  dict?: string;
  lm?: string;
  /** Extra decoder options as `-key value` pairs, e.g. ['-beam', '1e-60']. */
  extraArgs?: readonly string[];
  /**
   * Samples per decoder call (default 1600: 100 ms, as for live audio). Where an utterance may end
   * depends on it; the command-line decoder uses 2048.
   */
  blockSamples?: number;
  segmentation?: SegmentationOptions;
  /** Stop the CLI after this long (default: 10 × the audio duration + 60 s). */
  timeoutMs?: number;
}
