/**
 * English and French. Translations live in i18n/<locale>/<namespace>.json, one namespace per domain;
 * each language is its own chunk (<locale>.ts), loaded when it is used: the page's first render
 * waits for the current one (`i18nReady`), a change of language loads the new one first.
 * Locale: the stored preference, else the browser language, else en-US (docs/PRODUCT.md, Overview).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@palabre/shared';
import type { Namespaces } from './namespaces.ts';

const BUNDLES: Record<Locale, () => Promise<{ default: Namespaces }>> = {
  'en-US': () => import('./en-US.ts'),
  'fr-FR': () => import('./fr-FR.ts'),
};

/** Adds a language's translations, once. */
async function loadLocale(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'common')) return;
  const { default: namespaces } = await BUNDLES[locale]();
  for (const [namespace, resources] of Object.entries(namespaces)) i18n.addResourceBundle(locale, namespace, resources, true, true);
}

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
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : DEFAULT_LOCALE;
}

const initialLocale = detectLocale();
void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng.split('-')[0] ?? 'en';
});
document.documentElement.lang = i18n.language.split('-')[0] ?? 'en';

/** Settled once the current language's translations are in (the first render waits for it). */
export const i18nReady: Promise<void> = loadLocale(initialLocale);

export default i18n;
