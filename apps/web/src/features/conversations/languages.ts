/**
 * Which languages a media can be sent in: those the organization's available transcriber profiles
 * transcribe, and "automatic" only when one of them can tell the language itself. A profile fits a
 * language when it transcribes it (for "automatic", when it detects it).
 */
import { profileDetectsLanguage, profileLanguages, type MediaLanguage, type TranscriberProfile } from '@palabre/shared';

export function profileFits(profile: TranscriberProfile, language: MediaLanguage): boolean {
  return language === 'auto' ? profileDetectsLanguage(profile) : profileLanguages(profile).includes(language);
}

/** The languages to offer, "automatic" first when offered. */
export function languageChoices(profiles: TranscriberProfile[] | undefined): MediaLanguage[] {
  const available = (profiles ?? []).filter((p) => p.availability.ok);
  const languages = new Set(available.flatMap((p) => profileLanguages(p)));
  return [...(available.some((p) => profileDetectsLanguage(p)) ? (['auto'] as const) : []), ...(['en', 'fr'] as const).filter((l) => languages.has(l))];
}

/**
 * The language and profile to use: the wanted language when offered (else the first offered one),
 * and the wanted profile when it is available and fits (else the default, else the first, that fits).
 */
export function fittingChoice(
  profiles: TranscriberProfile[] | undefined,
  wanted: { language: MediaLanguage; profileId: string | null },
): { language: MediaLanguage; profileId: string | null } {
  const offered = languageChoices(profiles);
  const language = offered.includes(wanted.language) ? wanted.language : (offered[0] ?? wanted.language);
  const fitting = (profiles ?? []).filter((p) => p.availability.ok && profileFits(p, language));
  const profile = fitting.find((p) => p._id === wanted.profileId) ?? fitting.find((p) => p.isDefault) ?? fitting[0];
  return { language, profileId: profile?._id ?? wanted.profileId };
}
