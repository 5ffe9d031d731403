/** docs/transcript-format.md §3–§5: the shape and every invariant of a transcript, with the path of each problem. */
import { describe, expect, it } from 'vitest';
import {
  TRANSCRIPT_FORMAT_VERSION,
  TURN_SIZE,
  assertTranscript,
  checkTranscript,
  isPunctuationToken,
  isValidWord,
  roundTime,
  segmentLength,
  tokenize,
  wordsOf,
  zTranscript,
  type Transcript,
  type Turn,
  type Word,
} from '../src/index.ts';

const word = (wid: string, text: string, stime: number, etime: number, confidence = 0.9): Word => ({ wid, word: text, stime, etime, confidence });

function turn(turn_id: string, speaker_id: string, stime: number, etime: number, words: Word[], extra: Partial<Turn> = {}): Turn {
  return { turn_id, speaker_id, segment: words.map((w) => w.word).join(' '), stime, etime, words, ...extra };
}

/** A valid two-speaker transcript; each test breaks one thing in a fresh copy. */
function sample(): Transcript {
  return {
    version: 1,
    speakers: [
      { speaker_id: 'spk1', speaker_name: 'Amélie' },
      { speaker_id: 'spk2', speaker_name: 'Bruno' },
    ],
    text: [
      turn('t1', 'spk1', 0, 2.5, [word('w1', 'Bonjour,', 0.2, 0.7), word('w2', 'ça', 0.8, 1), word('w3', 'va\u202f?', 1, 1.4)], {
        raw_segment: 'bonjour ça va',
        language: 'fr-FR',
      }),
      turn('t2', 'spk2', 2.5, 4, [word('w4', 'Très', 2.6, 2.9, 1), word('w5', 'bien.', 2.9, 3.3, 0)]),
      turn('t3', 'spk1', 4, 4, []),
    ],
  };
}

function problems(doc: unknown, duration?: number): string[] {
  const result = checkTranscript(doc, duration === undefined ? {} : { duration });
  return result.ok ? [] : result.problems;
}

describe('a valid transcript', () => {
  it('passes, with and without the media duration', () => {
    expect(TRANSCRIPT_FORMAT_VERSION).toBe(1);
    expect(checkTranscript(sample())).toEqual({ ok: true });
    expect(checkTranscript(sample(), { duration: 4 })).toEqual({ ok: true });
    expect(() => assertTranscript(sample(), { duration: 10 })).not.toThrow();
  });

  it('may be empty, may have unused speakers and overlapping turns of different speakers', () => {
    expect(problems({ version: 1, speakers: [], text: [] })).toEqual([]);
    const doc = sample();
    doc.speakers.push({ speaker_id: 'spk3', speaker_name: '' });
    doc.text[1] = turn('t2', 'spk2', 2, 4, [word('w4', 'Très', 2.6, 2.9), word('w5', 'bien.', 2.9, 3.3)]);
    expect(problems(doc)).toEqual([]);
  });

  it('accepts zero-length words and turns, and split words sharing their times', () => {
    const doc = sample();
    doc.text[1] = turn('t2', 'spk2', 2.5, 4, [word('w4', 'Très', 2.6, 2.9), word('w5', 'bien', 2.6, 2.9), word('w6', '!', 2.9, 2.9)]);
    expect(problems(doc)).toEqual([]);
  });
});

describe('shape', () => {
  it('requires version 1', () => {
    expect(problems({ ...sample(), version: 2 })).toEqual(['version: must be 1']);
    const { version: _v, ...noVersion } = sample();
    expect(problems(noVersion)).toEqual(['version: must be 1']);
  });

  it('refuses unknown fields, at any depth', () => {
    const doc = sample() as unknown as { text: Array<{ words: Array<Record<string, unknown>> }>; extra?: number };
    doc.extra = 1;
    doc.text[0]!.words[1]!.speaker = 'x';
    expect(problems(doc).sort()).toEqual(['(document): unknown field(s) "extra"', 'text[0].words[1]: unknown field(s) "speaker"']);
  });

  it('requires string ids', () => {
    const doc = sample() as unknown as { text: Array<Record<string, unknown>> };
    doc.text[1]!.turn_id = 2;
    expect(problems(doc)).toEqual(['text[1].turn_id: must be a string']);
    const doc2 = sample();
    doc2.text[0]!.words[0]!.wid = '';
    expect(problems(doc2)).toEqual(['text[0].words[0].wid: must not be empty']);
  });

  it('requires times as numbers of seconds ≥ 0', () => {
    const doc = sample() as unknown as { text: Array<{ words: Array<Record<string, unknown>> }> };
    doc.text[0]!.words[0]!.stime = '0.2';
    expect(problems(doc)).toEqual(['text[0].words[0].stime: must be a finite number of seconds']);
    const negative = sample();
    negative.text[0]!.stime = -0.5;
    expect(problems(negative)).toEqual(['text[0].stime: must be ≥ 0']);
    const infinite = sample();
    infinite.text[1]!.etime = Number.POSITIVE_INFINITY;
    expect(problems(infinite)).toEqual(['text[1].etime: must be a finite number of seconds']);
  });

  it('requires confidence in [0, 1]', () => {
    const doc = sample();
    doc.text[1]!.words[0]!.confidence = 1.2;
    doc.text[1]!.words[1]!.confidence = -0.1;
    expect(problems(doc)).toEqual(['text[1].words[0].confidence: must be in [0, 1]', 'text[1].words[1].confidence: must be in [0, 1]']);
  });

  it('requires language to be a BCP 47 tag when present', () => {
    const doc = sample();
    doc.text[0]!.language = 'French';
    expect(problems(doc)).toEqual(['text[0].language: must be a BCP 47 language tag']);
  });

  it('gives zod types for the server and the web client', () => {
    const parsed = zTranscript.parse(sample());
    expect(parsed.text[0]!.raw_segment).toBe('bonjour ça va');
    expect(parsed.text[1]!.raw_segment).toBeUndefined();
  });
});

