/**
 * What a report tab shows, decided from the report alone (docs/reports.md, States): nothing generated
 * yet, a generation on its way, the text up to date or outdated, or the last generation's failure. A
 * report being regenerated or whose regeneration failed keeps showing its earlier text below.
 */
import type { AiProfile, ConversationUpdate, Report } from '@palabre/shared';

export type ReportPhase = 'none' | 'running' | 'ready' | 'outdated' | 'error';

export function reportPhase(report: Report | null | undefined): ReportPhase {
  if (!report) return 'none';
  switch (report.state) {
    case 'queued':
    case 'generating':
      return 'running';
    case 'up_to_date':
      return 'ready';
    case 'outdated':
      return 'outdated';
    case 'error':
      return 'error';
  }
}

/** The report as a notice describes it: its state, and its progress while generating. */
export function patchFromNotice(report: Report, update: Pick<ConversationUpdate, 'reportState' | 'progress'>): Report {
  const state = update.reportState ?? report.state;
  const generating = state === 'generating';
  const progress = generating ? (update.progress ?? report.progress) : null;
  if (state === report.state && progress === report.progress) return report;
  return { ...report, state, progress };
}

/** A progress fraction as whole percents, within 0–100; null while queued (no measure yet). */
export function progressPercent(progress: number | null | undefined): number | null {
  if (progress === null || progress === undefined || Number.isNaN(progress)) return null;
  return Math.round(Math.min(1, Math.max(0, progress)) * 100);
}

/**
 * What the status line announces: it changes with the state and every tenth of the progress, so a
 * screen reader hears the generation move on without a word for each tick.
 */
export function announcedPercent(progress: number | null | undefined): number | null {
  const percent = progressPercent(progress);
  return percent === null ? null : Math.floor(percent / 10) * 10;
}

/** The generation's choice of method: an AI profile's id, or the extractive methods. */
export type ProfileChoice = string;
export const EXTRACTIVE: ProfileChoice = 'extractive';

/**
 * The profile chosen first: the one the server would use when none is named (the organization's
 * default before the global one), else the extractive methods.
 */
export function defaultProfileChoice(profiles: readonly Pick<AiProfile, '_id' | 'scope' | 'isDefault'>[]): ProfileChoice {
  const defaults = profiles.filter((profile) => profile.isDefault);
  return (defaults.find((profile) => profile.scope === 'organization') ?? defaults[0])?._id ?? EXTRACTIVE;
}

/** Whether the generation may be asked for again now: not while one is queued or running. */
export function mayGenerate(report: Report | null | undefined): boolean {
  return reportPhase(report) !== 'running';
}
