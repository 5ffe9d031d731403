import { RIGHT_LEVELS, type ConversationUser } from '@palabre/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { canShare, isFixed, levelOf, levelOptions, withinReach } from './levels.ts';

const t = ((key: string) => key) as unknown as TFunction;

describe('rights levels', () => {
  it('gives only levels whose every bit the giver holds', () => {
    expect(withinReach(RIGHT_LEVELS.share, RIGHT_LEVELS.write)).toBe(true);
    expect(withinReach(RIGHT_LEVELS.share, RIGHT_LEVELS.share)).toBe(true);
    // "Can share" lacks deletion: neither "Can delete" nor full rights are within reach.
    expect(withinReach(RIGHT_LEVELS.share, RIGHT_LEVELS.delete)).toBe(false);
    expect(withinReach(RIGHT_LEVELS.share, RIGHT_LEVELS.full)).toBe(false);
    expect(withinReach(RIGHT_LEVELS.full, RIGHT_LEVELS.full)).toBe(true);
  });

  it('needs the share bit to change rights', () => {
    expect(canShare(RIGHT_LEVELS.share)).toBe(true);
    expect(canShare(RIGHT_LEVELS.delete)).toBe(false);
    expect(canShare(RIGHT_LEVELS.full)).toBe(true);
  });

  it('names exact levels only', () => {
    expect(levelOf(3)).toBe('comment');
    expect(levelOf(0)).toBe('none');
    expect(levelOf(5)).toBeNull();
  });

  it('lists the levels highest first, disables those out of reach, keeps an odd current right', () => {
    const options = levelOptions(t, RIGHT_LEVELS.share, { withNone: false, current: 5 });
    expect(options.map((o) => o.value)).toEqual(['31', '23', '15', '7', '3', '1', '5']);
    expect(options.filter((o) => o.disabled).map((o) => o.value)).toEqual(['31', '15', '5']);
    expect(levelOptions(t, RIGHT_LEVELS.full, { withNone: true }).at(-1)).toMatchObject({ value: '0', disabled: false });
  });

  it('treats the owner and the organization admins as fixed', () => {
    const user = { owner: false, role: 1 } as ConversationUser;
    expect(isFixed(user)).toBe(false);
    expect(isFixed({ ...user, owner: true })).toBe(true);
    expect(isFixed({ ...user, role: 3 })).toBe(true);
    expect(isFixed({ ...user, role: 6 })).toBe(true);
  });
});
