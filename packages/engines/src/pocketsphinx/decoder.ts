/**
 * The live loop of one PocketSphinx decoder, the same as `pocketsphinx_continuous`: audio is
 * processed in fixed blocks; after each, the decoder's voice activity detector says whether speech
 * goes on. While it does, the best hypothesis so far is a partial result; when speech turns to
 * silence (after `-vad_postspeech`, 0.5 s by default) the utterance ends, its final hypothesis and
 * word segments are read, and a new utterance starts. Runs synchronously: only ever inside the
 * decoder's child process.
 */
import type { SphinxLibrary } from './library.ts';
import { cleanSphinxToken, SPHINX_FRAME_SECONDS } from './words.ts';
import type { DecoderEvent, StreamWord } from './protocol.ts';

export interface LiveDecoderOptions {
  /** Decoder options, e.g. { '-hmm': …, '-dict': …, '-lm': … }. */
  args: Record<string, string>;
  /** Samples per `ps_process_raw` call (the CLI reads 2048 at a time). */
  blockSamples: number;
}

export class LiveDecoder {
  private readonly lib: SphinxLibrary;
  private decoder: unknown;
  private readonly logmath: unknown;
  private readonly block: Int16Array;
  private filled = 0;
  private inUtterance = false;
  private lastPartial = '';

  constructor(lib: SphinxLibrary, options: LiveDecoderOptions) {
    this.lib = lib;
    const config = lib.configure(options.args);
    if (!config) throw new Error('PocketSphinx refused its options (unknown option or unreadable model path)');
    this.decoder = lib.ps_init(config);
    // ps_init holds its own reference to the configuration.
    lib.cmd_ln_free_r(config);
    if (!this.decoder) throw new Error('PocketSphinx could not load its models (acoustic model, dictionary or language model)');
    this.logmath = lib.ps_get_logmath(this.decoder);
    this.block = new Int16Array(options.blockSamples);
    if (lib.ps_start_utt(this.decoder) < 0) throw new Error('PocketSphinx could not start an utterance');
  }

  /** Feeds samples; returns the partial and final results they produced, in order. */
  process(samples: Int16Array): DecoderEvent[] {
    const events: DecoderEvent[] = [];
    let offset = 0;
    while (offset < samples.length) {
      const take = Math.min(this.block.length - this.filled, samples.length - offset);
      this.block.set(samples.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.block.length) this.processBlock(this.block, events);
    }
    return events;
  }

  /** End of audio: the last (possibly partial) block, then the last final if speech was going on. */
  finish(): DecoderEvent[] {
    const events: DecoderEvent[] = [];
    if (this.filled > 0) this.processBlock(this.block.subarray(0, this.filled), events);
    this.lib.ps_end_utt(this.live());
    if (this.inUtterance) events.push(this.final());
    this.inUtterance = false;
    return events;
  }

  /** Frees the native decoder; safe to call twice. */
  free(): void {
    if (this.decoder) this.lib.ps_free(this.decoder);
    this.decoder = null;
  }

  private live(): unknown {
    if (!this.decoder) throw new Error('the decoder was freed');
    return this.decoder;
  }

  private processBlock(block: Int16Array, events: DecoderEvent[]): void {
    const decoder = this.live();
    if (this.lib.ps_process_raw(decoder, block, block.length, 0, 0) < 0) throw new Error('PocketSphinx failed to process audio');
    this.filled = 0;
    const inSpeech = this.lib.ps_get_in_speech(decoder) !== 0;
    if (inSpeech) {
      this.inUtterance = true;
      const words = this.words(false);
      const text = words.map((w) => w.word).join(' ');
      if (text !== this.lastPartial) {
        this.lastPartial = text;
        events.push({ type: 'partial', text, words });
      }
    } else if (this.inUtterance) {
      this.lib.ps_end_utt(decoder);
      events.push(this.final());
      this.inUtterance = false;
      if (this.lib.ps_start_utt(decoder) < 0) throw new Error('PocketSphinx could not start an utterance');
    }
  }

  private final(): DecoderEvent {
    this.lastPartial = '';
    // A NULL hypothesis (noise that the detector took for speech) is an empty final: it still
    // tells listeners that the partial they showed is withdrawn.
    const hypothesis = this.lib.ps_get_hyp(this.live(), null);
    const words = hypothesis === null ? [] : this.words(true);
    return { type: 'final', text: words.map((w) => w.word).join(' '), words };
  }

  /**
   * The current hypothesis's words. Frames count from the decoder's creation (10 ms each), so
   * times are seconds since the stream began. Posteriors exist only once an utterance has ended.
   */
  private words(withPosteriors: boolean): StreamWord[] {
    const words: StreamWord[] = [];
    const start = [0];
    const end = [0];
    for (let seg = this.lib.ps_seg_iter(this.live()); seg; seg = this.lib.ps_seg_next(seg)) {
      const word = cleanSphinxToken(this.lib.ps_seg_word(seg));
      if (word === null) continue;
      this.lib.ps_seg_frames(seg, start, end);
      const posterior = withPosteriors ? this.lib.logmath_exp(this.logmath, this.lib.ps_seg_prob(seg, null, null, null)) : 1;
      words.push({
        word,
        start: round3(start[0]! * SPHINX_FRAME_SECONDS),
        end: round3((end[0]! + 1) * SPHINX_FRAME_SECONDS),
        confidence: round3(Number.isFinite(posterior) ? Math.min(1, Math.max(0, posterior)) : 0),
      });
    }
    return words;
  }
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
