/** Running a program: the lower CPU priority of background work. */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS, runProcess } from '../src/process.ts';

/** The niceness the program runs at, as Linux reports it (field 19 of /proc/self/stat). */
async function niceness(background: boolean): Promise<number> {
  let out = '';
  await runProcess('sh', ['-c', "cut -d ' ' -f 19 /proc/self/stat"], {
    background,
    onStdout: (chunk) => (out += chunk.toString('utf8')),
    failureCode: 'media_conversion_failed',
    description: 'reading the niceness',
  });
  return Number(out.trim());
}

describe('runProcess', () => {
  it('runs background work at a lower priority, and other work at the caller’s', async () => {
    for (let n = 0; n < 5; n++) {
      expect(await niceness(false)).toBe(os.getPriority());
      expect(await niceness(true)).toBe(Math.min(19, BACKGROUND_NICENESS + os.getPriority()));
    }
  });

  it('says when the program of background work is not installed', async () => {
    await expect(runProcess('palabre-no-such-program', [], { background: true, failureCode: 'media_conversion_failed', description: 'running it' })).rejects.toMatchObject({
      code: 'engine_unavailable',
      message: 'running it: the program "palabre-no-such-program" is not installed or not on PATH',
    });
  });
});
