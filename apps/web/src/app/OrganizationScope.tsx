/** Current organization of the main area, shared with every screen through useOrganizationScope(). */
import type { Organization } from '@palabre/shared';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { readOrganizationScope, writeOrganizationScope } from '../api/cookies.ts';
import { useRouteHandle } from '../routes/handle.ts';
import { paths } from '../routes/paths.ts';
import { resolveScope } from './scope.ts';

export interface OrganizationScope {
  organizations: Organization[];
  current: Organization | null;
  /** Stores the scope and goes to the inbox unless already on a list view (or told to stay). */
  setScope: (organizationId: string, options?: { stay?: boolean }) => void;
}

const ScopeContext = createContext<OrganizationScope | null>(null);

export function OrganizationScopeProvider({ organizations, children }: { organizations: Organization[]; children: ReactNode }) {
  const { organizationId } = useParams();
  const { listView } = useRouteHandle();
  const navigate = useNavigate();
  const [cookie, setCookie] = useState(readOrganizationScope);
  const ids = useMemo(() => organizations.map((o) => o._id), [organizations]);
  const resolution = resolveScope({ cookie, organizationIds: ids, routeOrganizationId: organizationId });

  useEffect(() => {
    if (resolution.store && resolution.current) {
      writeOrganizationScope(resolution.current);
      setCookie(resolution.current);
    }
  }, [resolution.store, resolution.current]);

  const setScope = useCallback(
    (id: string, options: { stay?: boolean } = {}) => {
      writeOrganizationScope(id);
      setCookie(id);
      if (!listView && !options.stay) void navigate(paths.inbox);
    },
    [listView, navigate],
  );

  const value = useMemo(
    () => ({ organizations, current: organizations.find((o) => o._id === resolution.current) ?? null, setScope }),
    [organizations, resolution.current, setScope],
  );
  return <ScopeContext.Provider value={value}>{children}</ScopeContext.Provider>;
}

/** The organization scope; only inside the signed-in main area. */
export function useOrganizationScope(): OrganizationScope {
  const scope = useContext(ScopeContext);
  if (!scope) throw new Error('useOrganizationScope is used outside the main area');
  return scope;
}

/** The scope when there is one (e.g. on a public page, there may be none). */
export function useOptionalOrganizationScope(): OrganizationScope | null {
  return useContext(ScopeContext);
}
