/**
 * Organization scope (docs/PRODUCT.md, Screens and routes), as a pure function: read from the cm_orga_scope
 * cookie; a route's organizationId (when the user belongs to it) sets it; if missing or not among the user's
 * organizations, the first one is chosen and stored. No organization: null (no-organization view).
 */
export interface ScopeResolution {
  current: string | null;
  /** The cookie must be (re)written with `current`. */
  store: boolean;
}

export function resolveScope(input: { cookie: string | null; organizationIds: string[]; routeOrganizationId?: string | undefined }): ScopeResolution {
  const { cookie, organizationIds, routeOrganizationId } = input;
  if (routeOrganizationId && organizationIds.includes(routeOrganizationId)) {
    return { current: routeOrganizationId, store: cookie !== routeOrganizationId };
  }
  if (cookie && organizationIds.includes(cookie)) return { current: cookie, store: false };
  const first = organizationIds[0];
  return first ? { current: first, store: true } : { current: null, store: false };
}
