import { describe, expect, it } from 'vitest';
import { resolveScope } from './scope.ts';

describe('resolveScope', () => {
  it('keeps the stored organization when the user belongs to it', () => {
    expect(resolveScope({ cookie: 'b', organizationIds: ['a', 'b'] })).toEqual({ current: 'b', store: false });
  });
  it('chooses and stores the first organization when the cookie is missing', () => {
    expect(resolveScope({ cookie: null, organizationIds: ['a', 'b'] })).toEqual({ current: 'a', store: true });
  });
  it('replaces an organization the user no longer belongs to', () => {
    expect(resolveScope({ cookie: 'gone', organizationIds: ['a'] })).toEqual({ current: 'a', store: true });
  });
  it("lets the route's organizationId set the scope", () => {
    expect(resolveScope({ cookie: 'a', organizationIds: ['a', 'b'], routeOrganizationId: 'b' })).toEqual({ current: 'b', store: true });
  });
  it("ignores a route's organization the user does not belong to", () => {
    expect(resolveScope({ cookie: 'a', organizationIds: ['a'], routeOrganizationId: 'z' })).toEqual({ current: 'a', store: false });
  });
  it('has no scope without organizations (no-organization view)', () => {
    expect(resolveScope({ cookie: 'a', organizationIds: [] })).toEqual({ current: null, store: false });
  });
});
