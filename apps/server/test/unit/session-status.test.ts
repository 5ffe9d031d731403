/** The session status rules: transitions, the ready filter, usable, and the stop refusal. */
import { describe, expect, it } from 'vitest';
import { SESSION_STATUSES } from '@palabre/shared';
import { channelsEditable, isReady, isUsable, nextStatus, statusesOf, stopRefusal } from '../../src/sessions/status.ts';

const now = new Date('2030-01-01T12:00:00Z');
const before = new Date('2030-01-01T11:00:00Z');
const after = new Date('2030-01-01T13:00:00Z');

describe('nextStatus', () => {
  it.each([
    ['scheduled', 'start', 'pending'],
    ['pending', 'start', null],
    ['active', 'start', null],
    ['terminated', 'start', null],
    ['scheduled', 'audio', null],
    ['pending', 'audio', 'active'],
    ['active', 'audio', null],
    ['terminated', 'audio', null],
    ['scheduled', 'stop', 'terminated'],
    ['pending', 'stop', 'terminated'],
    ['active', 'stop', 'terminated'],
    ['terminated', 'stop', null],
  ] as const)('%s + %s → %s', (status, event, expected) => {
    expect(nextStatus(status, event)).toBe(expected);
  });

  it('never leaves terminated', () => {
    for (const event of ['start', 'audio', 'stop'] as const) expect(nextStatus('terminated', event)).toBeNull();
  });
});

describe('ready and usable', () => {
  it('ready stands for scheduled and pending', () => {
    expect(statusesOf('ready')).toEqual(['scheduled', 'pending']);
    expect(statusesOf('active')).toEqual(['active']);
    expect(SESSION_STATUSES.filter(isReady)).toEqual(['scheduled', 'pending']);
  });

  it.each([
    ['active', after, true],
    ['active', null, true],
    ['pending', null, true],
    ['pending', before, true],
    ['pending', after, false],
    ['scheduled', null, true],
    ['scheduled', now, true],
    ['scheduled', after, false],
    ['terminated', null, false],
    ['terminated', before, false],
  ] as const)('a %s session planned for %s is usable: %s', (status, scheduleOn, expected) => {
    expect(isUsable({ status, scheduleOn }, now)).toBe(expected);
  });
});

describe('stopping and editing', () => {
  it('refuses to stop while a stream is sent, unless forced', () => {
    expect(stopRefusal([{ streamStatus: 'inactive' }, { streamStatus: 'active' }], false)).toBe('session_streaming');
    expect(stopRefusal([{ streamStatus: 'active' }], true)).toBeNull();
    expect(stopRefusal([{ streamStatus: 'inactive' }, { streamStatus: 'errored' }], false)).toBeNull();
  });

  it('changes channels only before the start', () => {
    expect(SESSION_STATUSES.filter(channelsEditable)).toEqual(['scheduled']);
  });
});
