/**
 * Cuts live audio into utterances for engines that decode whole pieces of speech (whisper.cpp, an
 * OpenAI-compatible server): the streaming counterpart of the diarization's voice activity
 * detector (`diarization/vad.ts`), with the same frame features and speech rule.
 *
 * Every 10 ms frame gets its log energy and zero-crossing rate (`frameEnergyAndZcr`). The noise
 * floor is the 10th percentile of the last 30 s of frame energies; the speech peak is their 97th
 * percentile or, when higher, the loudest recent frame (decaying by 10 dB per second), so that the
 * first words after a long silence are heard at once. The threshold between them, and the
 * unvoiced-consonant rule, are `thresholdBetween` and `isSpeechFrame`. The first half second is
 * classified once it has all been heard (the floor needs a few frames).
 *
 * An utterance starts after `minSpeechSeconds` of consecutive speech frames, with up to
 * `preRollSeconds` of the audio before them (word onsets are quiet); it ends after
 * `minSilenceSeconds` without speech (its audio then stops `tailSeconds` after the last speech
 * frame), at the end of the stream, or when it reaches `maxUtteranceSeconds`: it is then cut at
 * the quietest frame of its last two seconds, and what follows that frame opens the next one.
 */
import { ENERGY_OFFSET, frameEnergyAndZcr, ZCR_OFFSET } from '../diarization/features.ts';
import { isSpeechFrame, thresholdBetween } from '../diarization/vad.ts';

export interface SpeechChunkerOptions {
  /** Default 16000. */
  sampleRate?: number;
  /** Silence that ends an utterance (default 0.5 s, as PocketSphinx's `-vad_postspeech`). */
  minSilenceSeconds?: number;
  /** Consecutive speech that starts one (default 0.1 s). */
  minSpeechSeconds?: number;
  /** Audio kept before the first speech frame (default 0.3 s). */
  preRollSeconds?: number;
  /** Audio kept after the last speech frame (default 0.2 s). */
  tailSeconds?: number;
  /** Longest utterance (default 15 s). */
  maxUtteranceSeconds?: number;
}

export interface Utterance {
  /** Seconds since the stream began. */
  start: number;
  end: number;
  /** Its audio: `(end − start) × sampleRate` samples. */
  samples: Int16Array;
}

export type UtteranceEndReason = 'pause' | 'max-length' | 'end-of-stream';

export type ChunkerEvent = { type: 'start'; start: number } | { type: 'end'; utterance: Utterance; reason: UtteranceEndReason };

const FRAMES_PER_SECOND = 100;
const HISTORY_FRAMES = 30 * FRAMES_PER_SECOND;
const WARMUP_FRAMES = FRAMES_PER_SECOND / 2;
/** The threshold is recomputed every 100 ms. */
const THRESHOLD_EVERY = 10;
const PEAK_DECAY_DB_PER_FRAME = 0.1;
const CUT_SEARCH_FRAMES = 2 * FRAMES_PER_SECOND;

export class SpeechChunker {
  readonly sampleRate: number;
  private readonly frameSamples: number;
  private readonly minSilenceFrames: number;
  private readonly minSpeechFrames: number;
  private readonly preRollFrames: number;
  private readonly tailFrames: number;
  private readonly maxFrames: number;

  /** Samples from absolute index `bufferStart` on (only what an utterance may still need). */
  private buffer = new Int16Array(16_000);
  private bufferStart = 0;
  private bufferLength = 0;
  /** Frames whose features are computed (complete 10 ms frames). */
  private framesSeen = 0;
  /** Frames classified as speech or not (lags behind during the warm-up). */
  private framesDecided = 0;
  private readonly energies: number[] = [];
  private readonly zcrs: number[] = [];
  /** Energies (dB) of the frames since the buffer's start, for cutting long utterances. */
  private readonly history = new Float64Array(HISTORY_FRAMES);
  private historyCount = 0;
  private threshold: number | null = null;
  private peak = -100;
  private readonly frame = new Float64Array(2);

  private inUtterance = false;
  /** First frame of the utterance in progress, or the end of the previous one (pre-roll limit). */
  private utteranceStartFrame = 0;
  private lastSpeechFrame = -1;
  private speechRun = 0;
  private silenceRun = 0;
  private previousEndFrame = 0;

