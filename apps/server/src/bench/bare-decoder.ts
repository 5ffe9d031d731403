/**
 * The bare decoder the media benchmarks compare with: Debian's `pocketsphinx_continuous` on the
 * raw samples of a file (ffmpeg → 16 kHz mono s16le, so no header byte is decoded), same models,
 * no server, no queue. Its time and words are the yardstick for the pipeline's.
 */
import { spawn } from 'node:child_process';
import { POCKETSPHINX_DEBIAN_DEFAULTS, parsePocketsphinxOutput, pocketsphinxArgs, runFfmpeg } from '@palabre/engines';

/** Any media → raw 16 kHz mono s16le (what the bare decoder reads). */
export function toRawPcm(input: string, output: string): Promise<unknown> {
  return runFfmpeg(['-nostdin', '-y', '-v', 'error', '-i', input, '-ac', '1', '-ar', '16000', '-f', 's16le', output], { description: 'Converting to raw PCM' });
}

export interface BareDecode {
  words: string[];
  seconds: number;
}

export function runBareDecoder(rawPath: string): Promise<BareDecode> {
  const args = [...pocketsphinxArgs(POCKETSPHINX_DEBIAN_DEFAULTS, rawPath), '-logfn', '/dev/null'];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(POCKETSPHINX_DEBIAN_DEFAULTS.binary, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`pocketsphinx_continuous exited with status ${code}`));
      resolve({ words: parsePocketsphinxOutput(Buffer.concat(out).toString('utf8')).words.map((w) => w.word), seconds });
    });
  });
}
