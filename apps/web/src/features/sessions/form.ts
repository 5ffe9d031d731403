/**
 * The session form (create and settings pages) and its mapping to the API bodies: a template
 * applied to the form, the form saved as a template, a session read back into the form. The
 * checks are the contract's (zCreateSessionBody, zTemplateBody, scheduleIssues): their messages are
 * `error.*` keys of the common namespace, by field path (`channels.1.name`).
 */
import {
  DEFAULT_WATERMARK,
  SESSION_SETTINGS_DEFAULTS,
  scheduleIssues,
  zCreateSessionBody,
  zTemplateBody,
  type BodyInput,
  type API,
  type MetadataPair,
  type Session,
  type SessionTemplate,
  type SessionVisibility,
  type Watermark,
} from '@palabre/shared';
import type { z } from 'zod';

export interface ChannelForm {
  name: string;
  transcriberProfileId: string | null;
  languages: string[];
  translations: string[];
  diarization: boolean;
}

export interface SessionForm {
  name: string;
  channels: ChannelForm[];
  /** `datetime-local` values (local time), '' when not planned. */
  scheduleOn: string;
  endOn: string;
  autoStart: boolean;
  autoEnd: boolean;
  visibility: SessionVisibility;
  anonymousAccess: boolean;
  alias: string;
  metadata: MetadataPair[];
  watermark: Watermark;
  keepAudio: boolean;
  diarization: boolean;
  liveTranscription: boolean;
}

export type FieldErrors = Record<string, string>;

export const emptyChannel = (name = ''): ChannelForm => ({ name, transcriberProfileId: null, languages: [], translations: [], diarization: false });

