/**
 * Whether the caller may create sessions in the current organization (docs/sessions-api.md, Who may
 * do what): the organization's `session` ability (maintainers and above; members when its session
 * permission is on), or the session operator platform role.
 */
import { hasPlatformFlag, PLATFORM_ROLE } from '@palabre/shared';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { useMe } from '../../api/queries.ts';

export function useSessionCreateAllowed(): boolean {
  const { current } = useOrganizationScope();
  const me = useMe();
  const operator = me.data ? hasPlatformFlag(me.data.role, PLATFORM_ROLE.SESSION_OPERATOR) : false;
  return Boolean(current?.abilities.session) || operator;
}
