import { describe, expect, it } from 'vitest';
import { mayGoLive, muteCheck } from './muteCheck.ts';

const on = { status: 'on' as const, muted: false, heard: false, bypassed: false };

describe('muteCheck', () => {
  it('waits while the microphone is asked for', () => {
    expect(muteCheck({ ...on, status: 'off' })).toBe('starting');
    expect(muteCheck({ ...on, status: 'asking' })).toBe('starting');
  });

  it('tests until sound is heard, then works', () => {
    expect(muteCheck(on)).toBe('testing');
    expect(muteCheck({ ...on, heard: true })).toBe('working');
  });

  it('warns when muted or silent, until bypassed', () => {
    expect(muteCheck({ ...on, muted: true })).toBe('muted');
    expect(muteCheck({ ...on, muted: true, heard: true })).toBe('muted');
    expect(muteCheck({ ...on, muted: true, bypassed: true })).toBe('bypassed');
  });

  it('reports a refused permission and other failures, which cannot be bypassed', () => {
    expect(muteCheck({ ...on, status: 'denied', bypassed: true })).toBe('denied');
    expect(muteCheck({ ...on, status: 'missing' })).toBe('missing');
    expect(muteCheck({ ...on, status: 'unsupported' })).toBe('unsupported');
    expect(muteCheck({ ...on, status: 'failed' })).toBe('failed');
  });

  it('goes live only once sound is heard or the warning bypassed', () => {
    expect(['starting', 'testing', 'muted', 'denied', 'missing', 'unsupported', 'failed'].some((check) => mayGoLive(check as never))).toBe(false);
    expect(mayGoLive('working')).toBe(true);
    expect(mayGoLive('bypassed')).toBe(true);
  });
});