describe('invariants', () => {
  it('ids: speaker_id, turn_id and wid are unique (wid across the whole document)', () => {
    const doc = sample();
    doc.speakers.push({ speaker_id: 'spk1', speaker_name: 'Again' });
    doc.text[2]!.turn_id = 't1';
    doc.text[1]!.words[1]!.wid = 'w2';
    expect(problems(doc)).toEqual([
      'speakers[2].speaker_id: duplicate speaker_id "spk1"',
      'text[1].words[1].wid: duplicate wid "w2" (also text[0].words[1])',
      'text[2].turn_id: duplicate turn_id "t1" (also text[0])',
    ]);
  });

  it("a turn's speaker exists", () => {
    const doc = sample();
    doc.text[1]!.speaker_id = 'ghost';
    expect(problems(doc)).toEqual(['text[1].speaker_id: "ghost" is not in speakers']);
  });

  it('word stime ≤ etime', () => {
    const doc = sample();
    doc.text[0]!.words[1] = word('w2', 'ça', 0.95, 0.9);
    expect(problems(doc)).toEqual(['text[0].words[1]: stime 0.95 is after etime 0.9']);
  });

  it('turn stime ≤ etime', () => {
    const doc = sample();
    doc.text[2]!.etime = 3.9;
    expect(problems(doc)).toEqual(['text[2]: stime 4 is after etime 3.9']);
  });

  it('word start times do not go back within a turn', () => {
    const doc = sample();
    doc.text[0]!.words[2] = word('w3', 'va\u202f?', 0.75, 1.4);
    expect(problems(doc)).toEqual(["text[0].words[2].stime: 0.75 is before the previous word's stime 0.8"]);
  });

  it('word end times do not go back within a turn', () => {
    const doc = sample();
    doc.text[0]!.words[1] = word('w2', 'ça', 0.8, 1.5);
    expect(problems(doc)).toEqual(["text[0].words[2].etime: 1.4 is before the previous word's etime 1.5"]);
  });

  it("a turn's words lie within its bounds", () => {
    const doc = sample();
    doc.text[0]!.stime = 0.3;
    doc.text[1]!.etime = 3.2;
    expect(problems(doc)).toEqual(["text[0].words[0].stime: 0.2 is before the turn's stime 0.3", "text[1].words[1].etime: 3.3 is after the turn's etime 3.2"]);
  });

  it('turns are ordered by stime', () => {
    const doc = sample();
    doc.text[2] = turn('t3', 'spk1', 2.4, 2.4, []);
    expect(problems(doc)).toEqual(["text[2].stime: 2.4 is before the previous turn's stime 2.5 (turns must be ordered by stime)"]);
  });

  it('every time lies within the media duration', () => {
    expect(problems(sample(), 3.5)).toEqual([
      'text[1].etime: 4 is after the end of the media (3.5 s)',
      'text[2].stime: 4 is after the end of the media (3.5 s)',
      'text[2].etime: 4 is after the end of the media (3.5 s)',
    ]);
    expect(problems(sample(), 3.2)).toContain('text[1].words[1].etime: 3.3 is after the end of the media (3.2 s)');
    expect(problems(sample(), Number.NaN)).toEqual(['options.duration: must be a finite number ≥ 0, got NaN']);
  });

  it('times have millisecond precision', () => {
    const doc = sample();
    doc.text[0]!.words[0]!.etime = 0.7004;
    expect(problems(doc)).toEqual(['text[0].words[0].etime: 0.7004 is not a whole number of milliseconds']);
    // Float arithmetic that lands on a whole millisecond is fine.
    const sum = sample();
    sum.text[0]!.words[0]!.etime = 0.1 + 0.2 + 0.4;
    expect(problems(sum)).toEqual([]);
  });

  it('segment is the words joined by single spaces', () => {
    const doc = sample();
    doc.text[0]!.segment = 'Bonjour,  ça va\u202f?';
    expect(problems(doc)).toEqual(['text[0].segment: "Bonjour,  ça va\u202f?" is not its words joined by single spaces ("Bonjour, ça va\u202f?")']);
    const punctuation = sample();
    punctuation.text[1]!.segment = 'Très bien .';
    expect(problems(punctuation)).toHaveLength(1);
    const empty = sample();
    empty.text[2]!.segment = ' ';
    expect(problems(empty)).toEqual(['text[2].segment: " " is not its words joined by single spaces ("")']);
  });

  it('a word is non-empty and has no space, nor a no-break space at its edges', () => {
    const doc = sample();
    doc.text[1] = { ...turn('t2', 'spk2', 2.5, 4, [word('w4', 'Très bien', 2.6, 2.9), word('w5', '', 2.9, 3.3)]) };
    expect(problems(doc)).toEqual([
      'text[1].words[0].word: "Très bien" must be non-empty, without spaces and without a no-break space at its edges',
      'text[1].words[1].word: "" must be non-empty, without spaces and without a no-break space at its edges',
    ]);
    const edge = sample();
    edge.text[1] = turn('t2', 'spk2', 2.5, 4, [word('w4', '\u00a0!', 2.6, 2.9)]);
    expect(problems(edge)).toHaveLength(1);
  });

  it(`a segment has at most TURN_SIZE (${TURN_SIZE}) characters, counted as code points`, () => {
    const make = (text: string, count: number) =>
      turn(
        't2',
        'spk2',
        2.5,
        4,
        Array.from({ length: count }, (_, i) => word(`x${i}`, text, 3, 3)),
      );
    const atLimit = sample();
    atLimit.text[1] = make('été', 500); // 500 × 3 letters + 499 spaces = 1999 code points (2 bytes each in UTF-8)
    atLimit.text[1].words.push(word('y', 'à', 3, 3)); // + " à" = 2001
    atLimit.text[1].segment = atLimit.text[1].words.map((w) => w.word).join(' ');
    expect(segmentLength(atLimit.text[1].segment)).toBe(2001);
    expect(problems(atLimit)).toEqual([`text[1].segment: 2001 characters, more than the turn size ${TURN_SIZE}`]);
    const exact = sample();
    exact.text[1] = make('été', 500);
    exact.text[1].words.push(word('y', 'a', 3, 3));
    exact.text[1].words[0]!.word = 'ét';
    exact.text[1].segment = exact.text[1].words.map((w) => w.word).join(' ');
    expect(segmentLength(exact.text[1].segment)).toBe(2000);
    expect(problems(exact)).toEqual([]);
    // Emoji are one character each, though two UTF-16 units.
    expect(segmentLength('😀😀')).toBe(2);
  });

  it('lists every problem at once', () => {
    const doc = sample();
    doc.text[0]!.speaker_id = 'nobody';
    doc.text[1]!.words[0]!.stime = 3;
    doc.text[2]!.segment = 'orphan';
    expect(problems(doc)).toHaveLength(4);
  });
});

