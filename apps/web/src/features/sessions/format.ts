/** How the session screens show times and statuses. */
import type { SessionStatus } from '@palabre/shared';
import { useTranslation } from 'react-i18next';

export const STATUS_COLORS: Record<SessionStatus, string> = { scheduled: 'blue', pending: 'yellow', active: 'green', terminated: 'gray' };

/** A date and time in the current locale; empty without one. */
export function useFormatDateTime(): (iso: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso) => (iso ? format.format(new Date(iso)) : '');
}

/**
 * A language code's name in the current language (the code when the browser cannot name it). Names
 * standing alone (a choice in a list) start with a capital letter, which French names do not in a
 * sentence ("anglais").
 */
export function useLanguageName(options: { standalone?: boolean } = {}): (code: string) => string {
  const { i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language], { type: 'language' });
  const name = (code: string) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
  if (!options.standalone) return name;
  return (code) => {
    const text = name(code);
    return text.charAt(0).toLocaleUpperCase(i18n.language) + text.slice(1);
  };
}
