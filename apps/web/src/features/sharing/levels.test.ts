import { mayChangeRightOf, mayGiveRight, RIGHT_LEVELS, withinReach, type ConversationUser } from '@palabre/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { holderOf, isFixed, levelOf, levelOptions } from './levels.ts';

const t = ((key: string) => key) as unknown as TFunction;

describe('rights levels', () => {
  it('names exact levels only', () => {
    expect(levelOf(3)).toBe('comment');
    expect(levelOf(0)).toBe('none');
    expect(levelOf(5)).toBeNull();
  });

  it('lists the levels highest first, disables those out of reach, keeps an odd current right', () => {
    const options = levelOptions(t, (right) => withinReach(RIGHT_LEVELS.share, right), { withNone: false, current: 5 });
    expect(options.map((o) => o.value)).toEqual(['31', '23', '15', '7', '3', '1', '5']);
    expect(options.filter((o) => o.disabled).map((o) => o.value)).toEqual(['31', '15', '5']);
    expect(levelOptions(t, (right) => withinReach(RIGHT_LEVELS.full, right), { withNone: true }).at(-1)).toMatchObject({ value: '0', disabled: false });
  });

  it('treats the owner and the organization admins as fixed', () => {
    const user = { owner: false, role: 1 } as ConversationUser;
    expect(isFixed(user)).toBe(false);
    expect(isFixed({ ...user, owner: true })).toBe(true);
    expect(isFixed({ ...user, role: 3 })).toBe(true);
    expect(isFixed({ ...user, role: 6 })).toBe(true);
  });

  it('offers a row’s levels as the server’s grant rule allows them', () => {
    const row = { _id: 'u1', owner: false, role: 1, right: RIGHT_LEVELS.read } as ConversationUser;
    const holder = holderOf(row, 'me');
    expect(holder).toEqual({ self: false, owner: false, level: 1, current: RIGHT_LEVELS.read });
    expect(holderOf(row, 'u1').self).toBe(true);
    const options = levelOptions(t, (right) => mayGiveRight(RIGHT_LEVELS.share, holder, right), { withNone: true, current: row.right });
    expect(options.filter((o) => !o.disabled).map((o) => o.value)).toEqual(['23', '7', '3', '1', '0']);
    // A member holding a right the caller lacks (deletion) is not the caller's to change.
    expect(mayChangeRightOf(RIGHT_LEVELS.share, holderOf({ ...row, right: RIGHT_LEVELS.delete }, 'me'))).toBe(false);
  });
});
