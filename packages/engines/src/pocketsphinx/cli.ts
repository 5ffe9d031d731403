/**
 * The PocketSphinx command-line decoder (`pocketsphinx_continuous`), used when the library cannot
 * be loaded. Same models, same live loop, so the same words as the library when fed the same
 * samples.
 *
 * Command: `pocketsphinx_continuous -infile <raw PCM> -time yes -hmm … -dict … -lm …`. With
 * `-time yes` it prints, for each utterance it detects, the hypothesis line and then one line per
 * token: `token start end posterior` (e.g. `can(2) 6.430 6.670 0.028595`), flushing after each
 * utterance, which is what progress is computed from. Its log goes to stderr, of which a tail is
 * kept: the ERROR/FATAL lines there explain a failure far better than the exit status (with
 * `-logfn /dev/null` a missing model only gives status 1).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { EngineWord } from '../asr/types.ts';
import type { WavInfo } from '../media/wav.ts';
import { lastLines, runProcess } from '../process.ts';
import type { SphinxModel } from './config.ts';
import { cleanSphinxToken, SPHINX_FRAME_SECONDS } from './words.ts';

// ---------------------------------------------------------------------------------------------
// Pure parts (the output parser)
// ---------------------------------------------------------------------------------------------

export function pocketsphinxArgs(config: SphinxModel & { extraArgs?: readonly string[] | undefined }, rawPath: string): string[] {
  // The decoder skips exactly 44 bytes of names ending in .wav, whatever the header's real size,
  // and reads any other name as raw samples: it is given raw samples (see decodeWithCli).
  return ['-infile', rawPath, '-time', 'yes', '-hmm', config.hmm, '-dict', config.dict, '-lm', config.lm, ...(config.extraArgs ?? [])];
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

/** Kept under its former name: the CLI's tokens are cleaned like the library's. */
export const cleanPocketsphinxToken = cleanSphinxToken;

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
  const word = cleanSphinxToken(token.token);
  if (word === null) return null;
  const stime = Math.min(token.stime, durationSeconds);
  const etime = Math.min(Math.max(stime, token.etime + SPHINX_FRAME_SECONDS), durationSeconds);
  // Posteriors are printed as rounded probabilities and may slightly exceed 1 (1.000300).
  const confidence = Number.isFinite(token.probability) ? Math.min(1, Math.max(0, token.probability)) : 0;
  return { word, stime: round3(stime), etime: round3(etime), confidence: round3(confidence) };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

// ---------------------------------------------------------------------------------------------
// Running it
// ---------------------------------------------------------------------------------------------

function explainDecoderLog(stderrTail: string): string {
  const problems = stderrTail.split(/\r?\n/).filter((line) => /^(ERROR|FATAL)/.test(line));
  return problems.length > 0 ? problems.slice(-3).join('\n') : lastLines(stderrTail, 2);
}

export interface CliDecodeOptions {
  binary: string;
  model: SphinxModel;
  extraArgs?: readonly string[] | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
  /** Called with each word and how far (seconds) the decoder got, at each utterance's end. */
  onWord: (word: EngineWord | null, decodedSeconds: number) => void;
}

/**
 * Decodes the samples of a WAV file with the CLI. The samples are copied to a raw file first: the
 * CLI would otherwise skip 44 bytes and decode the rest of a longer header (LIST or fact chunks,
 * which ffmpeg writes) as audio.
 */
export async function decodeWithCli(wavPath: string, wav: WavInfo, options: CliDecodeOptions): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'palabre-sphinx-'));
  try {
    const raw = path.join(dir, 'audio.raw');
    if (wav.dataBytes > 0) {
      await pipeline(createReadStream(wavPath, { start: wav.dataOffset, end: wav.dataOffset + wav.dataBytes - 1 }), createWriteStream(raw), {
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } else {
      await pipeline(async function* () {}, createWriteStream(raw));
    }
    let pending = '';
    const handleLine = (line: string) => {
      const token = parsePocketsphinxLine(line);
      if (token) options.onWord(toEngineWord(token, wav.durationSeconds), token.etime);
    };
    await runProcess(options.binary, pocketsphinxArgs({ ...options.model, extraArgs: options.extraArgs }, raw), {
      signal: options.signal,
      timeoutMs: options.timeoutMs,
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
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
