/**
 * Small helpers shared by the settings and backoffice screens: dates shown date-part only,
 * translated field errors, notifications for API results.
 */
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';

/** Lists show the date part only, in the current locale (docs/PRODUCT.md, Limits). */
export function useFormatDate(): (iso: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'short', day: 'numeric' });
  return (iso) => {
    if (!iso) return '';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : format.format(date);
  };
}

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

/** A notification with the server's message (docs/PRODUCT.md, Messages). */
export function notifyError(error: unknown, title?: string): void {
  const message = error instanceof Error ? error.message : String(error);
  notifications.show({ color: 'red', title, message });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}

export function fullName(user: { firstname: string; lastname: string; email?: string }): string {
  const name = `${user.firstname} ${user.lastname}`.trim();
  return name || user.email || '';
}
