/**
 * The quick meeting's steps (docs/PRODUCT.md, States): creation (or the videoconference setup), the microphone's
 * setup with its mute check, then live; a meeting found in progress (the recovery lookup, or a
 * creation refused because one runs) opens the restore step, where it is saved, discarded or
 * continued. Once ended, the page says where it went. A pure reducer, so the flow can be tested.
 */
import type { QuickMeeting, QuickMeetingSource } from '@palabre/shared';

export type QuickStep =
  /** Looking for a meeting in progress in this organization. */
  | { step: 'loading' }
  | { step: 'creation' }
  | { step: 'videoconference' }
  | { step: 'restore'; meeting: QuickMeeting }
  | { step: 'microphone'; meeting: QuickMeeting }
  | { step: 'live'; meeting: QuickMeeting }
  /** Saved (the media, or null while a job saves it) or discarded. */
  | { step: 'ended'; discarded: boolean; savedConversationId: string | null };

export type QuickEvent =
  /**
   * The lookup's answer: the meeting in progress in this organization, or none. `started`: the one
   * just started elsewhere (the create page's videoconference tab), which goes on without restoring.
   */
  | { type: 'found'; meeting: QuickMeeting | null; started?: boolean }
  | { type: 'created'; meeting: QuickMeeting }
  /** A creation refused because a meeting is in progress: that one. */
  | { type: 'inProgress'; meeting: QuickMeeting }
  | { type: 'continue' }
  | { type: 'microphoneReady' }
  | { type: 'ended'; discarded: boolean; savedConversationId: string | null }
  /** After an ending: a new meeting. */
  | { type: 'again' };

export const LOADING: QuickStep = { step: 'loading' };

/** Where a new meeting starts: its setup, by where its audio comes from. */
export function setupStep(source: QuickMeetingSource): QuickStep {
  return source === 'videoconference' ? { step: 'videoconference' } : { step: 'creation' };
}

/** Where a meeting goes on: a microphone is set up (and its mute checked) first; a bot is already sending. */
function goOn(meeting: QuickMeeting): QuickStep {
  return meeting.source === 'videoconference' ? { step: 'live', meeting } : { step: 'microphone', meeting };
}

export function nextStep(state: QuickStep, event: QuickEvent, source: QuickMeetingSource): QuickStep {
  switch (event.type) {
    case 'found':
      if (state.step !== 'loading') return state;
      if (!event.meeting) return setupStep(source);
      return event.started ? goOn(event.meeting) : { step: 'restore', meeting: event.meeting };
    case 'created':
      return state.step === 'creation' || state.step === 'videoconference' ? goOn(event.meeting) : state;
    case 'inProgress':
      return state.step === 'creation' || state.step === 'videoconference' ? { step: 'restore', meeting: event.meeting } : state;
    case 'continue':
      return state.step === 'restore' ? goOn(state.meeting) : state;
    case 'microphoneReady':
      return state.step === 'microphone' ? { step: 'live', meeting: state.meeting } : state;
    case 'ended':
      return state.step === 'restore' || state.step === 'live' || state.step === 'microphone'
        ? { step: 'ended', discarded: event.discarded, savedConversationId: event.savedConversationId }
        : state;
    case 'again':
      return state.step === 'ended' ? setupStep(source) : state;
  }
}