describe('assertTranscript', () => {
  it('throws an Error listing the problems', () => {
    const doc = sample();
    doc.text[1]!.speaker_id = 'ghost';
    doc.text[2]!.etime = 1;
    expect(() => assertTranscript(doc)).toThrow('Invalid transcript (2 problems):\n- text[1].speaker_id: "ghost" is not in speakers\n- text[2]: stime 4 is after etime 1');
    expect(() => assertTranscript(null)).toThrow(/Invalid transcript \(1 problem\):\n- \(document\): /);
  });
});

describe('text rules', () => {
  it('cuts words on spaces, tabs and new lines, never on no-break spaces', () => {
    expect(wordsOf('  Bonjour,\tça   va\u202f?\n')).toEqual(['Bonjour,', 'ça', 'va\u202f?']);
    expect(wordsOf('Il a dit\u00a0: « oui »')).toEqual(['Il', 'a', 'dit\u00a0:', '«', 'oui', '»']);
    expect(wordsOf('fin \u00a0!')).toEqual(['fin', '!']);
    expect(wordsOf(' \u00a0 ')).toEqual([]);
    expect(wordsOf('')).toEqual([]);
  });

  it('normalises words to NFC and reports offsets in the input', () => {
    const decomposed = 'e\u0301te\u0301'; // "été" with combining accents
    expect(tokenize(`un ${decomposed}`)).toEqual([
      { text: 'un', start: 0, end: 2 },
      { text: 'été', start: 3, end: 8 },
    ]);
    expect(tokenize(' \u00a0!')).toEqual([{ text: '!', start: 2, end: 3 }]);
  });

  it('knows punctuation tokens and legal words', () => {
    for (const p of ['!', '?', '…', '«', '»', '—', '?!', '.', '"']) expect(isPunctuationToken(p)).toBe(true);
    for (const w of ['a', '%', '€', '3', 'Bonjour,', "l'équipe"]) expect(isPunctuationToken(w)).toBe(false);
    expect(isValidWord('va\u202f?')).toBe(true);
    expect(isValidWord('va ?')).toBe(false);
    expect(isValidWord('\u202f?')).toBe(false);
  });

  it('rounds times to the millisecond', () => {
    expect(roundTime(1.23456)).toBe(1.235);
    expect(roundTime(0.1 + 0.2)).toBe(0.3);
    expect(Object.is(roundTime(-0.0001), 0)).toBe(true);
  });
});
