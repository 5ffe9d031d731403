/**
 * Answering over more text than a model's context holds: the items (utterances, paragraphs) are cut
 * into consecutive chunks that fit the budget (`contextTokens - promptTokens - answerTokens`, with
 * `estimateTokens`); each chunk is answered on its own (`map`), then the partial answers are
 * combined (`reduce`). When the partial answers do not fit the budget together either, they are
 * combined by groups that do, and the results again, until one call can take them all
 * (hierarchical reduce). When everything fits at once, there is a single `map` call and no reduce.
 *
 * Calls run one after the other (a local model serves one request at a time anyway); `onProgress`
 * follows every call: `done` of `total` calls, where `total` grows when another level of reduce
 * turns out to be needed.
 */
import { chunkByTokens } from './chunking.ts';
import { estimateTokens } from './tokens.ts';

export interface MapReduceOptions<T> {
  items: readonly T[];
  /** The text of a group of items. */
  render: (items: readonly T[]) => string;
  contextTokens: number;
  promptTokens: number;
  answerTokens: number;
  /** One call per chunk (`part` counts from 1). */
  map: (text: string, part: number, parts: number) => Promise<string>;
  /** Combines partial answers (called again on groups when they do not fit). */
  reduce: (partials: string[]) => Promise<string>;
  onProgress?: (done: number, total: number) => void;
}

/** Room left between two partial answers when they are laid out for a reduce. */
const SEPARATOR_TOKENS = 4;

/** One `map` call when everything fits; else map each chunk, then reduce (hierarchically when needed). */
export async function mapReduce<T>(options: MapReduceOptions<T>): Promise<string> {
  const { items, render, map, reduce, onProgress } = options;
  const budget = Math.max(1, options.contextTokens - options.promptTokens - options.answerTokens);
  let done = 0;
  let total = 1;
  const step = () => onProgress?.(++done, total);

  const whole = render(items);
  if (estimateTokens(whole) <= budget) {
    onProgress?.(0, total);
    const answer = await map(whole, 1, 1);
    step();
    return answer;
  }

  const chunks = fitChunks(
    chunkByTokens(items, (item) => estimateTokens(render([item])), budget),
    render,
    budget,
  );
  total = chunks.length + 1;
  onProgress?.(0, total);
  let partials: string[] = [];
  for (const [index, chunk] of chunks.entries()) {
    partials.push(await map(render(chunk), index + 1, chunks.length));
    step();
  }

  const tokensOf = (partial: string) => estimateTokens(partial) + SEPARATOR_TOKENS;
  for (;;) {
    if (partials.length === 1 || partials.reduce((sum, partial) => sum + tokensOf(partial), 0) <= budget) {
      const answer = await reduce(partials);
      step();
      return answer;
    }
    let groups = chunkByTokens(partials, tokensOf, budget);
    // Partial answers each larger than half the budget: pair them, so every level halves their number.
    if (groups.length === partials.length) groups = pairs(partials);
    total += groups.filter((group) => group.length > 1).length;
    onProgress?.(done, total);
    const next: string[] = [];
    for (const group of groups) {
      if (group.length === 1) {
        next.push(group[0]!);
        continue;
      }
      next.push(await reduce(group));
      step();
    }
    partials = next;
  }
}

/** Chunks whose rendering (headers, separators) still overflows the budget are halved until they fit or hold one item. */
function fitChunks<T>(chunks: T[][], render: (items: readonly T[]) => string, budget: number): T[][] {
  return chunks.flatMap((chunk) => {
    if (chunk.length === 1 || estimateTokens(render(chunk)) <= budget) return [chunk];
    const middle = Math.ceil(chunk.length / 2);
    return fitChunks([chunk.slice(0, middle), chunk.slice(middle)], render, budget);
  });
}

function pairs<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += 2) out.push(items.slice(i, i + 2));
  return out;
}
