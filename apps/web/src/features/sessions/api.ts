/**
 * Live session calls (docs/sessions-api.md): the organization's list, one session, its creation,
 * changes, start and stop, its alias and the templates. Every mutation refreshes the session queries.
 */
import { API, type BodyInput, type Session, type SessionTemplate } from '@palabre/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { isMissing } from '../../api/client.ts';
import { listQuery, type ListFilter } from './listQuery.ts';

export type { Session, SessionTemplate } from '@palabre/shared';

export const sessionKeys = {
  all: ['sessions'] as const,
  list: (organizationId: string, filter: ListFilter) => ['sessions', 'list', organizationId, filter] as const,
  detail: (id: string) => ['sessions', id] as const,
  templates: (organizationId: string) => ['sessions', 'templates', organizationId] as const,
};

export function useSessionList(organizationId: string | undefined, filter: ListFilter) {
  return useQuery({
    queryKey: sessionKeys.list(organizationId ?? '', filter),
    queryFn: ({ signal }) => call(API.sessions.list, { query: { organizationId: organizationId!, ...listQuery(filter) }, signal }),
    enabled: Boolean(organizationId),
    placeholderData: keepPreviousData,
  });
}

export function useSession(sessionId: string | undefined) {
  return useQuery({
    queryKey: sessionKeys.detail(sessionId ?? ''),
    queryFn: ({ signal }) => call(API.sessions.get, { params: { id: sessionId! }, signal }),
    enabled: Boolean(sessionId),
    retry: (count, error) => !isMissing(error) && count < 2,
  });
}

/** A call that refreshes the session queries once done; `done` runs first (e.g. leaving a page whose session is gone). */
function useRefreshing<V, R>(mutationFn: (variables: V) => Promise<R>, done?: (variables: V) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, variables) => {
      done?.(variables);
      return client.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

export function useCreateSession(organizationId: string) {
  return useRefreshing((body: BodyInput<typeof API.sessions.create>) => call(API.sessions.create, { params: { id: organizationId }, body }));
}

export function useUpdateSession(session: Pick<Session, '_id' | 'organizationId'>) {
  return useRefreshing((body: BodyInput<typeof API.sessions.update>) => call(API.sessions.update, { params: { id: session.organizationId, sessionId: session._id }, body }));
}

export function useStartSession(session: Pick<Session, '_id' | 'organizationId'>) {
  return useRefreshing(() => call(API.sessions.start, { params: { id: session.organizationId, sessionId: session._id } }));
}

/** Stops the session (`remove`: deletes it too, then `onRemoved` runs); `force` while a stream is being sent. */
export function useStopSession(session: Pick<Session, '_id' | 'organizationId'>, onRemoved: () => void) {
  return useRefreshing(
    ({ force, remove }: { force: boolean; remove: boolean }) =>
      call(API.sessions.stop, { params: { id: session.organizationId, sessionId: session._id }, query: { force: `${force}`, remove: `${remove}` } }),
    ({ remove }) => remove && onRemoved(),
  );
}

/** Names the session with `name`: renames its alias, or creates one when it has none. */
export function useSetAlias(session: Pick<Session, '_id' | 'organizationId' | 'alias'>) {
  return useRefreshing((name: string) =>
    session.alias
      ? call(API.sessions.updateAlias, { params: { id: session.organizationId, alias: session.alias }, body: { name } })
      : call(API.sessions.createAlias, { params: { id: session.organizationId }, body: { name, sessionId: session._id } }),
  );
}

export function useTemplates(organizationId: string | undefined) {
  return useQuery({
    queryKey: sessionKeys.templates(organizationId ?? ''),
    queryFn: async ({ signal }): Promise<SessionTemplate[]> => (await call(API.sessions.templates, { params: { id: organizationId! }, signal })).sessionTemplates,
    enabled: Boolean(organizationId),
  });
}

export function useCreateTemplate(organizationId: string) {
  return useRefreshing((body: BodyInput<typeof API.sessions.createTemplate>) => call(API.sessions.createTemplate, { params: { id: organizationId }, body }));
}

export function useRemoveTemplate(organizationId: string) {
  return useRefreshing((templateId: string) => call(API.sessions.removeTemplate, { params: { id: organizationId, templateId } }));
}
