/**
 * Runs the real PocketSphinx (Debian: libpocketsphinx3, pocketsphinx, pocketsphinx-en-us), through
 * its library and through the command-line fallback.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineResult } from '../src/asr/types.ts';
import { createPocketSphinxEngine } from '../src/pocketsphinx/engine.ts';
import { wordErrorRate } from '../src/text/wer.ts';

const JFK = path.resolve('../shared/fixtures/audio/jfk-en.wav');
const REFERENCE = 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';
// jfk-en.wav has a LIST chunk before its samples: decoded from its real first sample in 100 ms
// blocks the WER is 31.8 % (7 errors / 22 words); reading header bytes as audio gave 54.5 %.
const WER_BOUND = 0.35;

const words = (result: EngineResult) => result.segments.flatMap((s) => s.words);
const text = (result: EngineResult) =>
  words(result)
    .map((w) => w.word)
    .join(' ');

function checkTranscript(label: string, result: EngineResult, fractions: number[]): void {
  const all = words(result);
  const { wer, substitutions, deletions, insertions } = wordErrorRate(
    REFERENCE,
    all.map((w) => w.word),
  );
  console.log(`pocketsphinx (${label}) jfk-en.wav: WER ${wer.toFixed(3)} (S${substitutions} D${deletions} I${insertions})\n  hypothesis: ${text(result)}`);
  expect(result.language).toBe('en');
  expect(result.segments.length).toBeGreaterThan(1);
  expect(all.length).toBeGreaterThan(10);
  let previousEnd = 0;
  for (const word of all) {
    expect(word.stime).toBeGreaterThanOrEqual(previousEnd);
    expect(word.etime).toBeGreaterThanOrEqual(word.stime);
    expect(word.etime).toBeLessThanOrEqual(11.1);
    expect(word.confidence).toBeGreaterThanOrEqual(0);
    expect(word.confidence).toBeLessThanOrEqual(1);
    expect(word.word).toMatch(/^[a-z']+$/);
    previousEnd = word.etime;
  }
  for (const segment of result.segments) {
    expect(segment.stime).toBe(segment.words[0]!.stime);
    expect(segment.etime).toBe(segment.words.at(-1)!.etime);
  }
  expect(wer).toBeLessThanOrEqual(WER_BOUND);
  expect(fractions.at(-1)).toBe(1);
  expect(fractions.length).toBeGreaterThan(2);
  expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
}

describe('PocketSphinx engine', { timeout: 600_000 }, () => {
  const engine = createPocketSphinxEngine();
  const cliOnly = createPocketSphinxEngine({ library: false });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sphinx-test-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('is available here, but not for French', async () => {
    expect(await engine.availability()).toEqual({ ok: true });
    expect(await engine.availability({ language: 'fr' })).toEqual({ ok: false, reason: expect.stringContaining('only has the English') });
    expect(engine.languages).toEqual(['en']);
  });

  it('explains what is missing', async () => {
    const missing = createPocketSphinxEngine({ library: '/nonexistent/libpocketsphinx.so', binary: 'pocketsphinx-not-installed' });
    expect(await missing.availability()).toEqual({ ok: false, reason: expect.stringContaining('apt-get install pocketsphinx') });
    const noModel = createPocketSphinxEngine({ hmm: '/nonexistent/model' });
    expect(await noModel.availability()).toEqual({ ok: false, reason: expect.stringContaining('/nonexistent/model/mdef') });
    await expect(noModel.transcribe({ wavPath: JFK, language: 'en' })).rejects.toMatchObject({ code: 'engine_unavailable' });
  });

  it('refuses French and non-engine audio with typed errors', async () => {
    await expect(engine.transcribe({ wavPath: JFK, language: 'fr' })).rejects.toMatchObject({ code: 'language_unsupported' });
    await expect(engine.transcribe({ wavPath: path.resolve('../shared/fixtures/audio/meeting-fr-60s.mp3'), language: 'en' })).rejects.toMatchObject({ code: 'media_wrong_format' });
  });

  it('fails with a typed error when the decoder cannot load its model', async () => {
    await expect(createPocketSphinxEngine({ lm: JFK }).transcribe({ wavPath: JFK, language: 'en' })).rejects.toMatchObject({
      code: 'engine_failed',
      message: expect.stringContaining('could not load its models'),
    });
    await expect(createPocketSphinxEngine({ lm: JFK, library: false }).transcribe({ wavPath: JFK, language: 'en' })).rejects.toMatchObject({
      code: 'engine_failed',
      message: expect.stringMatching(/^PocketSphinx transcription failed \(exit status 1\): ERROR: .*is not a dump file/),
    });
  });

  it('stops when aborted', async () => {
    for (const which of [engine, cliOnly]) {
      const controller = new AbortController();
      const running = which.transcribe({ wavPath: JFK, language: 'en', signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await expect(running).rejects.toMatchObject({ code: 'aborted' });
    }
  });

  let viaLibrary: EngineResult;
  it('transcribes jfk-en.wav through the library from its first real sample (WER ≤ 35 %)', async () => {
    const fractions: number[] = [];
    viaLibrary = await engine.transcribe({ wavPath: JFK, language: 'auto', onProgress: (f) => fractions.push(f) });
    checkTranscript('library', viaLibrary, fractions);
  });

  it('falls back to the command-line decoder, fed the same samples as the library', async () => {
    // The first four seconds of jfk-en.wav, keeping its LIST chunk before the samples.
    const data = fs.readFileSync(JFK);
    const dataAt = data.indexOf('data', 12, 'ascii');
    const sampleBytes = 4 * 32_000;
    const clip = Buffer.concat([data.subarray(0, dataAt + 8), data.subarray(dataAt + 8, dataAt + 8 + sampleBytes)]);
    clip.writeUInt32LE(clip.length - 8, 4);
    clip.writeUInt32LE(sampleBytes, dataAt + 4);
    const withList = path.join(tmp, 'with-list.wav');
    fs.writeFileSync(withList, clip);
    // The same samples behind a 44-byte header.
    const canonical = Buffer.concat([clip.subarray(0, 36), clip.subarray(dataAt)]);
    canonical.writeUInt32LE(canonical.length - 8, 4);
    const plain = path.join(tmp, 'canonical.wav');
    fs.writeFileSync(plain, canonical);

    const fallback = createPocketSphinxEngine({ library: '/nonexistent/libpocketsphinx.so' });
    expect(await fallback.availability()).toEqual({ ok: true });
    const fractions: number[] = [];
    const viaCli = await fallback.transcribe({ wavPath: withList, language: 'en', onProgress: (f) => fractions.push(f) });
    expect(words(viaCli).length).toBeGreaterThan(2);
    expect(fractions.at(-1)).toBe(1);
    // In the CLI's block size the library gives exactly the CLI's words and times: neither read
    // header bytes as audio.
    const sameBlocks = await createPocketSphinxEngine({ blockSamples: 2048 }).transcribe({ wavPath: withList, language: 'en' });
    expect(text(viaCli)).toBe(text(sameBlocks));
    expect(words(viaCli).map((w) => [w.stime, w.etime])).toEqual(words(sameBlocks).map((w) => [w.stime, w.etime]));
    expect(text(await cliOnly.transcribe({ wavPath: plain, language: 'en' }))).toBe(text(viaCli));
  });
});
