/** Find and replace across every turn of a document. */
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { TURN_SIZE } from '../../src/index.ts';
import { createTranscriptDoc, documentProblems, findInDocument, readTranscript, replaceInDocument, setTurnText, textOf, turnsOf } from '../../src/collab/index.ts';
import { smallTranscript } from './fixture.ts';

const open = (...texts: string[]) => {
  const doc = createTranscriptDoc(smallTranscript());
  texts.forEach((text, i) => setTurnText(doc, `t${i + 1}`, text));
  return doc;
};
const texts = (doc: Y.Doc) => turnsOf(doc).map((map) => textOf(map).toString());
const exact = { wholeWord: true, matchCase: true };
const loose = { wholeWord: false, matchCase: false };

describe('findInDocument', () => {
  it('finds substrings or whole words, in document order, with offsets in each turn’s text', () => {
    const doc = open('le chat et le chaton', 'Le CHAT', 'un chat');
    expect(findInDocument(doc, 'chat', loose)).toEqual([
      { turnId: 't1', start: 3, end: 7 },
      { turnId: 't1', start: 14, end: 18 },
      { turnId: 't2', start: 3, end: 7 },
      { turnId: 't3', start: 3, end: 7 },
    ]);
    expect(findInDocument(doc, 'chat', exact)).toEqual([
      { turnId: 't1', start: 3, end: 7 },
      { turnId: 't3', start: 3, end: 7 },
    ]);
    expect(findInDocument(doc, 'chat', { wholeWord: true, matchCase: false }).map((m) => m.turnId)).toEqual(['t1', 't2', 't3']);
  });

  it('word boundaries are letters and digits of any script, not just ASCII', () => {
    const doc = open('été, étés et 2été', 'l’été', '«\u00a0été\u00a0»');
    expect(findInDocument(doc, 'été', exact)).toEqual([
      { turnId: 't1', start: 0, end: 3 },
      { turnId: 't2', start: 2, end: 5 },
      { turnId: 't3', start: 2, end: 5 },
    ]);
  });

  it('case folding keeps offsets exact when a lower case is longer than its capital', () => {
    // "İ" (U+0130) lowers to "i̇", two code units: matches after it must still point at the original text.
    const doc = open('İstanbul et istanbul', 'ÉTÉ 😀 été');
    const matches = findInDocument(doc, 'istanbul', loose);
    expect(matches).toEqual([{ turnId: 't1', start: 12, end: 20 }]);
    expect(findInDocument(doc, 'été', loose).map((m) => texts(doc)[1]!.slice(m.start, m.end))).toEqual(['ÉTÉ', 'été']);
  });

  it('finds nothing for an empty query, and matches do not overlap', () => {
    const doc = open('aaaa');
    expect(findInDocument(doc, '', loose)).toEqual([]);
    expect(findInDocument(doc, 'aa', loose).map((m) => m.start)).toEqual([0, 2]);
  });
});

describe('replaceInDocument', () => {
  it('replaces every match in one transaction, later matches first so offsets stay valid', () => {
    const doc = open('chat chat chat', 'Chat', 'rien');
    let transactions = 0;
    doc.on('afterTransaction', () => (transactions += 1));
    expect(replaceInDocument(doc, 'chat', 'chien', { wholeWord: true, matchCase: false }, 'me')).toEqual({ replaced: 4, skipped: 0 });
    expect(transactions).toBe(1);
    expect(texts(doc)).toEqual(['chien chien chien', 'chien', 'rien']);
    expect(documentProblems(doc)).toEqual([]);
  });

  it('a replaced word is an edited word: it keeps its times and gets confidence 1', () => {
    const doc = open();
    replaceInDocument(doc, 'tout', 'tous', exact);
    expect(readTranscript(doc).text[0]!.words[1]).toEqual({ wid: 'w2', word: 'tous', stime: 1.2, etime: 1.5, confidence: 1 });
  });

  it('replaces only the matches given, and leaves a match the text no longer holds', () => {
    const doc = open('un deux un deux');
    const [first, second] = findInDocument(doc, 'un', exact);
    setTurnText(doc, 't1', 'un deux on deux');
    expect(replaceInDocument(doc, 'un', '1', { ...exact, only: [second!, first!] })).toEqual({ replaced: 1, skipped: 1 });
    expect(texts(doc)[0]).toBe('1 deux on deux');
  });

  it(`skips and counts the matches of a turn that would exceed ${TURN_SIZE} characters`, () => {
    const doc = open(`${'a '.repeat(999)}b`, 'a b');
    expect(replaceInDocument(doc, 'a', 'aa', exact)).toEqual({ replaced: 1, skipped: 999 });
    expect(texts(doc)[1]).toBe('aa b');
    expect(documentProblems(doc)).toEqual([]);
  });

  it('replacing by nothing deletes the words', () => {
    const doc = open('euh bonjour euh tout le monde');
    replaceInDocument(doc, 'euh', '', exact);
    expect(readTranscript(doc).text[0]!.segment).toBe('bonjour tout le monde');
  });
});
