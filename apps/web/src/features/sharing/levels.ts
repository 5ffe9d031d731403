/**
 * Media rights levels (docs/PRODUCT.md, Roles and permissions), highest first, and the options the sharing
 * screens offer. What the caller may give is the grant rule of `@palabre/shared` (rights.ts), the one the
 * server decides with: levels it refuses are shown disabled.
 */
import { holdsFixedRights, RIGHT_LEVELS, rightLabel, type ConversationUser, type RightHolder, type RightLevelName } from '@palabre/shared';
import type { TFunction } from 'i18next';

export const LEVELS_DESCENDING: RightLevelName[] = ['full', 'share', 'delete', 'write', 'comment', 'read', 'none'];

/** The level named by an exact mask, if it is one. */
export function levelOf(mask: number): RightLevelName | null {
  return LEVELS_DESCENDING.find((name) => RIGHT_LEVELS[name] === mask) ?? null;
}

/** The right label (docs/PRODUCT.md, States: Full rights, Can share, Can write, Can comment, Can read, No access). */
export function rightText(t: TFunction, mask: number): string {
  return t(`sharing:labels.${rightLabel(mask)}`);
}

/**
 * Options of a level select: every level (or every level but "No access"), those the caller may not give
 * (`mayGive`, one of the grant rule's functions) disabled.
 */
export function levelOptions(t: TFunction, mayGive: (right: number) => boolean, options: { withNone: boolean; current?: number }) {
  const data = LEVELS_DESCENDING.filter((name) => options.withNone || name !== 'none').map((name) => ({
    value: String(RIGHT_LEVELS[name]),
    label: t(`sharing:levels.${name}`),
    disabled: !mayGive(RIGHT_LEVELS[name]),
  }));
  // A right that is not one of the levels (set by other means) is still shown as it is.
  if (options.current !== undefined && levelOf(options.current) === null) {
    data.push({ value: String(options.current), label: rightText(t, options.current), disabled: true });
  }
  return data;
}

/** A row of the rights panel as the grant rule weighs it. */
export function holderOf(user: ConversationUser, selfId: string | undefined): RightHolder {
  return { self: user._id === selfId, owner: user.owner, level: user.role, current: user.right };
}

/** The owner and the organization's admins always hold full rights; nobody changes them here. */
export function isFixed(user: ConversationUser): boolean {
  return holdsFixedRights({ owner: user.owner, level: user.role });
}