  constructor(options: SpeechChunkerOptions = {}) {
    this.sampleRate = options.sampleRate ?? 16_000;
    this.frameSamples = Math.round(this.sampleRate / FRAMES_PER_SECOND);
    const frames = (seconds: number) => Math.max(1, Math.round(seconds * FRAMES_PER_SECOND));
    this.minSilenceFrames = frames(options.minSilenceSeconds ?? 0.5);
    this.minSpeechFrames = frames(options.minSpeechSeconds ?? 0.1);
    this.preRollFrames = Math.round((options.preRollSeconds ?? 0.3) * FRAMES_PER_SECOND);
    this.tailFrames = Math.round((options.tailSeconds ?? 0.2) * FRAMES_PER_SECOND);
    this.maxFrames = frames(options.maxUtteranceSeconds ?? 15);
  }

  /** Seconds of audio pushed so far. */
  get duration(): number {
    return (this.bufferStart + this.bufferLength) / this.sampleRate;
  }

  /**
   * The utterance in progress, as it would be if it ended now (its audio so far, up to
   * `tailSeconds` after its last speech frame; a view valid until the next push), or null.
   */
  current(): Utterance | null {
    if (!this.inUtterance) return null;
    const from = this.utteranceStartFrame * this.frameSamples;
    const to = Math.max(from, Math.min(this.bufferStart + this.bufferLength, (this.lastSpeechFrame + 1 + this.tailFrames) * this.frameSamples));
    return { start: from / this.sampleRate, end: to / this.sampleRate, samples: this.view(from, to) };
  }

  push(samples: Int16Array): ChunkerEvent[] {
    this.append(samples);
    const events: ChunkerEvent[] = [];
    const available = Math.floor((this.bufferStart + this.bufferLength) / this.frameSamples);
    while (this.framesSeen < available) this.measure(this.framesSeen++);
    if (this.framesSeen >= WARMUP_FRAMES) this.decideUpTo(this.framesSeen, events);
    this.trim();
    return events;
  }

  /** End of the stream: the utterance in progress, if any, ends with all its audio. */
  flush(): ChunkerEvent[] {
    const events: ChunkerEvent[] = [];
    this.decideUpTo(this.framesSeen, events);
    if (this.inUtterance) {
      const endSample = Math.min(this.bufferStart + this.bufferLength, (this.lastSpeechFrame + 1 + this.tailFrames) * this.frameSamples);
      events.push(this.close(Math.max(endSample, this.utteranceStartFrame * this.frameSamples), 'end-of-stream'));
    }
    return events;
  }

  private measure(index: number): void {
    const offset = index * this.frameSamples - this.bufferStart;
    frameEnergyAndZcr(this.buffer, offset, this.frameSamples, this.frame);
    const energy = this.frame[ENERGY_OFFSET]!;
    this.energies.push(energy);
    this.zcrs.push(this.frame[ZCR_OFFSET]!);
    this.history[this.historyCount % HISTORY_FRAMES] = energy;
    this.historyCount++;
    this.peak = Math.max(energy, this.peak - PEAK_DECAY_DB_PER_FRAME);
    if (index % THRESHOLD_EVERY === THRESHOLD_EVERY - 1 || index + 1 === WARMUP_FRAMES) this.updateThreshold();
  }

