/** Error keys (error.required, error.email_exists…), the field errors and the general message of a failed call, translated. */
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

/** The key of a field error that concerns the whole request rather than one field. */
export const WHOLE_REQUEST = '_';

/** A field error key the server sent (common namespace), translated; a malformed or unknown one reads "invalid". */
export function apiFieldText(t: TFunction, key: string): string {
  return /^error\.[\w.]+$/.test(key) ? t(`common:${key}`, { defaultValue: t('common:error.invalid') }) : t('common:error.invalid');
}

/**
 * The general message of a failed call in the interface's language: the reason of a refusal without a
 * field, else the words of its error code. The server's own `message` is English and never shown.
 */
export function apiErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('common:apiError.internal_error');
  const whole = error.fields[WHOLE_REQUEST];
  if (whole) return apiFieldText(t, whole);
  if (error.code === 'unavailable') return t('common:error.unavailable');
  const text = t(`common:apiError.${error.code}`, { defaultValue: t('common:apiError.internal_error') });
  // An internal error names its request so that the user can quote it when reporting it.
  return error.code === 'internal_error' && error.requestId ? `${text} ${t('common:apiError.reference', { id: error.requestId })}` : text;
}
