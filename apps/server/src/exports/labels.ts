/**
 * Fixed words of the exported documents in the caller's language: the user's chosen language, else
 * the first English or French entry of Accept-Language, else English.
 */
export type ExportLanguage = 'en-US' | 'fr-FR';

export interface ExportLabels {
  speakers: string;
  description: string;
  tags: string;
  keywords: string;
  exportedOn: string;
  duration: string;
  /** "Page", "of": the footer reads `Page 2 of 7`. */
  page: string;
  of: string;
  /** A turn without words. */
  empty: string;
}

const LABELS: Record<ExportLanguage, ExportLabels> = {
  'en-US': {
    speakers: 'Speakers',
    description: 'Description',
    tags: 'Tags',
    keywords: 'Keywords',
    exportedOn: 'Exported on',
    duration: 'Duration',
    page: 'Page',
    of: 'of',
    empty: '(no words)',
  },
  'fr-FR': {
    speakers: 'Intervenants',
    description: 'Description',
    tags: 'Étiquettes',
    keywords: 'Mots-clés',
    exportedOn: 'Exporté le',
    duration: 'Durée',
    page: 'Page',
    of: 'sur',
    empty: '(aucun mot)',
  },
};

export const labelsFor = (language: ExportLanguage): ExportLabels => LABELS[language];

/** The caller's language: their profile's, else the best of Accept-Language that we speak. */
export function exportLanguage(userLocale: string | null | undefined, acceptLanguage: string | undefined): ExportLanguage {
  if (userLocale === 'fr-FR' || userLocale === 'en-US') return userLocale;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'fr' || tag.startsWith('fr-')) return 'fr-FR';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  }
  return 'en-US';
}

/** A date as people of that language write it ("November 23, 2026" / "23 novembre 2026"), in UTC. */
export function formatDate(date: Date, language: ExportLanguage): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Seconds as `HH:MM:SS` (hours always shown, so every prefix of a document has the same width). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
