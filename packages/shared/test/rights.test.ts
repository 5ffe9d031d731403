/** The grant rule on media rights, shared by the server's policy and the web's sharing screens. */
import { describe, expect, it } from 'vitest';
import {
  acceptableRight,
  givesAccess,
  holdsFixedRights,
  mayChangeRightOf,
  mayGiveMembersRight,
  mayGiveRight,
  mayShare,
  ORGANIZATION_ROLE,
  RIGHT_LEVELS,
  withinReach,
  type RightHolder,
} from '../src/index.ts';

const { NONE, MEMBER, MAINTAINER, ADMIN, OWNER } = ORGANIZATION_ROLE;
const { none, read, comment, write, delete: del, share, full } = RIGHT_LEVELS;
const member: RightHolder = { self: false, owner: false, level: MEMBER, current: read };

describe('the grant rule', () => {
  it('needs the share right', () => {
    expect(mayShare(share)).toBe(true);
    expect(mayShare(full)).toBe(true);
    expect(mayShare(del)).toBe(false);
    expect(mayGiveRight(write, member, read)).toBe(false);
    expect(mayGiveRight(share, member, read)).toBe(true);
    expect(mayGiveRight(full, member, none)).toBe(true);
  });

  it('gives nothing beyond the giver’s own right', () => {
    expect(withinReach(share, write)).toBe(true);
    expect(withinReach(share, share)).toBe(true);
    // "Can share" lacks deletion: neither "Can delete" nor full rights are within reach.
    expect(withinReach(share, del)).toBe(false);
    expect(withinReach(share, full)).toBe(false);
    expect(mayGiveRight(share, member, full)).toBe(false);
    expect(mayGiveRight(share, member, share)).toBe(true);
    expect(mayGiveRight(full, member, full)).toBe(true);
  });

  it('touches nobody holding a right the giver lacks', () => {
    expect(mayChangeRightOf(share, { ...member, level: NONE, current: full })).toBe(false);
    expect(mayChangeRightOf(share, { ...member, current: del })).toBe(false);
    expect(mayChangeRightOf(share, { ...member, level: NONE, current: share })).toBe(true);
    expect(mayGiveRight(share, { ...member, current: del }, read)).toBe(false);
  });

  it('never touches the giver, the media’s owner or an organization admin', () => {
    expect(holdsFixedRights({ owner: true, level: MEMBER })).toBe(true);
    expect(holdsFixedRights({ owner: false, level: ADMIN })).toBe(true);
    expect(holdsFixedRights({ owner: false, level: OWNER })).toBe(true);
    expect(holdsFixedRights({ owner: false, level: MAINTAINER })).toBe(false);
    expect(mayGiveRight(full, { ...member, self: true, current: none }, read)).toBe(false);
    expect(mayGiveRight(full, { ...member, owner: true, current: none }, read)).toBe(false);
    expect(mayGiveRight(full, { ...member, level: ADMIN, current: none }, read)).toBe(false);
    expect(mayGiveRight(full, { ...member, level: MAINTAINER, current: none }, read)).toBe(true);
    expect(mayGiveRight(full, { ...member, level: NONE, current: none }, read)).toBe(true);
  });

  it('leaves members a custom "no access" but gives someone outside at least the read right', () => {
    expect(acceptableRight(MEMBER, none)).toBe(true);
    expect(acceptableRight(NONE, none)).toBe(false);
    expect(acceptableRight(NONE, comment & ~read)).toBe(false);
    expect(acceptableRight(NONE, read)).toBe(true);
    expect(givesAccess(comment)).toBe(true);
    expect(givesAccess(none)).toBe(false);
  });

  it('lets whoever may share set the members’ right, within their own', () => {
    expect(mayGiveMembersRight(share, write)).toBe(true);
    expect(mayGiveMembersRight(share, none)).toBe(true);
    expect(mayGiveMembersRight(share, full)).toBe(false);
    expect(mayGiveMembersRight(write, read)).toBe(false);
  });
});
