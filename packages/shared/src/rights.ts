/**
 * The grant rule on media rights (docs/PRODUCT.md, Roles and permissions): what someone holding a
 * right on a media may give others. The server's policy (apps/server/src/policy.ts) decides with these
 * functions and the web's sharing screens offer exactly what they allow.
 */
import { hasRight, ORGANIZATION_ROLE, RIGHT } from './roles.ts';

/** Someone whose right on a media the caller may want to change. */
export interface RightHolder {
  /** The holder is the caller. */
  self: boolean;
  /** The holder owns the media. */
  owner: boolean;
  /** The holder's level in the media's organization: 0 outside it, 6 for the organization's owner. */
  level: number;
  /** The holder's effective right on the media now. */
  current: number;
}

/** The right lets its holder see the media at all. */
export function givesAccess(right: number): boolean {
  return hasRight(right, RIGHT.READ);
}

/** Whoever holds the share right may change others' rights. */
export function mayShare(own: number): boolean {
  return hasRight(own, RIGHT.SHARE);
}

/** Nobody gives a right beyond their own: `right` has no bit that `own` lacks. */
export function withinReach(own: number, right: number): boolean {
  return (right & ~own) === 0;
}

/** The media's owner and the organization's admins always hold every right: nobody changes theirs. */
export function holdsFixedRights(holder: Pick<RightHolder, 'owner' | 'level'>): boolean {
  return holder.owner || holder.level >= ORGANIZATION_ROLE.ADMIN;
}

/**
 * Whether a caller holding `own` may change the holder's right at all: they can share, the holder is
 * neither themselves nor someone with fixed rights, and holds no right the caller lacks.
 */
export function mayChangeRightOf(own: number, holder: RightHolder): boolean {
  return mayShare(own) && !holder.self && !holdsFixedRights(holder) && withinReach(own, holder.current);
}

/**
 * Whether a caller holding `own` may set the holder's right to `next` (0 for "no access", also used
 * for taking a per-user right away): they may change the holder's right and `next` is within reach.
 */
export function mayGiveRight(own: number, holder: RightHolder, next: number): boolean {
  return mayChangeRightOf(own, holder) && withinReach(own, next);
}

/**
 * A member of the media's organization may be left a custom "no access"; someone outside it is given
 * at least the read right (taking their access away removes their per-user right instead).
 */
export function acceptableRight(level: number, right: number): boolean {
  return level >= ORGANIZATION_ROLE.MEMBER || givesAccess(right);
}

/** The members' default right of a media is set by whoever may share it, to a right within their own. */
export function mayGiveMembersRight(own: number, next: number): boolean {
  return mayShare(own) && withinReach(own, next);
}
