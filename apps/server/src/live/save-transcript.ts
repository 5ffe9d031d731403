/**
 * A saved session's transcript, made of its channels' finals as they were heard: one speaker per
 * channel (named after it), one turn per final (cut at the turn size, like the pipeline's turns),
 * the final's words with their times and confidences. A translation's transcript is made the same way
 * from the translated finals (`translatedFinals`). Pure apart from the ids it mints.
 */
import crypto from 'node:crypto';
import {
  assertTranscript,
  LANGUAGE_TAG,
  roundTime,
  spreadByLength,
  spreadInserted,
  TRANSCRIPT_FORMAT_VERSION,
  wordsOf,
  type Speaker,
  type Transcript,
  type Turn,
} from '@palabre/shared';
import { buildTranscript } from '../pipeline/finalize.ts';

/** A final of a channel, as stored (times in channel time: seconds of the channel's audio). */
export interface SavedFinal {
  channelIndex: number;
  text: string;
  start: number;
  end: number;
  language: string;
  words: Array<{ word: string; start: number; end: number; confidence: number }>;
  /** Target language → translated text. */
  translations: Record<string, string>;
}

export const speakerIdOf = (channelIndex: number) => `spk${channelIndex + 1}`;

/** A final's words; a final without timed words spreads its text evenly over its time. */
function wordsOfFinal(final: SavedFinal) {
  if (final.words.length > 0) return final.words.map((w) => ({ word: w.word, stime: w.start, etime: w.end, confidence: w.confidence }));
  const words = wordsOf(final.text);
  return spreadInserted(words, final.start, final.end).map(([stime, etime], i) => ({ word: words[i]!, stime, etime, confidence: 1 }));
}

/**
 * The finals translated into `language`, as finals of that language: those without a translation
 * into it are left out; each keeps its channel and times, its words spread over its time in
 * proportion to their length (a translation has no word times of its own).
 */
export function translatedFinals(finals: readonly SavedFinal[], language: string): SavedFinal[] {
  return finals.flatMap((final) => {
    const words = wordsOf(final.translations[language] ?? '');
    if (words.length === 0) return [];
    const times = spreadByLength(words, final.start, final.end);
    return [
      {
        channelIndex: final.channelIndex,
        text: words.join(' '),
        start: final.start,
        end: final.end,
        language,
        words: words.map((word, i) => ({ word, start: times[i]![0], end: times[i]![1], confidence: 1 })),
        translations: {},
      },
    ];
  });
}

/** The target languages `finals` hold a translation into: those of `preferred` first, in its order. */
export function translationLanguages(finals: readonly SavedFinal[], preferred: readonly string[] = []): string[] {
  const found = new Set(
    finals.flatMap((final) =>
      Object.entries(final.translations)
        .filter(([, text]) => wordsOf(text).length > 0)
        .map(([language]) => language),
    ),
  );
  return [...preferred.filter((language) => found.has(language)), ...[...found].filter((language) => !preferred.includes(language)).sort()];
}

/**
 * The transcript of `channels` from their finals. `duration` (seconds of audio, when there is
 * audio) bounds every time; `fallbackLanguage` stands for a final whose language is not a language tag.
 */
export function transcriptFromFinals(
  channels: ReadonlyArray<{ index: number; name: string }>,
  finals: readonly SavedFinal[],
  options: { duration: number | null; fallbackLanguage: string },
  newId: () => string = () => crypto.randomUUID(),
): Transcript {
  const speakers: Speaker[] = channels.map((channel) => ({ speaker_id: speakerIdOf(channel.index), speaker_name: channel.name }));
  const included = new Set(channels.map((channel) => channel.index));
  const text: Turn[] = [];
  for (const final of finals) {
    if (!included.has(final.channelIndex)) continue;
    const language = LANGUAGE_TAG.test(final.language) ? final.language : options.fallbackLanguage;
    const words = wordsOfFinal(final);
    const turn = { speaker_id: speakerIdOf(final.channelIndex), stime: final.start, etime: final.end, words, raw_segment: words.map((w) => w.word).join(' ') };
    text.push(...buildTranscript({ language, speakers, turns: [turn] }, options.duration, newId).text);
  }
  // Stable: the finals of one moment keep the order of their channels.
  text.sort((a, b) => a.stime - b.stime);
  const transcript: Transcript = { version: TRANSCRIPT_FORMAT_VERSION, speakers, text };
  assertTranscript(transcript, options.duration === null ? {} : { duration: options.duration });
  return transcript;
}

/** The end of the last final (seconds), 0 without any. */
export const lastEnd = (finals: readonly SavedFinal[]) => roundTime(Math.max(0, ...finals.map((f) => f.end)));