  private updateThreshold(): void {
    const sorted = this.history.slice(0, Math.min(this.historyCount, HISTORY_FRAMES)).sort();
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.round(p * (sorted.length - 1)))]!;
    this.threshold = thresholdBetween(at(0.1), Math.max(at(0.97), this.peak));
  }

  private decideUpTo(frames: number, events: ChunkerEvent[]): void {
    if (this.threshold === null && this.framesDecided < frames) this.updateThreshold();
    for (; this.framesDecided < frames; this.framesDecided++) {
      const i = this.framesDecided;
      const k = this.energies.length - (this.framesSeen - i);
      const speech = this.threshold !== null && isSpeechFrame(this.energies[k]!, this.zcrs[k]!, this.threshold);
      this.step(i, speech, events);
    }
  }

  private step(frame: number, speech: boolean, events: ChunkerEvent[]): void {
    if (!this.inUtterance) {
      this.speechRun = speech ? this.speechRun + 1 : 0;
      if (this.speechRun < this.minSpeechFrames) return;
      const first = frame - this.speechRun + 1;
      const bufferFrame = Math.ceil(this.bufferStart / this.frameSamples);
      this.utteranceStartFrame = Math.max(first - this.preRollFrames, this.previousEndFrame, bufferFrame);
      this.open(frame, events);
      return;
    }
    if (speech) {
      this.lastSpeechFrame = frame;
      this.silenceRun = 0;
    } else {
      this.silenceRun++;
    }
    if (this.silenceRun >= this.minSilenceFrames) {
      const end = Math.min(frame + 1, this.lastSpeechFrame + 1 + this.tailFrames);
      events.push(this.close(end * this.frameSamples, 'pause'));
      return;
    }
    if (frame + 1 - this.utteranceStartFrame >= this.maxFrames) {
      const cut = this.quietestFrame(Math.max(this.utteranceStartFrame + 1, frame + 1 - CUT_SEARCH_FRAMES), frame + 1);
      const speechAfterCut = this.lastSpeechFrame >= cut;
      events.push(this.close(cut * this.frameSamples, 'max-length'));
      if (speechAfterCut) {
        this.utteranceStartFrame = cut;
        this.open(frame, events);
      }
    }
  }

  private open(frame: number, events: ChunkerEvent[]): void {
    this.inUtterance = true;
    this.lastSpeechFrame = frame;
    this.silenceRun = 0;
    this.speechRun = 0;
    events.push({ type: 'start', start: (this.utteranceStartFrame * this.frameSamples) / this.sampleRate });
  }

  /** The frame in [from, to) with the least energy (the last one on ties: cut late). */
  private quietestFrame(from: number, to: number): number {
    let best = to - 1;
    for (let i = to - 1; i >= from; i--) {
      if (this.energyOf(i) < this.energyOf(best)) best = i;
    }
    return best;
  }

  private energyOf(frame: number): number {
    return this.energies[this.energies.length - (this.framesSeen - frame)]!;
  }

  private close(endSample: number, reason: UtteranceEndReason): ChunkerEvent {
    const startSample = this.utteranceStartFrame * this.frameSamples;
    const utterance: Utterance = {
      start: startSample / this.sampleRate,
      end: endSample / this.sampleRate,
      samples: this.view(startSample, endSample).slice(),
    };
    this.inUtterance = false;
    this.speechRun = 0;
    this.silenceRun = 0;
    this.previousEndFrame = Math.ceil(endSample / this.frameSamples);
    return { type: 'end', utterance, reason };
  }

  private view(from: number, to: number): Int16Array {
    return this.buffer.subarray(from - this.bufferStart, to - this.bufferStart);
  }

  private append(samples: Int16Array): void {
    const needed = this.bufferLength + samples.length;
    if (needed > this.buffer.length) {
      const bigger = new Int16Array(Math.max(needed, this.buffer.length * 2));
      bigger.set(this.buffer.subarray(0, this.bufferLength));
      this.buffer = bigger;
    }
    this.buffer.set(samples, this.bufferLength);
    this.bufferLength += samples.length;
  }

  /** Drops audio no utterance can need any more, and features no decision or cut will read. */
  private trim(): void {
    const keepFrame = this.inUtterance ? this.utteranceStartFrame : this.framesDecided - this.speechRun - this.preRollFrames;
    const keepSample = Math.max(this.bufferStart, Math.min(keepFrame * this.frameSamples, this.framesDecided * this.frameSamples));
    const drop = keepSample - this.bufferStart;
    if (drop > 0) {
      this.buffer.copyWithin(0, drop, this.bufferLength);
      this.bufferLength -= drop;
      this.bufferStart = keepSample;
    }
    // Features: those of undecided frames, and of the last CUT_SEARCH_FRAMES for cuts.
    const keepFeatures = Math.min(this.framesSeen, this.framesSeen - this.framesDecided + CUT_SEARCH_FRAMES);
    if (this.energies.length > keepFeatures + 1000) {
      this.energies.splice(0, this.energies.length - keepFeatures);
      this.zcrs.splice(0, this.zcrs.length - keepFeatures);
    }
  }
}
