/** Quick meetings: their default name and when one in progress counts as abandoned. */
import { describe, expect, it } from 'vitest';
import { defaultMeetingName, isAbandoned } from '../../src/meetings/service.ts';

describe('a quick meeting', () => {
  const at = new Date('2026-11-26T23:30:00Z');

  it('is named after the day it starts, in its owner’s language', () => {
    expect(defaultMeetingName(null, at)).toBe('Quick meeting – November 26, 2026');
    expect(defaultMeetingName('en-US', at)).toBe('Quick meeting – November 26, 2026');
    expect(defaultMeetingName('fr-FR', at)).toBe('Réunion rapide – 26 novembre 2026');
  });

  it('is abandoned once it has waited for audio longer than allowed, never once audio came', () => {
    const hour = 3600_000;
    const startTime = new Date(at.getTime() - 13 * hour);
    const createdAt = startTime;
    expect(isAbandoned({ status: 'pending', startTime, createdAt }, at, 12 * hour)).toBe(true);
    expect(isAbandoned({ status: 'pending', startTime, createdAt }, at, 14 * hour)).toBe(false);
    expect(isAbandoned({ status: 'active', startTime, createdAt }, at, 12 * hour)).toBe(false);
    expect(isAbandoned({ status: 'pending', startTime: null, createdAt }, at, 12 * hour)).toBe(true);
  });
});
