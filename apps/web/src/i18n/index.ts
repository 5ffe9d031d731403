/**
 * English and French. Translations live in i18n/<locale>/<namespace>.json, one namespace per domain.
 * Locale: the stored preference, else the browser language, else en-US (docs/PRODUCT.md, Overview).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@palabre/shared';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json', { eager: true });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, module] of Object.entries(files)) {
  const [, locale, namespace] = file.match(/^\.\/([^/]+)\/([^/]+)\.json$/)!;
  (resources[locale!] ??= {})[namespace!] = module.default;
}
export const NAMESPACES = Object.keys(resources[DEFAULT_LOCALE] ?? {});

const STORAGE_KEY = 'palabre.locale';

export function detectLocale(): Locale {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  for (const language of navigator.languages ?? [navigator.language]) {
    const base = language.toLowerCase().split('-')[0];
    const match = LOCALES.find((l) => l.toLowerCase().startsWith(`${base}-`));
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** Changes the language and remembers it as the stored preference. */
export async function setLocale(locale: Locale): Promise<void> {
  localStorage.setItem(STORAGE_KEY, locale);
  await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : DEFAULT_LOCALE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLocale(),
  fallbackLng: DEFAULT_LOCALE,
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng.split('-')[0] ?? 'en';
});
document.documentElement.lang = i18n.language.split('-')[0] ?? 'en';

export default i18n;
