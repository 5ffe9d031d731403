/**
 * The PocketSphinx engine: offline English with word times and confidences, for whole files
 * (`transcribe`, the pipeline's default engine) and live audio (`openStream`). Both go through
 * the library decoder in a child process (`stream.ts`); a file whose decoder library cannot be
 * loaded falls back to the command-line decoder (`cli.ts`), fed the same samples.
 *
 * Files are decoded with the live loop in 100 ms blocks, as a stream would be: on jfk-en.wav that
 * gives 31.8 % WER where the CLI's 2048-sample blocks give 63.6 % (utterances end elsewhere, and the
 * first ones shape the cepstral mean the rest is normalized with).
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { isReadable } from '../access.ts';
import { segmentAtSilences } from '../asr/segments.ts';
import type { StreamOptions, StreamingEngine, TranscriptionStream } from '../asr/streaming.ts';
import type { EngineAvailability, EngineResult, EngineWord, RequestedLanguage, TranscribeInput, TranscriptionEngine } from '../asr/types.ts';
import { EngineError } from '../errors.ts';
import { assertEnginePcm, readWavInfo, type WavInfo } from '../media/wav.ts';
import { findOnPath } from '../path.ts';
import { decodeWithCli } from './cli.ts';
import { POCKETSPHINX_DEBIAN_DEFAULTS, POCKETSPHINX_FRENCH_REASON, sphinxArgs, type PocketSphinxConfig, type SphinxModel } from './config.ts';
import { POCKETSPHINX_LIBRARY } from './names.ts';
import { LIVE_BLOCK_SAMPLES, PocketSphinxStream, probeSphinxLibrary } from './stream.ts';

const READ_CHUNK_BYTES = 64 * 1024;

export type PocketSphinxEngine = TranscriptionEngine & StreamingEngine;

export function createPocketSphinxEngine(config: PocketSphinxConfig = {}): PocketSphinxEngine {
  const binary = config.binary ?? POCKETSPHINX_DEBIAN_DEFAULTS.binary;
  const model: SphinxModel = {
    hmm: config.hmm ?? POCKETSPHINX_DEBIAN_DEFAULTS.hmm,
    dict: config.dict ?? POCKETSPHINX_DEBIAN_DEFAULTS.dict,
    lm: config.lm ?? POCKETSPHINX_DEBIAN_DEFAULTS.lm,
  };
  const library = config.library === false ? null : (config.library ?? POCKETSPHINX_LIBRARY);
  const args = sphinxArgs(model, config.extraArgs);

  async function availability(options?: { language?: RequestedLanguage }): Promise<EngineAvailability> {
    if (options?.language === 'fr') return { ok: false, reason: POCKETSPHINX_FRENCH_REASON };
    if (!(await libraryLoads(library)) && !findOnPath(binary)) {
      return { ok: false, reason: `PocketSphinx is not installed: neither its library nor the program "${binary}" was found (Debian/Ubuntu: apt-get install pocketsphinx)` };
    }
    const modelFiles: Array<[string, string]> = [
      ['acoustic model', path.join(model.hmm, 'mdef')],
      ['dictionary', model.dict],
      ['language model', model.lm],
    ];
    for (const [what, file] of modelFiles) {
      if (!(await isReadable(file))) {
        return { ok: false, reason: `The PocketSphinx ${what} is missing: ${file} (Debian/Ubuntu: apt-get install pocketsphinx-en-us)` };
      }
    }
    return { ok: true };
  }

  function openStream(options: StreamOptions): TranscriptionStream {
    if (options.language === 'fr') throw new EngineError('language_unsupported', POCKETSPHINX_FRENCH_REASON);
    if (!library) throw new EngineError('engine_unavailable', 'Live PocketSphinx needs its library (libpocketsphinx.so.3)');
    return new PocketSphinxStream({ blockSamples: config.blockSamples ?? LIVE_BLOCK_SAMPLES, ...options, library, args });
  }

  async function transcribe(input: TranscribeInput): Promise<EngineResult> {
    if (input.language === 'fr') throw new EngineError('language_unsupported', POCKETSPHINX_FRENCH_REASON);
    const available = await availability({ language: input.language });
    if (!available.ok) throw new EngineError('engine_unavailable', available.reason);
    const wav = await readWavInfo(input.wavPath);
    assertEnginePcm(wav, input.wavPath);

    let words: EngineWord[] | null = library && (await libraryLoads(library)) ? await decodeWithLibrary(input, wav, library) : null;
    if (!words) words = await decodeFileWithCli(input, wav);
    input.onProgress?.(1);
    // The decoder gives words in time order; sorting guards the "times increase" invariant anyway.
    words.sort((a, b) => a.stime - b.stime);
    return { language: 'en', segments: segmentAtSilences(words, config.segmentation) };
  }

  async function decodeWithLibrary(input: TranscribeInput, wav: WavInfo, file: string): Promise<EngineWord[]> {
    const duration = wav.durationSeconds;
    const words: EngineWord[] = [];
    const stream = new PocketSphinxStream({ language: 'en', library: file, args, blockSamples: config.blockSamples ?? LIVE_BLOCK_SAMPLES, highWaterMark: 4 * READ_CHUNK_BYTES });
    stream.on('final', (final) => {
      for (const word of final.words) {
        const stime = Math.min(word.start, duration);
        words.push({ word: word.word, stime, etime: Math.min(Math.max(stime, word.end), duration), confidence: word.confidence });
      }
      // Progress moves at each utterance's end; 1 comes once the decoder is done.
      const last = final.words.at(-1);
      if (last && duration > 0) input.onProgress?.(Math.min(0.99, last.end / duration));
    });
    // Settles only when decoding cannot go on: waiting for 'drain' races with it.
    let stop: (error: Error) => void = () => {};
    const stopped = new Promise<never>((_, reject) => (stop = reject));
    stopped.catch(() => {});
    stream.on('error', stop);
    const onAbort = () => {
      stop(new EngineError('aborted', 'PocketSphinx transcription was cancelled'));
      void stream.abort();
    };
    input.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (wav.dataBytes > 0) {
        const samples = createReadStream(input.wavPath, { start: wav.dataOffset, end: wav.dataOffset + wav.dataBytes - 1, highWaterMark: READ_CHUNK_BYTES });
        try {
          for await (const chunk of samples) {
            if (input.signal?.aborted) break;
            if (!stream.write(chunk as Buffer)) await Promise.race([new Promise((resolve) => stream.once('drain', resolve)), stopped]);
          }
        } finally {
          samples.destroy();
        }
      }
      if (input.signal?.aborted) throw new EngineError('aborted', 'PocketSphinx transcription was cancelled');
      await stream.end();
      return words;
    } catch (error) {
      await stream.abort();
      if (input.signal?.aborted) throw new EngineError('aborted', 'PocketSphinx transcription was cancelled');
      throw error;
    } finally {
      input.signal?.removeEventListener('abort', onAbort);
    }
  }

  async function decodeFileWithCli(input: TranscribeInput, wav: WavInfo): Promise<EngineWord[]> {
    const words: EngineWord[] = [];
    let reported = 0;
    const duration = wav.durationSeconds;
    try {
      await decodeWithCli(input.wavPath, wav, {
        binary,
        model,
        extraArgs: config.extraArgs,
        signal: input.signal,
        timeoutMs: config.timeoutMs ?? Math.round(duration * 10_000 + 60_000),
        onWord: (word, decoded) => {
          if (word) words.push(word);
          const fraction = duration > 0 ? Math.min(0.99, decoded / duration) : 0;
          if (fraction > reported) {
            reported = fraction;
            input.onProgress?.(fraction);
          }
        },
      });
    } catch (error) {
      if (input.signal?.aborted && !(error instanceof EngineError)) throw new EngineError('aborted', 'PocketSphinx transcription was cancelled');
      throw error;
    }
    return words;
  }

  return {
    id: config.id ?? 'pocketsphinx',
    type: 'pocketsphinx',
    languages: ['en'],
    availability,
    transcribe,
    openStream,
  };
}

/** Whether the library loads: checked once per file name. */
const loads = new Map<string, Promise<boolean>>();
function libraryLoads(file: string | null): Promise<boolean> {
  if (!file) return Promise.resolve(false);
  let known = loads.get(file);
  if (!known) {
    known = probeSphinxLibrary(file);
    loads.set(file, known);
  }
  return known;
}
