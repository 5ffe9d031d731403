/**
 * PocketSphinx adapter: CMU PocketSphinx 5prealpha from Debian (`pocketsphinx_continuous`),
 * offline English with word times and confidences.
 *
 * Command: `pocketsphinx_continuous -infile <wav> -time yes -hmm … -dict … -lm …`. With
 * `-time yes` it prints, for each utterance it detects, the hypothesis line and then one line per
 * token: `token start end posterior` (e.g. `can(2) 6.430 6.670 0.028595`), flushing after each
 * utterance, which is what progress is computed from. Its log goes to stderr, of which a tail is
 * kept: the ERROR/FATAL lines there explain a failure far better than the exit status (with
 * `-logfn /dev/null` a missing model only gives status 1).
 */
import path from 'node:path';
import { isReadable } from '../access.ts';
import { EngineError } from '../errors.ts';
import { assertEnginePcm, readWavInfo } from '../media/wav.ts';
import { findOnPath } from '../path.ts';
import { lastLines, runProcess } from '../process.ts';
import { segmentAtSilences, type SegmentationOptions } from './segments.ts';
import type { EngineAvailability, EngineResult, EngineWord, RequestedLanguage, TranscribeInput, TranscriptionEngine } from './types.ts';

export interface PocketSphinxConfig {
  /** Profile id; defaults to "pocketsphinx". */
  id?: string;
  /** Program name (looked up on PATH) or absolute path. */
  binary?: string;
  /** Acoustic model folder (holds mdef, means, …). */
  hmm?: string;
  /** Pronunciation dictionary. */
  dict?: string;
  /** Language model (ARPA or binary). */
  lm?: string;
  /** Extra decoder options appended as they are, e.g. ['-beam', '1e-60']. */
  extraArgs?: readonly string[];
  segmentation?: SegmentationOptions;
  /** Kill the decoder after this long (default: 10 × the audio duration + 60 s). */
  timeoutMs?: number;
}

/** Debian's `pocketsphinx-en-us` package. */
export const POCKETSPHINX_DEBIAN_DEFAULTS = {
  binary: 'pocketsphinx_continuous',
  hmm: '/usr/share/pocketsphinx/model/en-us/en-us',
  dict: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
  lm: '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
} as const;

/** Decoder frame length (its default `-frate 100`): a word's printed end is its last frame's start. */
const FRAME_SECONDS = 0.01;

export const POCKETSPHINX_FRENCH_REASON =
  'PocketSphinx here only has the English (en-us) model; choose a Whisper or OpenAI-compatible profile for French';

// ---------------------------------------------------------------------------------------------
// Pure parts
// ---------------------------------------------------------------------------------------------

export function pocketsphinxArgs(config: Required<Pick<PocketSphinxConfig, 'hmm' | 'dict' | 'lm'>> & PocketSphinxConfig, wavPath: string): string[] {
  // The decoder skips the header only of names ending in .wav; elsewhere the ~80 header bytes are
  // decoded as a few milliseconds of noise, which is harmless.
  return ['-infile', wavPath, '-time', 'yes', '-hmm', config.hmm, '-dict', config.dict, '-lm', config.lm, ...(config.extraArgs ?? [])];
}

export interface PocketSphinxToken {
  token: string;
  stime: number;
  etime: number;
  probability: number;
}

const TIMED_LINE = /^(\S+)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)$/;

/** One `token start end posterior` line, or null for anything else (hypothesis lines, blanks). */
export function parsePocketsphinxLine(line: string): PocketSphinxToken | null {
  const match = TIMED_LINE.exec(line.trim());
  if (!match) return null;
  return { token: match[1]!, stime: Number(match[2]), etime: Number(match[3]), probability: Number(match[4]) };
}

/**
 * The spoken word of a token, or null for fillers: `<s>`, `</s>`, `<sil>`, `[NOISE]`, `[SPEECH]`
 * and `++…++`/`+…+` noise words. Alternative pronunciations `word(2)` become `word`.
 */
export function cleanPocketsphinxToken(token: string): string | null {
  const word = token.replace(/\(\d+\)$/, '');
  if (/^<.*>$/.test(word) || /^\[.*\]$/.test(word) || /^\+.*\+$/.test(word) || word.length === 0) return null;
  return word;
}

export interface ParsedPocketSphinxOutput {
  words: EngineWord[];
  /** End of the last token (fillers included): how far the decoder got. */
  decodedSeconds: number;
}

