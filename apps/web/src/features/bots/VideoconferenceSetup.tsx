/** The videoconference step of a quick meeting: the meeting's address, then a bot joins it (docs/meetings.md). */
import type { QuickMeeting } from '@palabre/shared';

export interface VideoconferenceSetupProps {
  organizationId: string;
  /** Called once the meeting is created and its bot sent. */
  onStarted: (meeting: QuickMeeting) => void;
}

export function VideoconferenceSetup(_props: VideoconferenceSetupProps) {
  return null;
}
