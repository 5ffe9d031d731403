/**
 * The microphone's audio worklet: the first input channel downsampled to 16 kHz, posted to the page
 * in ~100 ms frames of s16le PCM with the frame's level (RMS of the input it covers). Loaded by
 * useMicrophone.ts as a bundled module of its own (no inline script under the CSP).
 */
import { Downsampler, Framer, rms, type WorkletFormat, type WorkletFrame } from './pcm.ts';

/** Globals of the AudioWorkletGlobalScope (not in the DOM library's types). */
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(
  name: string,
  processor: new (options: { processorOptions: WorkletFormat }) => AudioWorkletProcessor & { process(inputs: Float32Array[][]): boolean },
): void;

class PcmProcessor extends AudioWorkletProcessor {
  private readonly downsampler: Downsampler;
  private readonly framer: Framer;
  private squares = 0;
  private count = 0;

  constructor({ processorOptions }: { processorOptions: WorkletFormat }) {
    super();
    this.downsampler = new Downsampler(sampleRate, processorOptions.sampleRate);
    this.framer = new Framer(processorOptions.frameSamples);
  }

  process(inputs: Float32Array[][]): boolean {
    const samples = inputs[0]?.[0];
    if (!samples) return true;
    const level = rms(samples);
    this.squares += level * level * samples.length;
    this.count += samples.length;
    for (const frame of this.framer.push(this.downsampler.push(samples))) {
      const message: WorkletFrame = { frame, level: Math.sqrt(this.squares / Math.max(1, this.count)) };
      this.squares = 0;
      this.count = 0;
      this.port.postMessage(message, [frame]);
    }
    return true;
  }
}

registerProcessor('palabre-pcm', PcmProcessor);
