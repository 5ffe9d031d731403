/** Saves of one session take turns: the second starts once the first has settled, whatever its outcome. */
import { describe, expect, it } from 'vitest';
import { inTurn } from '../../src/live/save-turns.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('inTurn', () => {
  it('starts a second call with the same key only once the first has settled, even when it failed', async () => {
    const first = deferred();
    const started: string[] = [];
    const one = inTurn('session-a', async () => {
      started.push('one');
      await first.promise;
    });
    const two = inTurn('session-a', async () => {
      started.push('two');
      return 'saved';
    });
    const other = inTurn('session-b', async () => {
      started.push('other');
    });
    await other;
    // A macrotask later, the second call still waits: the first has not settled.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['one', 'other']);
    first.reject(new Error('could not convert'));
    await expect(one).rejects.toThrow('could not convert');
    await expect(two).resolves.toBe('saved');
    expect(started).toEqual(['one', 'other', 'two']);
  });
});
