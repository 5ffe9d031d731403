/**
 * The limits form of a subtitle version (generation and the editor's settings panel): the draft the
 * fields hold, checked with the contract's own schema (zSubtitleSettings), and each field's error as
 * a translation key with its values (the bounds of SUBTITLE_LIMITS, or the contract's cross-field
 * rules: error.subtitle_min_duration, error.subtitle_split_mode).
 */
import { SUBTITLE_LIMITS, zSubtitleSettings, type SubtitleSettings, type SubtitleSplitMode } from '@palabre/shared';

export const NUMBER_FIELDS = ['maxCharsPerLine', 'maxLinesPerScreen', 'maxScreenDuration', 'minScreenDuration', 'maxCharsPerSecond', 'minGapFrames', 'frameRate'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];
export type SettingsField = NumberField | 'splitMode';

/** What the fields hold: a number input may be empty ('') while typing. */
export type SettingsDraft = { [K in NumberField]: number | string } & { splitMode: SubtitleSplitMode };

/** Fields counted in whole units (the others take decimals). */
export const INTEGER_FIELDS: ReadonlySet<NumberField> = new Set(['maxCharsPerLine', 'maxLinesPerScreen', 'minGapFrames']);

export interface FieldError {
  /** A translation key: `common:error.*` for the contract's rules, `subtitles:settings.*` for bounds. */
  key: string;
  values?: Record<string, number>;
}

export type SettingsCheck = { ok: true; settings: SubtitleSettings } | { ok: false; errors: Partial<Record<SettingsField, FieldError>> };

export function draftOf(settings: SubtitleSettings): SettingsDraft {
  return { ...settings };
}

const isField = (value: unknown): value is SettingsField => value === 'splitMode' || (NUMBER_FIELDS as readonly unknown[]).includes(value);

/** The settings a draft stands for, or an error per field. */
export function checkSettings(draft: SettingsDraft): SettingsCheck {
  const errors: Partial<Record<SettingsField, FieldError>> = {};
  const input: Record<string, unknown> = { splitMode: draft.splitMode };
  for (const field of NUMBER_FIELDS) {
    const raw = draft[field];
    if (raw === '' || raw === null || raw === undefined) errors[field] = { key: 'common:error.required' };
    else input[field] = typeof raw === 'number' ? raw : Number(String(raw).replace(',', '.'));
  }
  const parsed = zSubtitleSettings.safeParse(input);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, settings: parsed.data };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (!isField(field) || errors[field]) continue;
      if (issue.message.startsWith('error.')) errors[field] = { key: `common:${issue.message}` };
      else if (field === 'splitMode') errors[field] = { key: 'common:error.invalid' };
      else {
        const { min, max } = SUBTITLE_LIMITS[field];
        errors[field] = { key: INTEGER_FIELDS.has(field) ? 'subtitles:settings.wholeBetween' : 'subtitles:settings.between', values: { min, max } };
      }
    }
  }
  return { ok: false, errors };
}

/** Two settings are the same limits. */
export function sameSettings(a: SubtitleSettings, b: SubtitleSettings): boolean {
  return NUMBER_FIELDS.every((field) => a[field] === b[field]) && a.splitMode === b.splitMode;
}
