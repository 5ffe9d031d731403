/** docs/transcript-format.md §6: the timing rules applied when a person edits a transcript. */
import { describe, expect, it } from 'vitest';
import {
  EDITED_CONFIDENCE,
  TURN_SIZE,
  checkTranscript,
  createWordLocator,
  deleteWords,
  editWord,
  insertText,
  mergeTurns,
  mergeWords,
  pasteWords,
  retimeEditedTurn,
  splitTurn,
  splitWord,
  spreadByLength,
  spreadInserted,
  transcriptText,
  wordAt,
  wordDistance,
  type EditResult,
  type Transcript,
  type Turn,
  type Word,
} from '../src/index.ts';

const w = (wid: string, word: string, stime: number, etime: number, confidence = 0.8): Word => ({ wid, word, stime, etime, confidence });
const t = (turn_id: string, stime: number, etime: number, words: Word[], extra: Partial<Turn> = {}): Turn => ({
  turn_id,
  speaker_id: 'spk1',
  segment: words.map((x) => x.word).join(' '),
  stime,
  etime,
  words,
  ...extra,
});

/** "bonjour tout le monde" in [0, 4], with gaps between the words. */
const base = (): Turn =>
  t('t1', 0, 4, [w('w1', 'bonjour', 0.5, 1), w('w2', 'tout', 1.2, 1.5), w('w3', 'le', 1.6, 1.8), w('w4', 'monde', 2, 2.5)], {
    raw_segment: 'bonjour tout le monde',
    language: 'fr',
  });

function ids(): () => string {
  let n = 0;
  return () => `new${++n}`;
}

/** word[stime,etime]confidence, compact and exact. */
const show = (turn: Turn) => turn.words.map((x) => `${x.wid}:${x.word}[${x.stime},${x.etime}]${x.confidence}`);

/** The edited turn must still satisfy every invariant of the format. */
function valid(turn: Turn): Turn {
  const doc: Transcript = { version: 1, speakers: [{ speaker_id: 'spk1', speaker_name: 'A' }], text: [turn] };
  expect(checkTranscript(doc)).toEqual({ ok: true });
  return turn;
}

function value<T>(result: EditResult<T>): T {
  if (!result.ok) throw new Error(`unexpected ${result.error.code}: ${result.error.message}`);
  return result.value;
}

const edit = (text: string, before = base(), options = {}) => valid(retimeEditedTurn(before, text, ids(), options));