/** Whole decoder stdout → words with times and confidences. Pure. */
export function parsePocketsphinxOutput(text: string, durationSeconds = Infinity): ParsedPocketSphinxOutput {
  const words: EngineWord[] = [];
  let decodedSeconds = 0;
  for (const line of text.split(/\r?\n/)) {
    const token = parsePocketsphinxLine(line);
    if (!token) continue;
    decodedSeconds = Math.max(decodedSeconds, token.etime);
    const word = toEngineWord(token, durationSeconds);
    if (word) words.push(word);
  }
  return { words, decodedSeconds };
}

export function toEngineWord(token: PocketSphinxToken, durationSeconds = Infinity): EngineWord | null {
  const word = cleanPocketsphinxToken(token.token);
  if (word === null) return null;
  const stime = Math.min(token.stime, durationSeconds);
  const etime = Math.min(Math.max(stime, token.etime + FRAME_SECONDS), durationSeconds);
  // Posteriors are printed as rounded probabilities and may slightly exceed 1 (1.000300).
  const confidence = Number.isFinite(token.probability) ? Math.min(1, Math.max(0, token.probability)) : 0;
  return { word, stime: round3(stime), etime: round3(etime), confidence: round3(confidence) };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

// ---------------------------------------------------------------------------------------------
// Adapter
// ---------------------------------------------------------------------------------------------

function explainDecoderLog(stderrTail: string): string {
  const problems = stderrTail.split(/\r?\n/).filter((line) => /^(ERROR|FATAL)/.test(line));
  return problems.length > 0 ? problems.slice(-3).join('\n') : lastLines(stderrTail, 2);
}

export function createPocketSphinxEngine(config: PocketSphinxConfig = {}): TranscriptionEngine {
  const resolved = { ...POCKETSPHINX_DEBIAN_DEFAULTS, ...config };

  async function availability(options?: { language?: RequestedLanguage }): Promise<EngineAvailability> {
    if (options?.language === 'fr') return { ok: false, reason: POCKETSPHINX_FRENCH_REASON };
    if (!findOnPath(resolved.binary)) {
      return {
        ok: false,
        reason: `The PocketSphinx program "${resolved.binary}" is not installed (Debian/Ubuntu: apt-get install pocketsphinx)`,
      };
    }
    const modelFiles: Array<[string, string]> = [
      ['acoustic model', path.join(resolved.hmm, 'mdef')],
      ['dictionary', resolved.dict],
      ['language model', resolved.lm],
    ];
    for (const [what, file] of modelFiles) {
      if (!(await isReadable(file))) {
        return { ok: false, reason: `The PocketSphinx ${what} is missing: ${file} (Debian/Ubuntu: apt-get install pocketsphinx-en-us)` };
      }
    }
    return { ok: true };
  }

  async function transcribe(input: TranscribeInput): Promise<EngineResult> {
    if (input.language === 'fr') throw new EngineError('language_unsupported', POCKETSPHINX_FRENCH_REASON);
    const available = await availability({ language: input.language });
    if (!available.ok) throw new EngineError('engine_unavailable', available.reason);
    const wav = await readWavInfo(input.wavPath);
    assertEnginePcm(wav, input.wavPath);
    const duration = wav.durationSeconds;

    const words: EngineWord[] = [];
    let pending = '';
    let reported = 0;
    const handleLine = (line: string) => {
      const token = parsePocketsphinxLine(line);
      if (!token) return;
      const word = toEngineWord(token, duration);
      if (word) words.push(word);
      // The decoder only reports at utterance ends, so progress moves in steps; 1 comes at exit.
      const fraction = duration > 0 ? Math.min(0.99, token.etime / duration) : 0;
      if (fraction > reported) {
        reported = fraction;
        input.onProgress?.(fraction);
      }
    };

    await runProcess(resolved.binary, pocketsphinxArgs(resolved, input.wavPath), {
      signal: input.signal,
      timeoutMs: config.timeoutMs ?? Math.round(duration * 10_000 + 60_000),
      stderrTailBytes: 16 * 1024,
      onStdout: (chunk) => {
        const lines = (pending + chunk.toString('utf8')).split('\n');
        pending = lines.pop() ?? '';
        lines.forEach(handleLine);
      },
      failureCode: 'engine_failed',
      description: 'PocketSphinx transcription',
      explain: explainDecoderLog,
    });
    if (pending) handleLine(pending);
    input.onProgress?.(1);
    // The decoder emits words in time order; sorting guards the "times increase" invariant anyway.
    words.sort((a, b) => a.stime - b.stime);
    return { language: 'en', segments: segmentAtSilences(words, config.segmentation) };
  }

  return {
    id: config.id ?? 'pocketsphinx',
    type: 'pocketsphinx',
    languages: ['en'],
    availability,
    transcribe,
  };
}