export function emptyForm(): SessionForm {
  return {
    name: '',
    channels: [emptyChannel()],
    scheduleOn: '',
    endOn: '',
    autoStart: SESSION_SETTINGS_DEFAULTS.autoStart,
    autoEnd: SESSION_SETTINGS_DEFAULTS.autoEnd,
    visibility: SESSION_SETTINGS_DEFAULTS.visibility,
    anonymousAccess: SESSION_SETTINGS_DEFAULTS.anonymousAccess,
    alias: '',
    metadata: [],
    watermark: { ...DEFAULT_WATERMARK },
    keepAudio: SESSION_SETTINGS_DEFAULTS.keepAudio,
    diarization: SESSION_SETTINGS_DEFAULTS.diarization,
    liveTranscription: SESSION_SETTINGS_DEFAULTS.liveTranscription,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a `datetime-local` value in local time ('' for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local time) as a date; null when empty. */
export function fromLocalInput(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

type Settings = SessionTemplate['settings'];

function settingsOf(settings: Settings): Omit<SessionForm, 'name' | 'scheduleOn' | 'endOn' | 'alias'> {
  return {
    channels: settings.channels.map((c) => ({
      name: c.name,
      transcriberProfileId: c.transcriberProfileId,
      languages: [...c.languages],
      translations: [...c.translations],
      diarization: c.diarization,
    })),
    autoStart: settings.autoStart,
    autoEnd: settings.autoEnd,
    visibility: settings.visibility,
    anonymousAccess: settings.anonymousAccess,
    metadata: settings.metadata.map((pair) => ({ ...pair })),
    watermark: { ...settings.watermark },
    keepAudio: settings.keepAudio,
    diarization: settings.diarization,
    liveTranscription: settings.liveTranscription,
  };
}

/** The form with a template's settings; the name, schedule and alias typed so far stay. */
export function applyTemplate(form: SessionForm, template: SessionTemplate): SessionForm {
  return { ...form, ...settingsOf(template.settings) };
}

/** A session read back into the form (settings page). */
export function formFromSession(session: Session): SessionForm {
  return {
    ...settingsOf({ ...session, channels: session.channels.map((c) => ({ ...c, transcriberProfileId: c.transcriberProfileId ?? '' })) }),
    name: session.name,
    scheduleOn: toLocalInput(session.scheduleOn),
    endOn: toLocalInput(session.endOn),
    alias: session.alias ?? '',
  };
}

function settingsBody(form: SessionForm) {
  return {
    channels: form.channels.map((c) => ({
      name: c.name,
      transcriberProfileId: c.transcriberProfileId ?? '',
      languages: c.languages,
      translations: c.translations,
      diarization: c.diarization,
    })),
    visibility: form.visibility,
    anonymousAccess: form.visibility === 'public' && form.anonymousAccess,
    diarization: form.diarization,
    keepAudio: form.keepAudio,
    liveTranscription: form.liveTranscription,
    autoStart: form.autoStart,
    autoEnd: form.autoEnd,
    metadata: form.metadata,
    watermark: form.watermark,
  };
}

const schedule = (form: SessionForm) => ({ scheduleOn: fromLocalInput(form.scheduleOn)?.toISOString() ?? null, endOn: fromLocalInput(form.endOn)?.toISOString() ?? null });

export type CreateBody = BodyInput<typeof API.sessions.create>;
export type PatchBody = BodyInput<typeof API.sessions.update>;
export type TemplateBody = BodyInput<typeof API.sessions.createTemplate>;

export function createBody(form: SessionForm): CreateBody {
  return { name: form.name, ...schedule(form), ...settingsBody(form), ...(form.alias.trim() ? { alias: form.alias.trim() } : {}) };
}

export function templateBody(form: SessionForm, name: string): TemplateBody {
  return { name, ...settingsBody(form) };
}

/**
 * A settings change: every field but the alias (its own call); channels only while the session is
 * scheduled, since they cannot change afterwards; planned times only when they changed.
 */
export function patchBody(form: SessionForm, session: Session): PatchBody {
  const { channels, ...settings } = settingsBody(form);
  const times = schedule(form);
  const same = (a: string | null, b: string | null) => (a ? new Date(a).getTime() : null) === (b ? new Date(b).getTime() : null);
  return {
    name: form.name,
    ...settings,
    ...(session.status === 'scheduled' ? { channels } : {}),
    ...(same(times.scheduleOn, session.scheduleOn) ? {} : { scheduleOn: times.scheduleOn }),
    ...(same(times.endOn, session.endOn) ? {} : { endOn: times.endOn }),
  };
}

function issuesOf(error: z.ZodError | undefined): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error?.issues ?? []) {
    const path = issue.path.join('.') || '_';
    fields[path] ??= issue.message.startsWith('error.') ? issue.message : 'error.invalid';
  }
  return fields;
}

/** A channel without a transcriber profile or a language yet misses them (rather than holding invalid ones). */
function withMissing(form: SessionForm, fields: FieldErrors): FieldErrors {
  for (const [index, channel] of form.channels.entries()) {
    if (!channel.transcriberProfileId) fields[`channels.${index}.transcriberProfileId`] = 'error.required';
    if (channel.languages.length === 0) fields[`channels.${index}.languages`] = 'error.required';
  }
  return fields;
}

/**
 * The contract's verdict on a creation (or a change, given the stored schedule): field path →
 * `error.*` key; empty when the form may be sent.
 */
export function validateForm(form: SessionForm, now: Date, previous?: Session): FieldErrors {
  const fields = withMissing(form, issuesOf(zCreateSessionBody.safeParse(createBody(form)).error));
  const stored = previous ? { scheduleOn: previous.scheduleOn ? new Date(previous.scheduleOn) : null, endOn: previous.endOn ? new Date(previous.endOn) : null } : undefined;
  const times = { scheduleOn: fromLocalInput(form.scheduleOn), endOn: fromLocalInput(form.endOn) };
  for (const issue of scheduleIssues({ ...times, autoStart: form.autoStart, autoEnd: form.autoEnd }, now, stored)) fields[issue.path] ??= issue.message;
  return fields;
}

/** The contract's verdict on saving the form as a template named `name`. */
export function validateTemplate(form: SessionForm, name: string): FieldErrors {
  return withMissing(form, issuesOf(zTemplateBody.safeParse(templateBody(form, name)).error));
}

function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
  return current;
}

/**
 * The errors still standing after the form changed from `before` to `after`: a field's error goes as
 * soon as that field changes (its path read in the form or in the body sent), the others stay until
 * the next check.
 */
export function errorsAfterChange(errors: FieldErrors, before: SessionForm, after: SessionForm): FieldErrors {
  const paths = Object.keys(errors);
  if (paths.length === 0) return errors;
  const [bodyBefore, bodyAfter] = [createBody(before), createBody(after)];
  const changed = (path: string) =>
    JSON.stringify(valueAt(before, path)) !== JSON.stringify(valueAt(after, path)) || JSON.stringify(valueAt(bodyBefore, path)) !== JSON.stringify(valueAt(bodyAfter, path));
  return Object.fromEntries(paths.filter((path) => !changed(path)).map((path) => [path, errors[path]!]));
}
