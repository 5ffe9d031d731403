/**
 * Calls of the publish page's report tabs (docs/reports.md): one report of a media with its current
 * Markdown, generating it, saving an edit, its versions and restoring one, and the AI profiles usable
 * in the media's organization. Keys hang under the media's, so a `report` notice (which invalidates the
 * media's queries) or a changed transcript refreshes an open report.
 */
import { API, type ConversationUpdate, type GenerateReportBody, type Report, type ReportKind } from '@palabre/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { isMissing } from '../../api/client.ts';
import { conversationKeys } from '../conversations/api.ts';
import { patchFromNotice, reportPhase } from './state.ts';

export const reportKeys = {
  all: (conversationId: string) => [...conversationKeys.detail(conversationId), 'reports'] as const,
  one: (conversationId: string, kind: ReportKind) => [...reportKeys.all(conversationId), kind] as const,
  versions: (conversationId: string, kind: ReportKind) => [...reportKeys.one(conversationId, kind), 'versions'] as const,
  version: (conversationId: string, kind: ReportKind, versionId: string) => [...reportKeys.versions(conversationId, kind), versionId] as const,
  aiProfiles: (organizationId: string) => ['organizations', organizationId, 'ai_profiles'] as const,
};

/**
 * The report of a kind; null while none was ever generated. Read from the list of the reports that
 * exist (the same presentation as one report's): a tab never generated asks for nothing that is not
 * there, which would answer, and log, a 404 per tab.
 */
export async function fetchReport(conversationId: string, kind: ReportKind, signal?: AbortSignal): Promise<Report | null> {
  const { reports } = await call(API.reports.list, { params: { id: conversationId }, signal });
  return reports.find((report) => report.kind === kind) ?? null;
}

export function useReport(conversationId: string, kind: ReportKind) {
  return useQuery({
    queryKey: reportKeys.one(conversationId, kind),
    queryFn: ({ signal }) => fetchReport(conversationId, kind, signal),
    retry: (count, error) => !isMissing(error) && count < 2,
    // Notices move it along; should the socket be down, a slow poll while a generation runs.
    refetchInterval: (query) => (reportPhase(query.state.data) === 'running' ? 10_000 : false),
  });
}

export function useReportVersions(conversationId: string, kind: ReportKind, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.versions(conversationId, kind),
    queryFn: async ({ signal }) => (await call(API.reports.versions, { params: { id: conversationId, kind }, signal })).versions,
    enabled,
  });
}

export function useReportVersion(conversationId: string, kind: ReportKind, versionId: string | null) {
  return useQuery({
    queryKey: reportKeys.version(conversationId, kind, versionId ?? ''),
    queryFn: ({ signal }) => call(API.reports.version, { params: { id: conversationId, kind, versionId: versionId! }, signal }),
    enabled: Boolean(versionId),
    // A version's text never changes.
    staleTime: Infinity,
  });
}

/** The AI profiles a generation may name in the organization (global ones and its own). */
export function useAiProfiles(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.aiProfiles(organizationId),
    queryFn: async ({ signal }) => (await call(API.aiProfiles.ofOrganization, { params: { id: organizationId }, signal })).list,
    enabled,
    retry: false,
  });
}

/** Generating, saving and restoring: each answers the report, which replaces the cached one at once. */
export function useReportMutations(conversationId: string, kind: ReportKind) {
  const client = useQueryClient();
  const settle = (report: Report) => {
    client.setQueryData(reportKeys.one(conversationId, kind), report);
    void client.invalidateQueries({ queryKey: reportKeys.versions(conversationId, kind) });
  };
  return {
    generate: useMutation({
      mutationFn: (body: Omit<GenerateReportBody, 'kind'>) => call(API.reports.generate, { params: { id: conversationId }, body: { ...body, kind } }),
      onSuccess: settle,
    }),
    save: useMutation({
      mutationFn: (body: { markdown: string; baseVersionId?: string }) => call(API.reports.save, { params: { id: conversationId, kind }, body }),
      onSuccess: settle,
    }),
    restore: useMutation({
      mutationFn: (versionId: string) => call(API.reports.restore, { params: { id: conversationId, kind, versionId } }),
      onSuccess: settle,
    }),
  };
}

/**
 * A `report` notice carries the report's state and progress: the cached report takes them at once, so
 * the progress bar moves with every tick (the refetch the notice also causes brings the rest).
 */
export function applyReportNotice(client: QueryClient, update: ConversationUpdate) {
  if (update.kind !== 'report' || !update.reportKind) return;
  client.setQueryData<Report | null>(reportKeys.one(update.conversationId, update.reportKind), (report) => (report ? patchFromNotice(report, update) : report));
}
