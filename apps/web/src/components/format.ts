/** How lists show dates and people. */
import { useTranslation } from 'react-i18next';

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

/** A person's name, else their email. */
export function fullName(user: { firstname: string; lastname: string; email?: string }): string {
  const name = `${user.firstname} ${user.lastname}`.trim();
  return name || user.email || '';
}
