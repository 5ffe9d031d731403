/** Map-reduce over texts longer than a model's context. */
import { describe, expect, it } from 'vitest';
import { estimateTokens, mapReduce, type MapReduceOptions } from '../src/llm/index.ts';

/** Utterances of about 10 estimated tokens each. */
const utterances = (count: number) => Array.from({ length: count }, (_, i) => `Speaker ${i % 3}: point number ${i} was discussed.`);
const render = (items: readonly string[]) => items.join('\n');

function recorder(partialOf: (text: string, part: number) => string = (_text, part) => `partial ${part}`) {
  const calls: Array<{ kind: 'map'; text: string; part: number; parts: number } | { kind: 'reduce'; partials: string[] }> = [];
  const progress: Array<[number, number]> = [];
  let reduced = 0;
  const options: Pick<MapReduceOptions<string>, 'render' | 'map' | 'reduce' | 'onProgress'> = {
    render,
    map: async (text, part, parts) => {
      calls.push({ kind: 'map', text, part, parts });
      return partialOf(text, part);
    },
    reduce: async (partials) => {
      calls.push({ kind: 'reduce', partials });
      return `combined ${++reduced} (${partials.join(' + ')})`;
    },
    onProgress: (done, total) => progress.push([done, total]),
  };
  return { calls, progress, options };
}

describe('mapReduce', () => {
  it('makes a single map call when everything fits', async () => {
    const items = utterances(5);
    const { calls, progress, options } = recorder();
    const answer = await mapReduce({ ...options, items, contextTokens: 4096, promptTokens: 200, answerTokens: 500 });
    expect(answer).toBe('partial 1');
    expect(calls).toEqual([{ kind: 'map', text: render(items), part: 1, parts: 1 }]);
    expect(progress).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });

  it('maps each chunk in order, then reduces the partial answers once', async () => {
    const items = utterances(40);
    const perItem = estimateTokens(items[0]!);
    const { calls, progress, options } = recorder();
    // Room for about 10 utterances per chunk.
    const budget = perItem * 10;
    const answer = await mapReduce({ ...options, items, contextTokens: budget + 300, promptTokens: 100, answerTokens: 200 });
    const maps = calls.filter((call) => call.kind === 'map');
    expect(maps.length).toBeGreaterThanOrEqual(4);
    expect(maps.length).toBeLessThanOrEqual(5);
    // Every item once, in order; every chunk within the budget; parts numbered.
    expect(maps.map((call) => call.text).join('\n')).toBe(render(items));
    for (const [index, call] of maps.entries()) {
      expect(call).toMatchObject({ part: index + 1, parts: maps.length });
      expect(estimateTokens(call.text)).toBeLessThanOrEqual(budget);
    }
    expect(calls.at(-1)).toEqual({ kind: 'reduce', partials: maps.map((_, i) => `partial ${i + 1}`) });
    expect(calls.filter((call) => call.kind === 'reduce')).toHaveLength(1);
    expect(answer).toBe(`combined 1 (${maps.map((_, i) => `partial ${i + 1}`).join(' + ')})`);
    const total = maps.length + 1;
    expect(progress).toEqual(Array.from({ length: total + 1 }, (_, done) => [done, total]));
  });

  it('reduces hierarchically when the partial answers do not fit together', async () => {
    const items = utterances(60);
    // Each partial answer is about 30 tokens; the budget takes about 3 of them.
    const { calls, progress, options } = recorder((_text, part) => `Partial answer ${part}: ${'several decisions were taken '.repeat(5).trim()}.`);
    const budget = 100;
    const answer = await mapReduce({ ...options, items, contextTokens: budget + 50, promptTokens: 20, answerTokens: 30 });
    const maps = calls.filter((call) => call.kind === 'map');
    const reduces = calls.filter((call) => call.kind === 'reduce');
    expect(maps.length).toBeGreaterThan(5);
    expect(reduces.length).toBeGreaterThan(1);
    // Every reduce call fits the budget (or takes a pair that cannot be cut further).
    for (const call of reduces) {
      const tokens = call.partials.reduce((sum, partial) => sum + estimateTokens(partial), 0);
      expect(tokens <= budget || call.partials.length <= 2).toBe(true);
    }
    // Every partial answer goes into one reduce, in order (one left alone in its group joins the next level).
    const mapped = reduces.flatMap((call) => call.partials).filter((partial) => partial.startsWith('Partial answer'));
    expect(mapped).toEqual(maps.map((_, i) => expect.stringContaining(`Partial answer ${i + 1}:`)));
    // Every combined answer but the last goes into exactly one later reduce.
    const combined = reduces.flatMap((call) => call.partials).filter((partial) => partial.startsWith('combined'));
    expect(combined.map((partial) => /^combined (\d+)/.exec(partial)![1]).sort()).toEqual(
      reduces
        .slice(0, -1)
        .map((_, i) => String(i + 1))
        .sort(),
    );
    // The last call is the one reduce that produced the answer.
    expect(answer).toMatch(new RegExp(`^combined ${reduces.length} `));
    // Progress: one step per call; the total grows when a level is added, and ends reached.
    expect(progress.at(-1)).toEqual([maps.length + reduces.length, maps.length + reduces.length]);
    const dones = progress.map(([done]) => done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(progress.every(([done, total]) => done <= total)).toBe(true);
  });

  it('maps an item larger than the budget on its own', async () => {
    const items = ['short one.', 'word '.repeat(200).trim(), 'short two.'];
    const { calls, options } = recorder();
    await mapReduce({ ...options, items, contextTokens: 120, promptTokens: 10, answerTokens: 10 });
    expect(calls.filter((call) => call.kind === 'map').map((call) => (call as { text: string }).text)).toEqual(items);
  });

  it('keeps every chunk within the budget when the rendering adds to the items', async () => {
    const items = utterances(30);
    const { calls, options } = recorder();
    // Separators that a single item's rendering does not have.
    const heavy = (group: readonly string[]) => group.join('\n-----\n');
    await mapReduce({ ...options, render: heavy, items, contextTokens: 200, promptTokens: 50, answerTokens: 50 });
    const maps = calls.filter((call) => call.kind === 'map') as Array<{ text: string }>;
    expect(maps.length).toBeGreaterThan(1);
    for (const call of maps) expect(estimateTokens(call.text)).toBeLessThanOrEqual(100);
    expect(maps.map((call) => call.text).join('\n-----\n')).toBe(heavy(items));
  });

  it('passes errors of a call on', async () => {
    const { options } = recorder();
    await expect(
      mapReduce({
        ...options,
        items: utterances(40),
        contextTokens: 150,
        promptTokens: 10,
        answerTokens: 10,
        map: async (_text, part) => {
          if (part === 2) throw new Error('model down');
          return 'ok';
        },
      }),
    ).rejects.toThrow('model down');
  });
});
