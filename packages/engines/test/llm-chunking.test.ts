/** Token estimates, chunking by tokens and the server-sent events reader of the language-model client. */
import { describe, expect, it } from 'vitest';
import { chunkByTokens, estimateTokens } from '../src/llm/index.ts';
import { SseReader } from '../src/llm/sse.ts';

describe('estimateTokens', () => {
  it('is zero for nothing and counts words, long words and punctuation', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('   \n\t')).toBe(0);
    expect(estimateTokens('the')).toBe(1);
    expect(estimateTokens('house')).toBe(2);
    expect(estimateTokens('Hello, world!')).toBe(2 + 1 + 2 + 1);
    expect(estimateTokens('anticonstitutionnellement')).toBe(8);
    expect(estimateTokens('日本語')).toBe(3);
  });

  it('does not undercount English or French prose (real tokenizers: about 4 and 3.5 characters a token)', () => {
    const english =
      'The committee met on Tuesday to review the budget for next year. Alice presented the figures, and Bob asked whether the travel costs could be reduced by a third.';
    const french =
      "Le comité s'est réuni mardi pour examiner le budget de l'année prochaine. Alice a présenté les chiffres, et Bob a demandé si les frais de déplacement pouvaient être réduits d'un tiers.";
    for (const [text, charactersPerToken] of [
      [english, 4],
      [french, 3.5],
    ] as const) {
      const words = text.split(/\s+/).length;
      const marks = text.match(/[^\p{L}\s]/gu)!.length;
      // At least a token a word and a mark, and the characters' rate of real tokenizers…
      expect(estimateTokens(text)).toBeGreaterThanOrEqual(words + marks);
      expect(estimateTokens(text)).toBeGreaterThanOrEqual(Math.ceil(text.length / charactersPerToken));
      // …without wasting half the context.
      expect(estimateTokens(text)).toBeLessThan((text.length / charactersPerToken) * 1.6);
    }
  });
});

describe('chunkByTokens', () => {
  const sizes = (groups: number[][]) => groups.map((group) => group.reduce((a, b) => a + b, 0));

  it('makes consecutive groups within the budget, in order, none empty', () => {
    const items = [3, 4, 2, 5, 1, 1, 6];
    const groups = chunkByTokens(items, (n) => n, 8);
    expect(groups).toEqual([
      [3, 4],
      [2, 5, 1],
      [1, 6],
    ]);
    expect(groups.flat()).toEqual(items);
    expect(sizes(groups).every((size) => size <= 8)).toBe(true);
    expect(chunkByTokens([], (n: number) => n, 8)).toEqual([]);
    expect(chunkByTokens([1, 2, 3], (n) => n, 100)).toEqual([[1, 2, 3]]);
  });

  it('puts an item larger than the budget alone in its group', () => {
    expect(chunkByTokens([2, 20, 3, 3, 30], (n) => n, 8)).toEqual([[2], [20], [3, 3], [30]]);
    expect(chunkByTokens([20], (n) => n, 8)).toEqual([[20]]);
  });

  it('fills a group exactly to the budget', () => {
    expect(chunkByTokens([4, 4, 4, 4], (n) => n, 8)).toEqual([
      [4, 4],
      [4, 4],
    ]);
  });

  it('chunks texts by their estimate', () => {
    const lines = ['Alice: good morning everyone.', 'Bob: hello Alice.', 'Alice: shall we begin?', 'Bob: yes.'];
    const groups = chunkByTokens(lines, estimateTokens, 12);
    expect(groups.flat()).toEqual(lines);
    for (const group of groups) expect(group.length === 1 || group.reduce((sum, line) => sum + estimateTokens(line), 0) <= 12).toBe(true);
    expect(groups.length).toBeGreaterThan(1);
  });
});

describe('SseReader', () => {
  it('reads events cut anywhere, with CRLF, comments and multi-line data', () => {
    const stream = ': keep-alive\r\n\r\ndata: {"a":1}\r\n\r\nevent: message\ndata: line one\ndata: line two\n\nid: 7\ndata:no-space\r\rdata: [DONE]\n\n';
    for (const size of [1, 2, 3, 5, 7, stream.length]) {
      const reader = new SseReader();
      const events: string[] = [];
      for (let i = 0; i < stream.length; i += size) events.push(...reader.push(stream.slice(i, i + size)));
      events.push(...reader.end());
      expect(events).toEqual(['{"a":1}', 'line one\nline two', 'no-space', '[DONE]']);
    }
  });

  it('gives the last event when the stream ends without its blank line', () => {
    const reader = new SseReader();
    expect(reader.push('data: {"x":1}\n\ndata: {"y"')).toEqual(['{"x":1}']);
    expect(reader.push(':2}')).toEqual([]);
    expect(reader.end()).toEqual(['{"y":2}']);
    expect(reader.end()).toEqual([]);
  });
});