describe('retimeEditedTurn', () => {
  it('leaves an unchanged text untouched, even with extra spaces', () => {
    const before = base();
    expect(edit('bonjour tout le monde')).toEqual(before);
    expect(edit('  bonjour \t tout\nle   monde  ')).toEqual(before);
  });

  it('does not change its argument', () => {
    const before = base();
    const copy = structuredClone(before);
    retimeEditedTurn(before, 'salut la compagnie', ids());
    expect(before).toEqual(copy);
  });

  it('typing inside a word keeps its times and wid; the word gets confidence 1', () => {
    const after = edit('Bonjour tous le monde');
    expect(show(after)).toEqual(['w1:Bonjour[0.5,1]1', 'w2:tous[1.2,1.5]1', 'w3:le[1.6,1.8]0.8', 'w4:monde[2,2.5]0.8']);
    expect(after.segment).toBe('Bonjour tous le monde');
    expect(after.raw_segment).toBe('bonjour tout le monde');
    expect(after.language).toBe('fr');
    expect([after.stime, after.etime]).toEqual([0, 4]);
  });

  it('replacing a word by another keeps the times of the place it takes', () => {
    expect(show(edit('bonjour tout la planète'))).toEqual(['w1:bonjour[0.5,1]0.8', 'w2:tout[1.2,1.5]0.8', 'w3:la[1.6,1.8]1', 'w4:planète[2,2.5]1']);
  });

  it('punctuation typed onto a word is typing inside it', () => {
    expect(show(edit('Bonjour, tout le monde.'))).toEqual(['w1:Bonjour,[0.5,1]1', 'w2:tout[1.2,1.5]0.8', 'w3:le[1.6,1.8]0.8', 'w4:monde.[2,2.5]1']);
  });

  it('splitting a word copies its times to both parts', () => {
    const before = t('t1', 0, 3, [w('w1', 'bonjourtout', 0.5, 1.5), w('w2', 'le', 1.6, 1.8), w('w3', 'monde', 2, 2.5)]);
    expect(show(edit('bonjour tout le monde', before))).toEqual(['w1:bonjour[0.5,1.5]1', 'new1:tout[0.5,1.5]1', 'w2:le[1.6,1.8]0.8', 'w3:monde[2,2.5]0.8']);
  });

  it('splitting a word with a small fix is still a split', () => {
    const before = t('t1', 0, 3, [w('w1', 'aujourdhui', 0.5, 1.5)]);
    expect(show(edit("aujourd' hui", before))).toEqual(["w1:aujourd'[0.5,1.5]1", 'new1:hui[0.5,1.5]1']);
  });

  it('merging words keeps the first word’s start and the last word’s end', () => {
    const before = t('t1', 0, 3, [w('w1', 'bon', 0.5, 0.8), w('w2', 'jour', 0.9, 1.2), w('w3', 'à', 1.3, 1.4), w('w4', 'tous', 1.5, 2)]);
    expect(show(edit('bonjour à tous', before))).toEqual(['w1:bonjour[0.5,1.2]1', 'w3:à[1.3,1.4]0.8', 'w4:tous[1.5,2]0.8']);
    expect(show(edit('Bonjour, à tous', before))).toEqual(['w1:Bonjour,[0.5,1.2]1', 'w3:à[1.3,1.4]0.8', 'w4:tous[1.5,2]0.8']);
  });

  it('re-spacing across words: each new word spans the old words it takes letters from', () => {
    const before = t('t1', 0, 3, [w('w1', 'les', 0.5, 0.8), w('w2', 'zamis', 0.9, 1.2), w('w3', 'vont', 1.3, 1.6)]);
    // "les zamis" → "leszamis": a merge; then "vont" unchanged.
    expect(show(edit('leszamis vont', before))).toEqual(['w1:leszamis[0.5,1.2]1', 'w3:vont[1.3,1.6]0.8']);
  });

  it('an inserted word is spread in the gap between its neighbours', () => {
    expect(show(edit('bonjour à tout le monde'))).toEqual(['w1:bonjour[0.5,1]0.8', 'new1:à[1,1.2]1', 'w2:tout[1.2,1.5]0.8', 'w3:le[1.6,1.8]0.8', 'w4:monde[2,2.5]0.8']);
  });

  it('several inserted words share the gap evenly, rounded to the millisecond', () => {
    expect(show(edit('bonjour tout le monde entier et bien plus', base()))).toEqual([
      'w1:bonjour[0.5,1]0.8',
      'w2:tout[1.2,1.5]0.8',
      'w3:le[1.6,1.8]0.8',
      'w4:monde[2,2.5]0.8',
      'new1:entier[2.5,2.875]1',
      'new2:et[2.875,3.25]1',
      'new3:bien[3.25,3.625]1',
      'new4:plus[3.625,4]1',
    ]);
    expect(spreadInserted(['a', 'b', 'c'], 1, 2)).toEqual([
      [1, 1.333],
      [1.333, 1.667],
      [1.667, 2],
    ]);
  });

  it('spreads untimed text over a span in proportion to the length of its words, punctuation taking no time', () => {
    expect(spreadByLength(['bonjour', 'à', 'tous', '!'], 2, 4.4)).toEqual([
      [2, 3.4],
      [3.4, 3.6],
      [3.6, 4.4],
      [4.4, 4.4],
    ]);
    expect(spreadByLength(['«', 'oui', '»'], 1, 2)).toEqual([
      [1, 1],
      [1, 2],
      [2, 2],
    ]);
    expect(spreadByLength(['?'], 1, 2)).toEqual([[1, 1]]);
    expect(spreadByLength([], 1, 2)).toEqual([]);
  });

  it("at the start of the turn, inserted words start at the turn's start", () => {
    expect(show(edit('alors bonjour tout le monde')).slice(0, 2)).toEqual(['new1:alors[0,0.5]1', 'w1:bonjour[0.5,1]0.8']);
  });

  it('an inserted punctuation token takes no time', () => {
    expect(show(edit('bonjour tout le monde !'))).toContain('new1:![2.5,2.5]1');
    expect(show(edit('bonjour « tout » le monde'))).toEqual([
      'w1:bonjour[0.5,1]0.8',
      'new1:«[1,1]1',
      'w2:tout[1.2,1.5]0.8',
      'new2:»[1.5,1.5]1',
      'w3:le[1.6,1.8]0.8',
      'w4:monde[2,2.5]0.8',
    ]);
    expect(spreadInserted(['oui', '!', 'non', '.'], 0, 1)).toEqual([
      [0, 0.5],
      [0.5, 0.5],
      [0.5, 1],
      [1, 1],
    ]);
  });

  it('an inserted word between overlapping neighbours (two parts of a split) gets their overlap', () => {
    const before = t('t1', 0, 3, [w('w1', 'bonjour', 0.5, 1.5), w('w2', 'tout', 0.5, 1.5)]);
    expect(show(edit('bonjour à tout', before))).toEqual(['w1:bonjour[0.5,1.5]0.8', 'new1:à[0.5,1.5]1', 'w2:tout[0.5,1.5]0.8']);
  });

  it('deleted words vanish; the others keep everything', () => {
    expect(show(edit('bonjour monde'))).toEqual(['w1:bonjour[0.5,1]0.8', 'w4:monde[2,2.5]0.8']);
  });

  it('deleting every word leaves an empty turn with its bounds', () => {
    const after = edit('   ');
    expect(after.words).toEqual([]);
    expect(after.segment).toBe('');
    expect([after.stime, after.etime]).toEqual([0, 4]);
  });

  it('typing into an empty turn spreads the words over the whole turn', () => {
    const empty = t('t9', 10, 12, []);
    expect(show(edit('oui bien sûr', empty))).toEqual(['new1:oui[10,10.667]1', 'new2:bien[10.667,11.333]1', 'new3:sûr[11.333,12]1']);
  });

  it('a moved word is deleted where it was and inserted where it goes', () => {
    expect(show(edit('le monde bonjour'))).toEqual(['w3:le[1.6,1.8]0.8', 'w4:monde[2,2.5]0.8', 'new1:bonjour[2.5,4]1']);
  });

  it('pasted text loses foreign times: it is inserted, even over words it replaces', () => {
    // The user selected "tout le" and pasted "tout le" copied from elsewhere.
    const text = 'bonjour tout le monde';
    const start = text.indexOf('tout');
    const after = edit(text, base(), { pasted: [[start, start + 'tout le'.length]] });
    expect(show(after)).toEqual(['w1:bonjour[0.5,1]0.8', 'new1:tout[1,1.5]1', 'new2:le[1.5,2]1', 'w4:monde[2,2.5]0.8']);
  });

  it('handles accents, composed or not, as the same word', () => {
    const before = t('t1', 0, 2, [w('w1', 'été', 0, 1), w('w2', 'déjà', 1, 2)]);
    expect(edit('e\u0301te\u0301 de\u0301ja\u0300', before)).toEqual(before);
    expect(show(edit('Été déjà', before))).toEqual(['w1:Été[0,1]1', 'w2:déjà[1,2]0.8']);
  });

  it('keeps French no-break spaces inside words', () => {
    const before = t('t1', 0, 2, [w('w1', 'Vraiment', 0, 1)]);
    const after = edit('Vraiment\u202f?', before);
    expect(show(after)).toEqual(['w1:Vraiment\u202f?[0,1]1']);
    expect(after.segment).toBe('Vraiment\u202f?');
  });

  it('retimes very long turns (a 300-word, 1,989-character turn, one word changed in the middle)', () => {
    const many = Array.from({ length: 300 }, (_, i) => w(`w${i}`, `mot${i}`, i, i + 0.5));
    const before = t('t1', 0, 300, many);
    expect(before.segment.length).toBe(1989);
    const text = many.map((x, i) => (i === 200 ? 'changé' : x.word)).join(' ');
    const after = edit(text, before);
    expect(after.words).toHaveLength(300);
    expect(after.words[200]).toEqual(w('w200', 'changé', 200, 200.5, 1));
    expect(after.words.filter((x) => x.confidence === 1)).toHaveLength(1);
  });

  it('replacing a very long turn entirely stays valid and keeps positions', () => {
    const many = Array.from({ length: 300 }, (_, i) => w(`w${i}`, `a${i}`, i, i + 1));
    const after = edit(Array.from({ length: 300 }, (_, i) => `b${i}`).join(' '), t('t1', 0, 300, many));
    expect(after.words[150]).toEqual(w('w150', 'b150', 150, 151, 1));
  });
});

