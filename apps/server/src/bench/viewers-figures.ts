/**
 * The pure part of `palabre bench viewers`: what each viewer received, matched against when the
 * audio was sent. The sender writes the stream in fixed-length messages and notes when each was
 * sent; a caption's word times are stream time, so a word's end time names the message holding its
 * last sample, and that message's send time is when the word's audio left the sender.
 *
 * - final latency: a final's arrival at a viewer minus the send time of its last word's end, split
 *   at the moment the server made the final (its `at`): engine (send → made, once per final) and
 *   delivery (made → arrival: storing it, the fan-out, the viewer reading it; per viewer);
 * - partial latency: for each word of a final (its position k in the utterance), the arrival of the
 *   first partial of that utterance whose k-th word is that word, minus the send time of its end;
 * - fan-out: per final, the last viewer's arrival minus the first's;
 * - translation delay: per viewer and final, the translated version's arrival minus the first's;
 * - missing: (viewer, final) pairs where the viewer never got a final (or its translation) that
 *   some other viewer got.
 */
import { percentile } from './library.ts';
import { median } from './report.ts';

export interface CaptionWord {
  word: string;
  end: number;
}

/** One utterance as one viewer saw it (times in milliseconds since the epoch, as the server's `at`). */
export interface SeenSegment {
  /** Arrival of the first (untranslated) final. */
  final?: number;
  /** When the server made that final (its `at`). */
  made?: number;
  /** The final's words (stream time, seconds). */
  words?: readonly CaptionWord[];
  /** Arrival of the final carrying translations. */
  translated?: number;
  /** First arrival of each (position, word) in the utterance's partials: see `sightingKey`. */
  sightings: Map<string, number>;
}

/** What one viewer received, by segment id. */
export type ViewerLog = Map<number, SeenSegment>;

const tokens = (text: string) => text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
const sightingKey = (position: number, word: string) => `${position}\u0000${word.toLocaleLowerCase()}`;

function segment(log: ViewerLog, segmentId: number): SeenSegment {
  let seen = log.get(segmentId);
  if (!seen) log.set(segmentId, (seen = { sightings: new Map() }));
  return seen;
}

/** A partial arrived at `at`: its words are noted where not seen before at their position. */
export function recordPartial(log: ViewerLog, segmentId: number, text: string, at: number): void {
  const { sightings } = segment(log, segmentId);
  tokens(text).forEach((word, position) => {
    const key = sightingKey(position, word);
    if (!sightings.has(key)) sightings.set(key, at);
  });
}

/** A final arrived at `at`: the first untranslated one counts as the final, the first with translations as its translation. */
export function recordFinal(log: ViewerLog, segmentId: number, final: { words: readonly CaptionWord[]; translations: Record<string, string>; at: string }, at: number): void {
  const seen = segment(log, segmentId);
  if (Object.keys(final.translations).length > 0) seen.translated ??= at;
  else if (seen.final === undefined) {
    seen.final = at;
    seen.made = Date.parse(final.at);
    seen.words = final.words;
  }
}

/**
 * When the audio ending at `seconds` of stream time was sent: the send time of the message holding
 * its last sample (message i holds [i × messageMs, (i + 1) × messageMs)). Undefined past the last
 * message sent.
 */
export function sentAt(sendTimes: readonly number[], seconds: number, messageMs: number): number | undefined {
  // Caption times are rounded to the millisecond: work in whole milliseconds to avoid float edges.
  const index = Math.max(0, Math.ceil(Math.round(seconds * 1000) / messageMs) - 1);
  return sendTimes[index];
}

export interface Distribution {
  median: number;
  p95: number;
  count: number;
}

export function distribution(values: readonly number[]): Distribution {
  return values.length ? { median: median(values), p95: percentile(values, 0.95), count: values.length } : { median: NaN, p95: NaN, count: 0 };
}

export interface ViewerFigures {
  final: Distribution;
  /** Send of the last word's audio → the server made the final (once per final). */
  engine: Distribution;
  /** The server made the final → a viewer got it (per viewer and final). */
  delivery: Distribution;
  partial: Distribution;
  fanOut: Distribution;
  translation: Distribution;
  /** Finals that reached at least one viewer. */
  finals: number;
  /** Of those, finals whose translation reached at least one viewer. */
  translated: number;
  missingFinals: number;
  missingTranslations: number;
}

/** The figures of one run from every viewer's log and the send times of the audio messages. */
export function viewerFigures(logs: readonly ViewerLog[], sendTimes: readonly number[], messageMs: number): ViewerFigures {
  const finalLatencies: number[] = [];
  const engineLatencies: number[] = [];
  const deliveryLatencies: number[] = [];
  const partialLatencies: number[] = [];
  const fanOuts: number[] = [];
  const translationDelays: number[] = [];
  const segmentIds = new Set(logs.flatMap((log) => [...log].filter(([, seen]) => seen.final !== undefined).map(([id]) => id)));
  const translatedIds = new Set(logs.flatMap((log) => [...log].filter(([, seen]) => seen.translated !== undefined).map(([id]) => id)));
  let missingFinals = 0;
  let missingTranslations = 0;
  for (const id of segmentIds) {
    const arrivals: number[] = [];
    let engine: number | undefined;
    for (const log of logs) {
      const seen = log.get(id);
      if (seen?.final === undefined || !seen.words) {
        missingFinals++;
        continue;
      }
      arrivals.push(seen.final);
      const last = seen.words.at(-1);
      const lastSent = last && sentAt(sendTimes, last.end, messageMs);
      if (lastSent !== undefined) finalLatencies.push(seen.final - lastSent);
      if (seen.made !== undefined && Number.isFinite(seen.made)) {
        deliveryLatencies.push(seen.final - seen.made);
        if (lastSent !== undefined) engine ??= seen.made - lastSent;
      }
      seen.words.forEach((word, position) => {
        const sighted = seen.sightings.get(sightingKey(position, word.word));
        const sent = sentAt(sendTimes, word.end, messageMs);
        if (sighted !== undefined && sent !== undefined) partialLatencies.push(sighted - sent);
      });
      if (translatedIds.has(id)) {
        if (seen.translated === undefined) missingTranslations++;
        else translationDelays.push(seen.translated - seen.final);
      }
    }
    if (engine !== undefined) engineLatencies.push(engine);
    if (arrivals.length > 1) fanOuts.push(Math.max(...arrivals) - Math.min(...arrivals));
    else if (arrivals.length === 1) fanOuts.push(0);
  }
  // A translation whose untranslated final never came is missing too.
  for (const id of translatedIds) if (!segmentIds.has(id)) missingTranslations += logs.filter((log) => log.get(id)?.translated === undefined).length;
  return {
    final: distribution(finalLatencies),
    engine: distribution(engineLatencies),
    delivery: distribution(deliveryLatencies),
    partial: distribution(partialLatencies),
    fanOut: distribution(fanOuts),
    translation: distribution(translationDelays),
    finals: segmentIds.size,
    translated: translatedIds.size,
    missingFinals,
    missingTranslations,
  };
}
