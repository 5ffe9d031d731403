import { describe, expect, it } from 'vitest';
import type { Keywords } from '@palabre/shared';
import { keywordAction } from './state.ts';

const of = (state: Keywords['state']): Keywords => ({ state, method: null, profileName: null, keywords: [], error: null, generatedAt: null });

describe('keywordAction', () => {
  it('offers to generate, regenerate keywords already there, update outdated ones, or retry a failure', () => {
    const allowed = { mayGenerate: true, running: false };
    expect(keywordAction(of('none'), allowed)).toBe('generate');
    expect(keywordAction(of('up_to_date'), allowed)).toBe('regenerate');
    expect(keywordAction(of('outdated'), allowed)).toBe('update');
    expect(keywordAction(of('error'), allowed)).toBe('retry');
  });

  it('offers nothing while a job runs, before the state is known, or to those not allowed', () => {
    expect(keywordAction(of('error'), { mayGenerate: true, running: true })).toBeNull();
    expect(keywordAction(undefined, { mayGenerate: true, running: false })).toBeNull();
    expect(keywordAction(of('none'), { mayGenerate: false, running: false })).toBeNull();
  });
});