describe('single operations', () => {
  it('editWord: keeps times and wid, confidence 1; spaces split; empty deletes', () => {
    expect(show(value(editWord(base(), 1, 'tous', ids())))[1]).toBe('w2:tous[1.2,1.5]1');
    expect(show(value(editWord(base(), 0, 'bon jour', ids()))).slice(0, 2)).toEqual(['w1:bon[0.5,1]1', 'new1:jour[0.5,1]1']);
    expect(value(editWord(base(), 2, ' ', ids())).segment).toBe('bonjour tout monde');
    expect(editWord(base(), 4, 'x', ids())).toMatchObject({ ok: false, error: { code: 'index_out_of_range' } });
  });

  it('splitWord: every part gets the times of the word', () => {
    const after = valid(value(splitWord(base(), 3, ['mon', 'de'], ids())));
    expect(show(after).slice(3)).toEqual(['w4:mon[2,2.5]1', 'new1:de[2,2.5]1']);
    expect(after.segment).toBe('bonjour tout le mon de');
  });

  it('mergeWords: first start, last end, first wid', () => {
    const after = valid(value(mergeWords(base(), 1, 3)));
    expect(show(after)).toEqual(['w1:bonjour[0.5,1]0.8', 'w2:toutle[1.2,1.8]1', 'w4:monde[2,2.5]0.8']);
    expect(show(value(mergeWords(base(), 2, 4, "l'monde")))[2]).toBe("w3:l'monde[1.6,2.5]1");
    expect(mergeWords(base(), 2, 2)).toMatchObject({ ok: false, error: { code: 'index_out_of_range' } });
  });

  it('deleteWords', () => {
    expect(value(deleteWords(base(), 1, 2)).segment).toBe('bonjour monde');
    expect(deleteWords(base(), 3, 2).ok).toBe(false);
  });

  it('insertText: spread in the gap, or up to the turn’s end when appended', () => {
    expect(show(valid(value(insertText(base(), 1, 'à vous et', ids())))).slice(1, 4)).toEqual(['new1:à[1,1.067]1', 'new2:vous[1.067,1.133]1', 'new3:et[1.133,1.2]1']);
    expect(show(value(insertText(base(), 4, 'entier', ids())))[4]).toBe('new1:entier[2.5,4]1');
    expect(insertText(base(), 5, 'x', ids()).ok).toBe(false);
  });

  it('pasteWords: foreign wid, times and confidence are dropped', () => {
    const foreign = [w('other1', 'cher', 100, 101, 0.3), w('other2', 'ami', 101, 102, 0.2)];
    const after = valid(value(pasteWords(base(), 4, foreign, ids())));
    expect(show(after).slice(4)).toEqual(['new1:cher[2.5,3.25]1', 'new2:ami[3.25,4]1']);
  });
});

