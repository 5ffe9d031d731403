/**
 * The microphone step's check (docs/PRODUCT.md, States; Screens and routes: "Microphone muted or no permission"): once the
 * microphone is on, it is tested until sound is heard; a muted track, or a level that stays under
 * the silence threshold for a few seconds (level.ts), shows the warning, which the user may bypass.
 * A refused permission shows the same message with how to allow it, and cannot be bypassed: there
 * would be no audio at all.
 */
import type { MicrophoneStatus } from '../live/useMicrophone.ts';

export type MuteCheck =
  /** Asking for the microphone. */
  | 'starting'
  /** On, nothing decided yet. */
  | 'testing'
  /** Sound was heard. */
  | 'working'
  /** Muted or silent: the warning, with "Continue anyway" and "Try again". */
  | 'muted'
  /** Muted or silent, and the user chose to go on. */
  | 'bypassed'
  /** The permission was refused. */
  | 'denied'
  /** No input device, no audio support, or another failure to open it. */
  | 'missing'
  | 'unsupported'
  | 'failed';

export interface MuteCheckInput {
  status: MicrophoneStatus;
  /** The microphone's mute detection (a muted track, or silence for a few seconds). */
  muted: boolean;
  /** Sound was heard since the microphone was switched on. */
  heard: boolean;
  /** The user chose "Continue anyway". */
  bypassed: boolean;
}

export function muteCheck({ status, muted, heard, bypassed }: MuteCheckInput): MuteCheck {
  if (status === 'off' || status === 'asking') return 'starting';
  if (status !== 'on') return status;
  if (muted) return bypassed ? 'bypassed' : 'muted';
  return heard ? 'working' : 'testing';
}

/** Whether the meeting may go live from this check. */
export function mayGoLive(check: MuteCheck): boolean {
  return check === 'working' || check === 'bypassed';
}
