/**
 * Transcript format version 1 (docs/transcript-format.md): the zod schemas of its shape and
 * `checkTranscript`, which checks every invariant of the format and names each problem by its path.
 */
import { z } from 'zod';
import { TURN_SIZE } from '../constants.ts';
import { isMillisecondPrecise, isValidWord, joinWords, segmentLength } from './text.ts';

export const TRANSCRIPT_FORMAT_VERSION = 1;

const zTime = z.number({ error: 'must be a finite number of seconds' }).min(0, { error: 'must be ≥ 0' });
const zIdString = z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' });

/** BCP 47 language tag, as far as the format needs it: "fr", "en-US", "fr-FR", "zh-Hant-TW". */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export const zWord = z.strictObject({
  wid: zIdString,
  word: z.string({ error: 'must be a string' }),
  stime: zTime,
  etime: zTime,
  confidence: z.number({ error: 'must be a number in [0, 1]' }).min(0, { error: 'must be in [0, 1]' }).max(1, { error: 'must be in [0, 1]' }),
});

export const zTurn = z.strictObject({
  turn_id: zIdString,
  speaker_id: zIdString,
  segment: z.string({ error: 'must be a string' }),
  raw_segment: z.string({ error: 'must be a string' }).optional(),
  language: z.string({ error: 'must be a string' }).regex(LANGUAGE_TAG, { error: 'must be a BCP 47 language tag' }).optional(),
  stime: zTime,
  etime: zTime,
  words: z.array(zWord, { error: 'must be an array' }),
});

export const zSpeaker = z.strictObject({
  speaker_id: zIdString,
  speaker_name: z.string({ error: 'must be a string' }),
});

export const zTranscript = z.strictObject({
  version: z.literal(TRANSCRIPT_FORMAT_VERSION, { error: `must be ${TRANSCRIPT_FORMAT_VERSION}` }),
  speakers: z.array(zSpeaker, { error: 'must be an array' }),
  text: z.array(zTurn, { error: 'must be an array' }),
});

export type Word = z.infer<typeof zWord>;
export type Turn = z.infer<typeof zTurn>;
export type Speaker = z.infer<typeof zSpeaker>;
export type Transcript = z.infer<typeof zTranscript>;

export type TranscriptCheck = { ok: true } | { ok: false; problems: string[] };

export interface CheckOptions {
  /** Media duration in seconds: every time must lie in [0, duration]. */
  duration?: number;
}

/** `text[3].words[0].stime` from a zod path. */
function pathString(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(document)' : out;
}

/**
 * Checks a transcript against every rule of the format. Shape errors (zod) are reported first and
 * stop the check; otherwise every invariant is checked and every violation is listed.
 */
export function checkTranscript(doc: unknown, options: CheckOptions = {}): TranscriptCheck {
  const parsed = zTranscript.safeParse(doc);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        return `${pathString(issue.path)}: unknown field(s) ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
      }
      return `${pathString(issue.path)}: ${issue.message}`;
    });
    return { ok: false, problems };
  }
  const problems = invariantProblems(parsed.data, options);
  return problems.length === 0 ? { ok: true } : { ok: false, problems };
}

function invariantProblems(doc: Transcript, options: CheckOptions): string[] {
  const problems: string[] = [];
  const { duration } = options;
  if (duration !== undefined && !(Number.isFinite(duration) && duration >= 0)) {
    problems.push(`options.duration: must be a finite number ≥ 0, got ${duration}`);
  }
  const checkDuration = duration !== undefined && Number.isFinite(duration) && duration >= 0;

  const time = (path: string, value: number) => {
    if (!isMillisecondPrecise(value)) problems.push(`${path}: ${value} is not a whole number of milliseconds`);
    if (checkDuration && value > duration) problems.push(`${path}: ${value} is after the end of the media (${duration} s)`);
  };

  const speakerIds = new Set<string>();
  doc.speakers.forEach((speaker, i) => {
    if (speakerIds.has(speaker.speaker_id)) {
      problems.push(`speakers[${i}].speaker_id: duplicate speaker_id ${JSON.stringify(speaker.speaker_id)}`);
    }
    speakerIds.add(speaker.speaker_id);
  });

  const turnIds = new Map<string, number>();
  const wids = new Map<string, string>();
  doc.text.forEach((turn, t) => {
    const at = `text[${t}]`;
    const seen = turnIds.get(turn.turn_id);
    if (seen !== undefined) problems.push(`${at}.turn_id: duplicate turn_id ${JSON.stringify(turn.turn_id)} (also text[${seen}])`);
    else turnIds.set(turn.turn_id, t);

    if (!speakerIds.has(turn.speaker_id)) {
      problems.push(`${at}.speaker_id: ${JSON.stringify(turn.speaker_id)} is not in speakers`);
    }
    time(`${at}.stime`, turn.stime);
    time(`${at}.etime`, turn.etime);
    if (turn.stime > turn.etime) problems.push(`${at}: stime ${turn.stime} is after etime ${turn.etime}`);
    if (t > 0) {
      const previous = doc.text[t - 1]!;
      if (turn.stime < previous.stime) {
        problems.push(`${at}.stime: ${turn.stime} is before the previous turn's stime ${previous.stime} (turns must be ordered by stime)`);
      }
    }

    turn.words.forEach((word, w) => {
      const wat = `${at}.words[${w}]`;
      const other = wids.get(word.wid);
      if (other !== undefined) problems.push(`${wat}.wid: duplicate wid ${JSON.stringify(word.wid)} (also ${other})`);
      else wids.set(word.wid, wat);
      if (!isValidWord(word.word)) {
        problems.push(`${wat}.word: ${JSON.stringify(word.word)} must be non-empty, without spaces and without a no-break space at its edges`);
      }
      time(`${wat}.stime`, word.stime);
      time(`${wat}.etime`, word.etime);
      if (word.stime > word.etime) problems.push(`${wat}: stime ${word.stime} is after etime ${word.etime}`);
      if (w > 0) {
        const previous = turn.words[w - 1]!;
        if (word.stime < previous.stime) {
          problems.push(`${wat}.stime: ${word.stime} is before the previous word's stime ${previous.stime}`);
        }
        if (word.etime < previous.etime) {
          problems.push(`${wat}.etime: ${word.etime} is before the previous word's etime ${previous.etime}`);
        }
      }
    });

    const first = turn.words[0];
    const last = turn.words[turn.words.length - 1];
    if (first && first.stime < turn.stime) {
      problems.push(`${at}.words[0].stime: ${first.stime} is before the turn's stime ${turn.stime}`);
    }
    if (last && last.etime > turn.etime) {
      problems.push(`${at}.words[${turn.words.length - 1}].etime: ${last.etime} is after the turn's etime ${turn.etime}`);
    }

    const expected = joinWords(turn.words.map((word) => word.word));
    if (turn.segment !== expected) {
      problems.push(`${at}.segment: ${JSON.stringify(clip(turn.segment))} is not its words joined by single spaces (${JSON.stringify(clip(expected))})`);
    }
    const length = segmentLength(turn.segment);
    if (length > TURN_SIZE) problems.push(`${at}.segment: ${length} characters, more than the turn size ${TURN_SIZE}`);
  });
  return problems;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Throws an Error listing every problem; the server calls it before writing a transcript. */
export function assertTranscript(doc: unknown, options: CheckOptions = {}): asserts doc is Transcript {
  const result = checkTranscript(doc, options);
  if (!result.ok) {
    throw new Error(`Invalid transcript (${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}):\n- ${result.problems.join('\n- ')}`);
  }
}
