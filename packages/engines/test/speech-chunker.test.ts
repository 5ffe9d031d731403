/** The live speech chunker: synthetic speech-like bursts with known boundaries, and real speech. */
import { describe, expect, it } from 'vitest';
import { SpeechChunker, type ChunkerEvent, type Utterance } from '../src/asr/speech-chunker.ts';
import { jfkSamples } from './support/streaming-contract.ts';
import { syntheticSpeech } from './support/synthetic-speech.ts';

const RATE = 16_000;

const signal = syntheticSpeech;

function run(samples: Int16Array, chunk: number, chunker = new SpeechChunker()): { events: ChunkerEvent[]; utterances: Utterance[] } {
  const events: ChunkerEvent[] = [];
  for (let i = 0; i < samples.length; i += chunk) events.push(...chunker.push(samples.subarray(i, i + chunk)));
  events.push(...chunker.flush());
  return { events, utterances: events.flatMap((e) => (e.type === 'end' ? [e.utterance] : [])) };
}

describe('speech chunker', () => {
  it('cuts speech at pauses, with a little audio before and after each utterance', () => {
    const samples = signal(8, [
      [1, 2.5],
      [3.5, 5],
      [5.2, 6],
    ]);
    const { events, utterances } = run(samples, 320);
    // The 0.2 s gap is shorter than the 0.5 s pause: the last two bursts are one utterance.
    expect(utterances).toHaveLength(2);
    expect(utterances[0]!.start).toBeCloseTo(0.7, 1);
    expect(utterances[0]!.end).toBeCloseTo(2.7, 1);
    expect(utterances[1]!.start).toBeCloseTo(3.2, 1);
    expect(utterances[1]!.end).toBeCloseTo(6.2, 1);
    expect(events.filter((e) => e.type === 'end').map((e) => (e as { reason: string }).reason)).toEqual(['pause', 'pause']);
    // Each utterance's audio is exactly its span of the input.
    for (const u of utterances) {
      expect(u.samples.length).toBe(Math.round((u.end - u.start) * RATE));
      expect(Array.from(u.samples.subarray(0, 50))).toEqual(Array.from(samples.subarray(Math.round(u.start * RATE), Math.round(u.start * RATE) + 50)));
    }
    // Starts and ends alternate.
    expect(events.map((e) => e.type)).toEqual(['start', 'end', 'start', 'end']);
  });

  it('gives the same utterances whatever the chunk size', () => {
    const samples = signal(6, [
      [0.8, 2],
      [3, 4.4],
    ]);
    const reference = run(samples, 1600).utterances.map((u) => [u.start, u.end]);
    expect(reference).toHaveLength(2);
    for (const chunk of [1, 159, 160, 333, 16_000, samples.length]) expect(run(samples, chunk).utterances.map((u) => [u.start, u.end])).toEqual(reference);
  });

  it('hears nothing in silence or steady noise', () => {
    expect(run(new Int16Array(5 * RATE), 320).events).toEqual([]);
    expect(run(signal(5, [], { floor: 3000 }), 320).events).toEqual([]);
    // A steady tone is no speech either: speech rises and falls.
    expect(run(signal(5, [[0, 5]], { syllables: false }), 320).events).toEqual([]);
  });

  it('hears speech that starts the stream and speech still going on at its end', () => {
    const { utterances, events } = run(signal(3, [[0, 3]]), 320);
    expect(utterances).toHaveLength(1);
    expect(utterances[0]!.start).toBe(0);
    expect(utterances[0]!.end).toBeCloseTo(3, 2);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end-of-stream' });
  });

  it('hears the first words after a long silence at once', () => {
    const { utterances } = run(signal(40, [[35, 36]]), 320);
    expect(utterances).toHaveLength(1);
    expect(utterances[0]!.start).toBeCloseTo(34.7, 1);
  });

  it('cuts an utterance that goes on too long at its quietest moment, and goes on from there', () => {
    // Speech without a pause long enough to end it: 0.3 s dips every 1.3 s, one deeper dip at 3.65 s.
    const bursts: Array<[number, number]> = [];
    for (let t = 0.5; t < 9; t += 1.3) bursts.push([t, t + 1]);
    const samples = signal(10, bursts);
    // The deeper dip: silence (the noise floor only) is quieter than the tone's fade.
    const chunker = new SpeechChunker({ maxUtteranceSeconds: 4 });
    const { utterances, events } = run(samples, 320, chunker);
    const reasons = events.flatMap((e) => (e.type === 'end' ? [e.reason] : []));
    expect(reasons[0]).toBe('max-length');
    expect(utterances.length).toBeGreaterThanOrEqual(3);
    for (const u of utterances) expect(u.end - u.start).toBeLessThanOrEqual(4.001);
    // The cut falls in a pause between bursts, and the next utterance starts exactly there.
    const cut = utterances[0]!.end;
    expect(bursts.some(([a, b]) => cut > a + 0.01 && cut < b - 0.01)).toBe(false);
    expect(utterances[1]!.start).toBe(cut);
    // No audio is lost or repeated across cuts.
    for (let i = 1; i < utterances.length; i++) expect(utterances[i]!.start).toBeGreaterThanOrEqual(utterances[i - 1]!.end);
  });

  it('exposes the utterance in progress as it grows', () => {
    const chunker = new SpeechChunker();
    const samples = signal(3, [[0.5, 3]]);
    const seen: number[] = [];
    for (let i = 0; i < samples.length; i += 1600) {
      chunker.push(samples.subarray(i, i + 1600));
      const current = chunker.current();
      if (current) {
        expect(current.samples.length).toBe(Math.round((current.end - current.start) * RATE));
        seen.push(current.end);
      }
    }
    expect(seen.length).toBeGreaterThan(10);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('finds the four phrases of jfk-en.wav', () => {
    const pcm = jfkSamples();
    const samples = new Int16Array(pcm.length / 2);
    for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(2 * i);
    const spans = run(samples, 320).utterances.map((u) => [u.start, u.end]);
    // "And so my fellow Americans" | "ask not" | "what your country can do for you" | "ask what you can do for your country"
    expect(spans).toHaveLength(4);
    const words: Array<[number, string]> = [
      [1.2, 'fellow'],
      [3.5, 'ask'],
      [6.2, 'country'],
      [9.8, 'your'],
    ];
    for (const [i, [t]] of words.entries()) {
      expect(spans[i]![0]).toBeLessThan(t);
      expect(spans[i]![1]).toBeGreaterThan(t);
    }
  });
});
