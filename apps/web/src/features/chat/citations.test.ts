import type { Citation } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { bindCitations, citedLabels, splitCitations } from './citations.ts';

const cite = (turnId: string, start: number): Citation => ({ turnId, start, end: start + 5, speaker: 'Alice', excerpt: `turn ${turnId}` });

describe('citations', () => {
  it('lists the labels in the order first cited, groups and times included, each once', () => {
    expect(citedLabels('Yes [T12]. Then [T3, T12] and [T7 01:02][T3]; [T012] too, not [X1] nor [t4] nor T5.')).toEqual(['T12', 'T3', 'T7']);
  });

  it('pairs labels with the citations one to one when none was dropped', () => {
    const citations = [cite('a', 1), cite('b', 2)];
    const bound = bindCitations(['T4', 'T9'], citations);
    expect(bound.get('T4')).toBe(citations[0]);
    expect(bound.get('T9')).toBe(citations[1]);
  });

  it('binds a label to the citation of the turn at its place once some label was dropped', () => {
    const citations = [cite('x', 1), cite('y', 2)];
    const turns = ['w', 'x', 'z', 'y'];
    const bound = bindCitations(['T2', 'T99', 'T4'], citations, (index) => turns[index]);
    expect(bound.get('T2')).toBe(citations[0]);
    expect(bound.get('T4')).toBe(citations[1]);
    expect(bound.has('T99')).toBe(false);
    expect(bindCitations(['T2', 'T99', 'T4'], citations).size).toBe(0);
  });

  it('splits a text into plain parts and citations, leaving other brackets as written', () => {
    const citation = cite('a', 221);
    const parts = splitCitations('Budget [T2, T8] cut [sic].', new Map([['T2', citation]]));
    expect(parts).toEqual([
      { type: 'text', text: 'Budget ' },
      { type: 'citation', label: 'T2', citation },
      { type: 'citation', label: 'T8', citation: null },
      { type: 'text', text: ' cut [sic].' },
    ]);
    expect(splitCitations('No citation', new Map())).toEqual([{ type: 'text', text: 'No citation' }]);
  });
});
