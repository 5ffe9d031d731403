/**
 * PocketSphinx's live streams (library decoder in a child process) against the streaming contract,
 * and the isolation the child process gives: a decoder that dies ends its own stream only.
 */
import { describe, expect, it } from 'vitest';
import { createPocketSphinxEngine } from '../src/pocketsphinx/engine.ts';
import { liveSphinxDecoders, PocketSphinxStream } from '../src/pocketsphinx/stream.ts';
import { describeStreamingContract, jfkSamples } from './support/streaming-contract.ts';

const engine = createPocketSphinxEngine();

describeStreamingContract('pocketsphinx', {
  open: (options) => engine.openStream(options),
  // 31.8 % measured in 100 ms blocks.
  maxWer: 0.35,
  liveResources: liveSphinxDecoders,
});

describe('pocketsphinx stream isolation', () => {
  it('ends only the stream whose decoder process dies, with a clear error', { timeout: 120_000 }, async () => {
    const pcm = jfkSamples();
    const victim = engine.openStream({ language: 'en' });
    if (!(victim instanceof PocketSphinxStream)) throw new Error('a PocketSphinx stream was expected');
    const survivor = engine.openStream({ language: 'en' });
    const failure = new Promise<Error & { code?: string }>((resolve) => victim.on('error', resolve));
    const survivorErrors: Error[] = [];
    survivor.on('error', (error) => survivorErrors.push(error));
    const finals: string[] = [];
    survivor.on('final', (final) => finals.push(final.text));

    // Both decode the first two seconds, then the victim's decoder is killed mid-stream.
    victim.write(pcm.subarray(0, 64_000));
    survivor.write(pcm.subarray(0, 64_000));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(victim.decoderPid).toBeGreaterThan(0);
    process.kill(victim.decoderPid!, 'SIGKILL');

    const error = await failure;
    expect(error).toMatchObject({ code: 'engine_failed', message: expect.stringContaining('killed by SIGKILL') });
    expect(() => victim.write(pcm.subarray(0, 3200))).toThrow(/SIGKILL/);
    await expect(victim.end()).rejects.toMatchObject({ code: 'engine_failed' });

    // The other stream, and this process, go on.
    survivor.write(pcm.subarray(64_000));
    await survivor.end();
    expect(survivorErrors).toEqual([]);
    expect(finals.join(' ')).toMatch(/country/);
    expect(liveSphinxDecoders()).toBe(0);
  });
});