describe('splitTurn', () => {
  it('cuts the words and the bounds at the word', () => {
    const [a, b] = value(splitTurn(base(), 2, 't1b'));
    expect(a).toEqual({ turn_id: 't1', speaker_id: 'spk1', language: 'fr', segment: 'bonjour tout', stime: 0, etime: 1.5, words: base().words.slice(0, 2) });
    expect(b).toEqual({ turn_id: 't1b', speaker_id: 'spk1', language: 'fr', segment: 'le monde', stime: 1.6, etime: 4, words: base().words.slice(2) });
    valid(a);
    valid(b);
  });

  it('refuses to leave an empty part', () => {
    expect(splitTurn(base(), 0, 'x')).toMatchObject({ ok: false, error: { code: 'index_out_of_range', index: 0 } });
    expect(splitTurn(base(), 4, 'x')).toMatchObject({ ok: false, error: { code: 'index_out_of_range', index: 4 } });
  });
});

describe('mergeTurns', () => {
  const second = () => t('t2', 4, 6, [w('w5', 'et', 4.2, 4.4), w('w6', 'bienvenue', 4.5, 5)], { speaker_id: 'spk2', raw_segment: 'et bienvenue' });

  it("keeps the first turn's id, speaker and start, the later end, all the words", () => {
    const merged = valid({ ...value(mergeTurns(base(), second())), speaker_id: 'spk1' });
    expect(merged).toEqual({
      turn_id: 't1',
      speaker_id: 'spk1',
      language: 'fr',
      segment: 'bonjour tout le monde et bienvenue',
      raw_segment: 'bonjour tout le monde et bienvenue',
      stime: 0,
      etime: 6,
      words: [...base().words, ...second().words],
    });
  });

  it('drops raw_segment when one turn has none; merges with an empty turn', () => {
    const { raw_segment: _r, ...noRaw } = second();
    expect(value(mergeTurns(base(), noRaw)).raw_segment).toBeUndefined();
    const empty = t('t3', 7, 8, []);
    expect(value(mergeTurns(second(), empty))).toMatchObject({ segment: 'et bienvenue', stime: 4, etime: 8 });
  });

  it(`is refused when the merged turn would exceed ${TURN_SIZE} characters`, () => {
    const long = (id: string, start: number, count: number) =>
      t(
        id,
        start,
        start + count,
        Array.from({ length: count }, (_, i) => w(`${id}-${i}`, 'abcd', start + i, start + i + 1)),
      );
    // 200 words of 4 letters: 999 characters each; merged: 999 + 1 + 999 = 1999.
    expect(mergeTurns(long('a', 0, 200), long('b', 200, 200)).ok).toBe(true);
    const withOneMore = long('b', 200, 201); // 1004 characters; merged: 2004.
    expect(mergeTurns(long('a', 0, 200), withOneMore)).toEqual({
      ok: false,
      error: { code: 'turn_too_long', message: `The merged turn would have 2004 characters, more than ${TURN_SIZE}`, length: 2004, max: TURN_SIZE },
    });
  });

  it('is refused when the second turn starts before the first or its words go back in time', () => {
    expect(mergeTurns(second(), base())).toMatchObject({ ok: false, error: { code: 'turns_out_of_order' } });
    const overlapping = t('t2', 1, 6, [w('w5', 'et', 1, 1.3)]);
    expect(mergeTurns(base(), overlapping)).toMatchObject({ ok: false, error: { code: 'turns_out_of_order' } });
  });
});

