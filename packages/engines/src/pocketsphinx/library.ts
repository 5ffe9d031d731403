/**
 * Bindings to Debian's `libpocketsphinx.so.3` (PocketSphinx 5prealpha) through koffi. Loaded only
 * inside the decoder's child process: a fault in native code there cannot reach the server.
 *
 * Only the calls the live loop needs are declared; their C signatures are those of
 * `pocketsphinx.h`, `sphinxbase/cmd_ln.h` and `sphinxbase/logmath.h`.
 */
import koffi from 'koffi';

import { POCKETSPHINX_LIBRARY } from './names.ts';

export interface SphinxLibrary {
  /** `cmd_ln_init(NULL, ps_args(), TRUE, key, value, …, NULL)` with string pairs. */
  configure(options: Record<string, string>): unknown;
  ps_init(config: unknown): unknown;
  cmd_ln_free_r(config: unknown): number;
  ps_free(decoder: unknown): number;
  ps_start_utt(decoder: unknown): number;
  ps_end_utt(decoder: unknown): number;
  ps_process_raw(decoder: unknown, samples: Int16Array, count: number, noSearch: number, fullUtt: number): number;
  ps_get_in_speech(decoder: unknown): number;
  ps_get_hyp(decoder: unknown, score: null): string | null;
  ps_seg_iter(decoder: unknown): unknown;
  ps_seg_next(segment: unknown): unknown;
  ps_seg_word(segment: unknown): string;
  ps_seg_frames(segment: unknown, start: number[], end: number[]): void;
  ps_seg_prob(segment: unknown, acoustic: null, language: null, backoff: null): number;
  ps_seg_free(segment: unknown): void;
  ps_get_logmath(decoder: unknown): unknown;
  logmath_exp(logmath: unknown, value: number): number;
}

/** Loads the library; throws when it or one of its symbols is missing. */
export function loadSphinxLibrary(file = POCKETSPHINX_LIBRARY): SphinxLibrary {
  const lib = koffi.load(file);
  koffi.opaque('cmd_ln_t');
  koffi.opaque('arg_t');
  koffi.opaque('ps_decoder_t');
  koffi.opaque('ps_seg_t');
  koffi.opaque('logmath_t');
  const psArgs = lib.func('const arg_t *ps_args(void)');
  const cmdLnInit = lib.func('cmd_ln_t *cmd_ln_init(cmd_ln_t *inout, const arg_t *defn, int strict, ...)');
  const bound = {
    ps_init: lib.func('ps_decoder_t *ps_init(cmd_ln_t *config)'),
    cmd_ln_free_r: lib.func('int cmd_ln_free_r(cmd_ln_t *config)'),
    ps_free: lib.func('int ps_free(ps_decoder_t *ps)'),
    ps_start_utt: lib.func('int ps_start_utt(ps_decoder_t *ps)'),
    ps_end_utt: lib.func('int ps_end_utt(ps_decoder_t *ps)'),
    ps_process_raw: lib.func('int ps_process_raw(ps_decoder_t *ps, const int16_t *data, size_t n_samples, int no_search, int full_utt)'),
    ps_get_in_speech: lib.func('uint8_t ps_get_in_speech(ps_decoder_t *ps)'),
    ps_get_hyp: lib.func('const char *ps_get_hyp(ps_decoder_t *ps, int32_t *out_best_score)'),
    ps_seg_iter: lib.func('ps_seg_t *ps_seg_iter(ps_decoder_t *ps)'),
    ps_seg_next: lib.func('ps_seg_t *ps_seg_next(ps_seg_t *seg)'),
    ps_seg_word: lib.func('const char *ps_seg_word(ps_seg_t *seg)'),
    ps_seg_frames: lib.func('void ps_seg_frames(ps_seg_t *seg, _Out_ int *out_sf, _Out_ int *out_ef)'),
    ps_seg_prob: lib.func('int32_t ps_seg_prob(ps_seg_t *seg, int32_t *out_ascr, int32_t *out_lscr, int32_t *out_lback)'),
    ps_seg_free: lib.func('void ps_seg_free(ps_seg_t *seg)'),
    ps_get_logmath: lib.func('logmath_t *ps_get_logmath(ps_decoder_t *ps)'),
    logmath_exp: lib.func('double logmath_exp(logmath_t *lmath, int logb_p)'),
  };
  return {
    ...(bound as unknown as Omit<SphinxLibrary, 'configure'>),
    configure(options) {
      // Variadic: each extra argument is given as (type, value); the list ends with a null string.
      const pairs = Object.entries(options).flatMap(([key, value]) => ['str', key, 'str', value]);
      return cmdLnInit(null, psArgs(), 1, ...pairs, 'str', null);
    },
  };
}
