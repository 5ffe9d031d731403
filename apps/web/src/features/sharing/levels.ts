/**
 * Media rights levels (docs/PRODUCT.md, Roles and permissions), highest first, and what a caller may give: a
 * level is within reach when the caller holds every one of its bits (nobody gives more than their own right).
 */
import { hasRight, ORGANIZATION_ROLE, RIGHT, RIGHT_LEVELS, rightLabel, type ConversationUser, type RightLevelName } from '@palabre/shared';
import type { TFunction } from 'i18next';

export const LEVELS_DESCENDING: RightLevelName[] = ['full', 'share', 'delete', 'write', 'comment', 'read', 'none'];

export function canShare(mask: number): boolean {
  return hasRight(mask, RIGHT.SHARE);
}

/** The caller holds every bit of `level`. */
export function withinReach(own: number, level: number): boolean {
  return (level & ~own) === 0;
}

/** The level named by an exact mask, if it is one. */
export function levelOf(mask: number): RightLevelName | null {
  return LEVELS_DESCENDING.find((name) => RIGHT_LEVELS[name] === mask) ?? null;
}

/** The right label (docs/PRODUCT.md, States: Full rights, Can share, Can write, Can comment, Can read, No access). */
export function rightText(t: TFunction, mask: number): string {
  return t(`sharing:labels.${rightLabel(mask)}`);
}

/** Options of a level select: every level (or every level but "No access"), those out of reach disabled. */
export function levelOptions(t: TFunction, own: number, options: { withNone: boolean; current?: number }) {
  const data = LEVELS_DESCENDING.filter((name) => options.withNone || name !== 'none').map((name) => ({
    value: String(RIGHT_LEVELS[name]),
    label: t(`sharing:levels.${name}`),
    disabled: !withinReach(own, RIGHT_LEVELS[name]),
  }));
  // A right that is not one of the levels (set by other means) is still shown as it is.
  if (options.current !== undefined && levelOf(options.current) === null) {
    data.push({ value: String(options.current), label: rightText(t, options.current), disabled: true });
  }
  return data;
}

/** The owner and the organization's admins always hold full rights; nobody changes them here. */
export function isFixed(user: ConversationUser): boolean {
  return user.owner || user.role >= ORGANIZATION_ROLE.ADMIN;
}
