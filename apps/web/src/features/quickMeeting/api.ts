/**
 * Quick meeting calls (docs/meetings.md): the caller's meeting in progress in an organization, its
 * creation, and its ending (saved under a name, or discarded). A lookup that fails reads as no
 * meeting (docs/PRODUCT.md, Screens and routes: "a failed or empty answer means none"). Creating or ending one
 * makes the navigation guard look for a recoverable meeting again (recovery.ts).
 */
import { API, type BodyInput, type QuickMeeting } from '@palabre/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { sessionKeys } from '../sessions/api.ts';
import { forgetRecoverable, meetingOffered } from './recovery.ts';

export const quickMeetingKeys = {
  current: (organizationId: string) => ['quickMeeting', organizationId] as const,
};

/** The caller's meeting in progress in this organization, or null (also when the lookup fails). */
export async function fetchCurrentQuickMeeting(organizationId: string, signal?: AbortSignal): Promise<QuickMeeting | null> {
  try {
    const meeting = (await call(API.meetings.current, { params: { id: organizationId }, signal })).quickMeeting;
    // Its page is open: navigating elsewhere does not bring the user back to it (guard rule 5).
    if (meeting) meetingOffered(meeting._id);
    return meeting;
  } catch {
    return null;
  }
}

export function useCurrentQuickMeeting(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: quickMeetingKeys.current(organizationId),
    queryFn: ({ signal }) => fetchCurrentQuickMeeting(organizationId, signal),
    enabled,
    // Read once when the page opens: the steps follow the meeting from there.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useCreateQuickMeeting(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<typeof API.meetings.create>) => call(API.meetings.create, { params: { id: organizationId }, body }),
    onSuccess: (meeting) => meetingOffered(meeting._id),
    onSettled: () => {
      forgetRecoverable();
      return client.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

export interface EndMeeting {
  /** Discard it (nothing kept) rather than save it. */
  trash: boolean;
  /** The media's name when saved. */
  name?: string | undefined;
  /** End it even while audio is still being sent to it. */
  force: boolean;
}

export function useEndQuickMeeting(meeting: Pick<QuickMeeting, '_id' | 'organizationId'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ trash, name, force }: EndMeeting) =>
      call(API.meetings.end, {
        params: { id: meeting.organizationId, meetingId: meeting._id },
        query: { trash: `${trash}`, force: `${force}`, ...(name ? { name } : {}) },
      }),
    onSettled: () => {
      forgetRecoverable();
      client.removeQueries({ queryKey: quickMeetingKeys.current(meeting.organizationId) });
      return client.invalidateQueries({ queryKey: ['conversations'] });
    },
  });
}