describe('reading', () => {
  const doc = (): Transcript => ({
    version: 1,
    speakers: [
      { speaker_id: 'spk1', speaker_name: 'Amélie' },
      { speaker_id: 'spk2', speaker_name: 'Bruno' },
    ],
    text: [
      base(),
      t('t2', 3, 10, [w('w5', 'long', 3, 4), w('w6', 'tour', 8, 9)], { speaker_id: 'spk2' }),
      t('t3', 5, 5.5, [w('w7', 'hm', 5, 5.5)]),
      t('t4', 6, 6, []),
      t('t5', 20, 21, [w('w8', 'fin', 20, 21)]),
    ],
  });

  it('transcriptText: one line per non-empty turn, optionally with speakers', () => {
    expect(transcriptText(doc())).toBe('bonjour tout le monde\nlong tour\nhm\nfin');
    expect(transcriptText(doc(), { speakers: true })).toBe('Amélie: bonjour tout le monde\nBruno: long tour\nAmélie: hm\nAmélie: fin');
  });

  it('wordAt: the word playing, null in silences', () => {
    const at = (s: number) => {
      const found = wordAt(doc(), s);
      return found && `${found.turnIndex}/${found.wordIndex}:${found.word.word}`;
    };
    expect(at(0.7)).toBe('0/0:bonjour');
    expect(at(1.2)).toBe('0/1:tout');
    expect(at(1.1)).toBeNull(); // between two words
    expect(at(0)).toBeNull(); // turn started, no word yet
    expect(at(2.5)).toBe('0/3:monde'); // inclusive end
    expect(at(3)).toBe('1/0:long');
    expect(at(5.2)).toBe('2/0:hm'); // the later-starting overlapping turn wins
    expect(at(8.5)).toBe('1/1:tour'); // inside a turn that started before the previous turns
    expect(at(15)).toBeNull();
    expect(at(20.5)).toBe('4/0:fin');
    expect(at(-1)).toBeNull();
    expect(at(Number.NaN)).toBeNull();
    expect(wordAt({ version: 1, speakers: [], text: [] }, 1)).toBeNull();
  });

  it('createWordLocator answers like wordAt', () => {
    const locator = createWordLocator(doc());
    for (const s of [0, 0.7, 1.1, 2.5, 5.2, 8.5, 15, 20.5, 30]) expect(locator.at(s)).toEqual(wordAt(doc(), s));
  });
});

describe('helpers', () => {
  it('wordDistance ignores case and punctuation', () => {
    expect(wordDistance('Bonjour,', 'bonjour')).toBe(0);
    expect(wordDistance('chat', 'chats')).toBe(0.2);
    expect(wordDistance('abc', 'xyz')).toBe(1);
    expect(EDITED_CONFIDENCE).toBe(1);
  });
});
