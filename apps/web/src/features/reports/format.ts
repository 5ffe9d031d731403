/** How the report tabs show when something happened: the date and the time, in the interface's language. */
import { useTranslation } from 'react-i18next';

export function useFormatDateTime(): (iso: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  return (iso) => {
    if (!iso) return '';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : format.format(date);
  };
}
