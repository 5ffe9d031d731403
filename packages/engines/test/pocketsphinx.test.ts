/** Runs the real pocketsphinx_continuous (Debian packages pocketsphinx, pocketsphinx-en-us). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPocketSphinxEngine } from '../src/asr/pocketsphinx.ts';
import { wordErrorRate } from '../src/text/wer.ts';

const JFK = path.resolve('../shared/fixtures/audio/jfk-en.wav');
const REFERENCE = 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';
// Measured 0.545 (12 errors / 22 words) with pocketsphinx 0.8+5prealpha and its en-us model;
// the margin absorbs small decoder differences, a broken recognizer lands far above it.
const WER_BOUND = 0.545 + 0.15;

describe('PocketSphinx engine', () => {
  const engine = createPocketSphinxEngine();

  it('is available here, but not for French', async () => {
    expect(await engine.availability()).toEqual({ ok: true });
    expect(await engine.availability({ language: 'fr' })).toEqual({ ok: false, reason: expect.stringContaining('only has the English') });
    expect(engine.languages).toEqual(['en']);
  });

  it('explains what is missing', async () => {
    const missing = createPocketSphinxEngine({ binary: 'pocketsphinx-not-installed' });
    expect(await missing.availability()).toEqual({ ok: false, reason: expect.stringContaining('apt-get install pocketsphinx') });
    const noModel = createPocketSphinxEngine({ hmm: '/nonexistent/model' });
    expect(await noModel.availability()).toEqual({ ok: false, reason: expect.stringContaining('/nonexistent/model/mdef') });
    await expect(noModel.transcribe({ wavPath: JFK, language: 'en' })).rejects.toMatchObject({ code: 'engine_unavailable' });
  });

  it('refuses French and non-engine audio with typed errors', async () => {
    await expect(engine.transcribe({ wavPath: JFK, language: 'fr' })).rejects.toMatchObject({ code: 'language_unsupported' });
    await expect(
      engine.transcribe({ wavPath: path.resolve('../shared/fixtures/audio/meeting-fr-60s.mp3'), language: 'en' }),
    ).rejects.toMatchObject({ code: 'media_wrong_format' });
  });

  it('reports the decoder’s own error when it fails', async () => {
    const badModel = createPocketSphinxEngine({ lm: JFK });
    await expect(badModel.transcribe({ wavPath: JFK, language: 'en' })).rejects.toMatchObject({
      code: 'engine_failed',
      message: expect.stringMatching(/^PocketSphinx transcription failed \(exit status 1\): ERROR: .*is not a dump file/),
    });
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const running = engine.transcribe({ wavPath: JFK, language: 'en', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(running).rejects.toMatchObject({ code: 'aborted' });
  });

  it('transcribes jfk-en.wav with ordered word times and a bounded word error rate', async () => {
    const fractions: number[] = [];
    const started = performance.now();
    const result = await engine.transcribe({ wavPath: JFK, language: 'auto', onProgress: (f) => fractions.push(f) });
    const seconds = (performance.now() - started) / 1000;

    const words = result.segments.flatMap((s) => s.words);
    const { wer, substitutions, deletions, insertions } = wordErrorRate(REFERENCE, words.map((w) => w.word));
    console.log(
      `pocketsphinx jfk-en.wav: WER ${wer.toFixed(3)} (S${substitutions} D${deletions} I${insertions}), ` +
        `${seconds.toFixed(2)} s for 11 s of audio (real-time factor ${(seconds / 11).toFixed(2)})\n` +
        `  hypothesis: ${words.map((w) => w.word).join(' ')}`,
    );

    expect(result.language).toBe('en');
    expect(result.segments.length).toBeGreaterThan(1);
    expect(words.length).toBeGreaterThan(10);
    let previousEnd = 0;
    for (const word of words) {
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
    expect(wer).toBeLessThan(WER_BOUND);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.length).toBeGreaterThan(2);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  }, 60_000);
});
