/** The service module of each kind of meeting. */
import type { BotService } from '@palabre/shared';
import { bigBlueButtonService } from './bigbluebutton.ts';
import { generic } from './generic.ts';
import { jitsi } from './jitsi.ts';
import type { MeetingService } from './types.ts';

export function meetingService(kind: BotService, displayName: string): MeetingService {
  if (kind === 'jitsi') return jitsi;
  if (kind === 'bigbluebutton') return bigBlueButtonService(displayName);
  return generic;
}
