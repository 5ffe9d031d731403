/**
 * What the burn panel shows, from the status endpoint's answer and the socket's `burn` notices: a
 * notice moves the state and progress at once; the answer that follows brings the rest (when it
 * finished, why it failed).
 */
import { BURN_ERRORS, type BurnStatus, type ConversationUpdate } from '@palabre/shared';

export const NO_BURN: BurnStatus = { state: null, progress: null, finishedAt: null, error: null };

export const isUnderWay = (status: BurnStatus | undefined): boolean => status?.state === 'queued' || status?.state === 'running';

/** The status after a socket notice (unchanged when the notice is about something else). */
export function applyBurnUpdate(status: BurnStatus | undefined, update: ConversationUpdate, subtitleId: string): BurnStatus | undefined {
  if (update.kind !== 'burn' || update.subtitleId !== subtitleId || !update.burnState) return status;
  const current = status ?? NO_BURN;
  switch (update.burnState) {
    case 'queued':
      return { state: 'queued', progress: 0, finishedAt: null, error: null };
    case 'running': {
      // Progress never moves back within a run (a late notice does not undo a newer one).
      const before = current.state === 'running' ? (current.progress ?? 0) : 0;
      return { state: 'running', progress: Math.max(before, update.progress ?? 0), finishedAt: null, error: null };
    }
    case 'done':
      return { state: 'done', progress: 1, finishedAt: current.state === 'done' ? current.finishedAt : null, error: null };
    case 'failed':
      return { state: 'failed', progress: null, finishedAt: null, error: current.state === 'failed' ? current.error : null };
  }
}

export type BurnView =
  { kind: 'idle' } | { kind: 'working'; state: 'queued' | 'running'; percent: number } | { kind: 'done'; finishedAt: string | null } | { kind: 'failed'; errorKey: string };

/** The i18n key (burn namespace) of a failure's code; unknown codes read as a general failure. */
export function burnErrorKey(error: string | null): string {
  return (BURN_ERRORS as readonly string[]).includes(error ?? '') ? `errors.${error}` : 'errors.unknown';
}

export function burnView(status: BurnStatus | undefined): BurnView {
  switch (status?.state) {
    case 'queued':
    case 'running':
      return { kind: 'working', state: status.state, percent: Math.round((status.progress ?? 0) * 100) };
    case 'done':
      return { kind: 'done', finishedAt: status.finishedAt };
    case 'failed':
      return { kind: 'failed', errorKey: burnErrorKey(status.error) };
    default:
      return { kind: 'idle' };
  }
}
