/** The zod contracts carry the product's validation rules and error keys (docs/PRODUCT.md) to every endpoint. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  DEFAULT_INVITED_ROLE,
  DEFAULT_PAGE_SIZE,
  zCreateOrganizationBody,
  zCreateUserFields,
  zEmailDomain,
  zInviteMemberBody,
  zLoginBody,
  zPagination,
  zUpdateMemberBody,
  zUpdateOrganizationBody,
  zUpdateSelfBody,
} from '../src/index.ts';

/** Field path → first issue message, the way the server reports validation errors. */
function issues(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.') || '_'] ??= issue.message;
  return out;
}

describe('account creation fields', () => {
  it('normalise valid input', () => {
    const parsed = zCreateUserFields.parse({ firstname: ' Ada ', lastname: 'Lovelace', email: ' ADA@Example.org', password: ' secret1 ' });
    expect(parsed).toEqual({ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.org', password: 'secret1' });
  });

  it('name each invalid field with its error key', () => {
    expect(issues(zCreateUserFields, { firstname: '', lastname: '<b>', email: 'nope', password: '123' })).toEqual({
      firstname: 'error.required',
      lastname: 'error.unauthorized_caracters',
      email: 'error.invalid_email',
      password: 'error.passwordLength',
    });
  });
});

describe('login body', () => {
  it('lower-cases the email and requires a password', () => {
    expect(zLoginBody.parse({ email: 'Ada@Example.org ', password: 'x' }).email).toBe('ada@example.org');
    expect(zLoginBody.safeParse({ email: 'ada@example.org', password: '' }).success).toBe(false);
  });
});

describe('own profile update', () => {
  it('refuses unknown keys (no mass assignment)', () => {
    expect(zUpdateSelfBody.safeParse({ firstname: 'Ada', status: 'active' }).success).toBe(false);
    expect(zUpdateSelfBody.safeParse({ passwordHash: 'x' }).success).toBe(false);
  });

  it('accepts a partial update and bounds the role to the bit mask', () => {
    expect(zUpdateSelfBody.parse({ private: true })).toEqual({ private: true });
    expect(zUpdateSelfBody.safeParse({ role: 32 }).success).toBe(false);
    expect(zUpdateSelfBody.safeParse({ role: -1 }).success).toBe(false);
  });
});

describe('organizations', () => {
  it('require a name without markup', () => {
    expect(issues(zCreateOrganizationBody, { name: '   ' })).toEqual({ name: 'error.required' });
    expect(issues(zCreateOrganizationBody, { name: 'A <b>' })).toEqual({ name: 'error.unauthorized_caracters' });
    expect(zCreateOrganizationBody.parse({ name: '  Acme ' })).toEqual({ name: 'Acme' });
    expect(zCreateOrganizationBody.safeParse({ name: 'Acme', owner: 'x' }).success).toBe(false);
  });

  it('normalise matching email domains', () => {
    expect(zEmailDomain.parse(' @Example.ORG ')).toBe('example.org');
    expect(zEmailDomain.safeParse('not a domain').success).toBe(false);
    expect(zEmailDomain.safeParse('localhost').success).toBe(false);
    expect(zUpdateOrganizationBody.parse({ matchingEmails: ['@acme.com', 'ACME.org'] })).toEqual({ matchingEmails: ['acme.com', 'acme.org'] });
  });

  it('invite with the default role 1 and never as owner', () => {
    expect(DEFAULT_INVITED_ROLE).toBe(1);
    expect(zInviteMemberBody.parse({ email: 'bob@example.org' })).toEqual({ email: 'bob@example.org', role: 1 });
    expect(zInviteMemberBody.safeParse({ email: 'bob@example.org', role: 6 }).success).toBe(false);
    expect(zUpdateMemberBody.safeParse({ userId: crypto.randomUUID(), role: 6 }).success).toBe(false);
    expect(zUpdateMemberBody.safeParse({ userId: crypto.randomUUID(), role: 3 }).success).toBe(true);
  });
});

describe('pagination', () => {
  it('defaults to the first page of 10', () => {
    expect(zPagination.parse({})).toEqual({ page: 0, size: DEFAULT_PAGE_SIZE });
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(zPagination.parse({ page: '2', size: '5' })).toEqual({ page: 2, size: 5 });
    expect(zPagination.safeParse({ page: -1 }).success).toBe(false);
  });
});
