import { createTranscriptDoc, setTurnText, textOf, turnsOf } from '@palabre/shared/collab';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { resolveMark, selectionAnchor, wordRange } from './anchor.ts';

function relative(ytext: Y.Text, offset: number): string {
  const bytes = Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(ytext, offset));
  return btoa(String.fromCharCode(...bytes));
}

function transcriptDoc() {
  const words = (text: string, from: number) => text.split(' ').map((word, i) => ({ wid: `${from}-${i}`, word, stime: from + i, etime: from + i + 0.5 }));
  return createTranscriptDoc({
    speakers: [{ id: 's1', name: 'Alice' }],
    text: [
      { turn_id: 't1', speaker_id: 's1', stime: 0, etime: 5, segment: 'the budget was cut', words: words('the budget was cut', 0) },
      { turn_id: 't2', speaker_id: 's1', stime: 6, etime: 9, segment: 'by ten percent', words: words('by ten percent', 6) },
    ],
  } as never);
}

describe('highlight anchors', () => {
  it('widens a selection to whole words and trims its spaces', () => {
    expect(wordRange('the budget was cut', 6, 12)).toEqual({ start: 4, end: 14 });
    expect(wordRange('the budget was cut', 3, 5)).toEqual({ start: 4, end: 10 });
    expect(wordRange('the budget', 3, 4)).toBeNull();
  });

  it('anchors a selection within a turn or across turns', () => {
    expect(selectionAnchor({ turnId: 't1', text: 'the budget', offset: 9 }, { turnId: 't1', text: 'the budget', offset: 1 })).toEqual({
      startTurnId: 't1',
      startOffset: 0,
      endTurnId: 't1',
      endOffset: 10,
    });
    expect(selectionAnchor({ turnId: 't1', text: 'the budget', offset: 5 }, { turnId: 't2', text: 'by ten', offset: 1 })).toEqual({
      startTurnId: 't1',
      startOffset: 4,
      endTurnId: 't2',
      endOffset: 2,
    });
  });

  it('resolves a mark against the live document as the text before it changes', () => {
    const doc = transcriptDoc();
    const [first, second] = turnsOf(doc).toArray();
    const mark = { start: relative(textOf(first!), 4), end: relative(textOf(second!), 6) };
    expect(resolveMark(doc, mark)).toEqual([
      { turnId: 't1', start: 4, end: 18 },
      { turnId: 't2', start: 0, end: 6 },
    ]);
    // Words typed before the mark move it; the marked words stay marked.
    setTurnText(doc, 't1', 'so the budget was cut');
    expect(resolveMark(doc, mark)).toEqual([
      { turnId: 't1', start: 7, end: 21 },
      { turnId: 't2', start: 0, end: 6 },
    ]);
  });

  it('gives no segment once the marked text is deleted, and null for a position it cannot read', () => {
    const doc = transcriptDoc();
    const ytext = textOf(turnsOf(doc).get(0));
    const mark = { start: relative(ytext, 4), end: relative(ytext, 10) };
    setTurnText(doc, 't1', 'the was cut');
    expect(resolveMark(doc, mark)).toEqual([]);
    expect(resolveMark(doc, { start: 'not base64!', end: mark.end })).toBeNull();
  });
});
