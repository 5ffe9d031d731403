/** API keys: their format, parsing and hashing, and the cap the policy puts on whoever uses one. */
import { describe, expect, it } from 'vitest';
import { FULL_RIGHTS, ORGANIZATION_ROLE, PLATFORM_ROLE, RIGHT, zCreateOrganizationApiKeyBody } from '@palabre/shared';
import { apiKeyPrefix, isApiKeyValue, matchesApiKey, newApiKey, visiblePrefix } from '../../src/api-keys/format.ts';
import { hashSecret } from '../../src/auth/secrets.ts';
import {
  apiKeyCap,
  apiKeys,
  cappedAccount,
  conversationRight,
  mayCreateSession,
  organizationAbilities,
  organizationLevel,
  sessionAccess,
  type PolicyUser,
} from '../../src/policy.ts';

const PERMISSIONS = { upload: true, summary: true, session: true };

describe('API key format', () => {
  it('is plb_, a 12-hex prefix and a 256-bit base64url secret, stored as its SHA-256', () => {
    const key = newApiKey();
    expect(key.value).toMatch(/^plb_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(apiKeyPrefix(key.value)).toBe(key.prefix);
    expect(visiblePrefix(key.prefix)).toBe(key.value.slice(0, 16));
    expect(key.hash).toBe(hashSecret(key.value));
    expect(key.hash).not.toContain(key.value.slice(17));
    expect(newApiKey().value).not.toBe(key.value);
  });

  it('parses only well-formed keys and matches only the stored one', () => {
    const key = newApiKey();
    expect(isApiKeyValue(key.value)).toBe(true);
    expect(isApiKeyValue('eyJhbGciOiJIUzI1NiJ9.x.y')).toBe(false);
    for (const bad of ['plb_', 'plb_short_secret', `${key.value}x`, key.value.replace('plb_', 'plx_'), `plb_${'G'.repeat(12)}_${'a'.repeat(43)}`]) {
      expect(apiKeyPrefix(bad)).toBeNull();
    }
    expect(matchesApiKey(key.value, key.hash)).toBe(true);
    expect(matchesApiKey(`${key.value.slice(0, -1)}${key.value.endsWith('A') ? 'B' : 'A'}`, key.hash)).toBe(false);
  });

  it('validates an expiry in the future, at most two years ahead, or none', () => {
    const body = (expiresAt: string | null) => zCreateOrganizationApiKeyBody.safeParse({ name: 'CI', role: 'reader', expiresAt }).success;
    expect(body(null)).toBe(true);
    expect(body(new Date(Date.now() + 86_400_000).toISOString())).toBe(true);
    expect(body(new Date(Date.now() - 1000).toISOString())).toBe(false);
    expect(body(new Date(Date.now() + 731 * 86_400_000).toISOString())).toBe(false);
    expect(body('tomorrow')).toBe(false);
  });
});

describe('API key cap', () => {
  const org = { id: 'org-a', ownerId: 'someone-else', permissions: PERMISSIONS };
  const other = { id: 'org-b', ownerId: 'someone-else', permissions: PERMISSIONS };
  const keyed = (organizationId: string | null, role: string): PolicyUser => ({ id: 'ada', role: PLATFORM_ROLE.USER, cap: apiKeyCap({ organizationId, role }) });

  it('caps the organization level at the key role and the creator’s own level, and nothing outside its organization', () => {
    expect(organizationLevel(keyed('org-a', 'member'), org, ORGANIZATION_ROLE.ADMIN)).toBe(ORGANIZATION_ROLE.MEMBER);
    expect(organizationLevel(keyed('org-a', 'admin'), org, ORGANIZATION_ROLE.MAINTAINER)).toBe(ORGANIZATION_ROLE.MAINTAINER);
    expect(organizationLevel(keyed('org-a', 'admin'), other, ORGANIZATION_ROLE.ADMIN)).toBe(0);
    expect(organizationLevel(keyed('org-a', 'admin'), { ownerId: 'x' }, ORGANIZATION_ROLE.ADMIN)).toBe(0);
    expect(organizationLevel(keyed(null, 'user'), other, ORGANIZATION_ROLE.ADMIN)).toBe(ORGANIZATION_ROLE.ADMIN);
    expect(organizationLevel({ id: 'ada', role: 1 }, org, ORGANIZATION_ROLE.ADMIN)).toBe(ORGANIZATION_ROLE.ADMIN);
  });

  it('leaves a reader key the read right only, and no organization tool', () => {
    const reader = keyed('org-a', 'reader');
    const media = { ownerId: 'ada', membersRight: 3 };
    expect(conversationRight(reader, media, ORGANIZATION_ROLE.MEMBER)).toBe(RIGHT.READ);
    expect(conversationRight(keyed('org-a', 'member'), media, ORGANIZATION_ROLE.MEMBER)).toBe(FULL_RIGHTS);
    // A media shared from outside the key's organization stays out.
    expect(conversationRight(keyed('org-a', 'admin'), { ownerId: 'x', membersRight: 3 }, 0, FULL_RIGHTS)).toBe(0);
    const abilities = organizationAbilities(ORGANIZATION_ROLE.MEMBER, org, reader.cap);
    expect(abilities.read).toBe(true);
    expect(Object.entries(abilities).filter(([, allowed]) => allowed)).toEqual([['read', true]]);
    expect(mayCreateSession(reader, ORGANIZATION_ROLE.MEMBER, org)).toBe(false);
  });

  it('lets a reader key change nothing of its creator’s own, and only follow their quick meeting', () => {
    expect(apiKeys.writeOwn(keyed('org-a', 'reader'))).toBe(false);
    expect(apiKeys.writeOwn(keyed(null, 'reader'))).toBe(false);
    expect(apiKeys.writeOwn(keyed('org-a', 'member'))).toBe(true);
    expect(apiKeys.writeOwn({ id: 'ada', role: PLATFORM_ROLE.USER })).toBe(true);
    const meeting = { ownerId: 'ada', visibility: 'private' as const, anonymousAccess: false, kind: 'quickMeeting' as const };
    expect(sessionAccess(keyed('org-a', 'reader'), ORGANIZATION_ROLE.MEMBER, meeting)).toBe('read');
    expect(sessionAccess(keyed('org-a', 'member'), ORGANIZATION_ROLE.MEMBER, meeting)).toBe('operate');
  });

  it('keeps only the platform flags the key allows', () => {
    const admin = { id: 'ada', role: PLATFORM_ROLE.USER | PLATFORM_ROLE.ORGANIZATION_INITIATOR | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR };
    expect(cappedAccount(admin, apiKeyCap({ organizationId: 'org-a', role: 'admin' })).role).toBe(PLATFORM_ROLE.USER);
    expect(cappedAccount(admin, apiKeyCap({ organizationId: null, role: 'user' })).role).toBe(PLATFORM_ROLE.USER | PLATFORM_ROLE.ORGANIZATION_INITIATOR);
    expect(cappedAccount(admin, apiKeyCap({ organizationId: null, role: 'administrator' })).role).toBe(admin.role);
    expect(cappedAccount({ id: 'bob', role: PLATFORM_ROLE.USER }, apiKeyCap({ organizationId: null, role: 'administrator' })).role).toBe(PLATFORM_ROLE.USER);
    expect(apiKeyCap({ organizationId: 'org-a', role: 'bogus' }).level).toBe(0);
  });

  it('lets administrators signed in themselves manage keys, within what they hold', () => {
    const person: PolicyUser = { id: 'ada', role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR };
    expect(apiKeys.manageOrganization(person, ORGANIZATION_ROLE.ADMIN)).toBe(true);
    expect(apiKeys.manageOrganization(person, ORGANIZATION_ROLE.MAINTAINER)).toBe(false);
    expect(apiKeys.manageOrganization(keyed('org-a', 'admin'), ORGANIZATION_ROLE.ADMIN)).toBe(false);
    expect(apiKeys.managePlatform(person)).toBe(true);
    expect(apiKeys.managePlatform({ ...person, cap: apiKeyCap({ organizationId: null, role: 'administrator' }) })).toBe(false);
    expect(apiKeys.mayGrant(person, ORGANIZATION_ROLE.ADMIN, { organizationId: 'org-a', role: 'admin' })).toBe(true);
    expect(apiKeys.mayGrant(person, ORGANIZATION_ROLE.MAINTAINER, { organizationId: 'org-a', role: 'admin' })).toBe(false);
    expect(apiKeys.mayGrant({ id: 'bob', role: PLATFORM_ROLE.USER }, 0, { organizationId: null, role: 'administrator' })).toBe(false);
  });
});
