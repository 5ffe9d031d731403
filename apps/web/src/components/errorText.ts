/** Error keys (error.required, error.email_exists…) and the field errors of a failed call, translated. */
import type { TFunction } from 'i18next';
import { ApiError } from '../api/client.ts';

/** Translates an error key (error.required, error.email_exists…) from common, else from settings. */
export function errorText(t: TFunction, key: string | null | undefined): string | null {
  if (!key) return null;
  return t([`common:${key}`, `settings:${key}`, 'settings:error.invalid']);
}

/** Field errors of a failed call, translated; empty when the error is not a field error. */
export function fieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, errorText(t, key) ?? key]));
}
