/**
 * How the bot screens read a meeting address, a bot's status and the languages it may caption in
 * (docs/meetings.md). Pure: the components translate the keys given here (namespace `bots`).
 */
import { profileLanguages, recogniseMeetingUrl, type Bot, type BotNotice, type BotService, type BotStatus, type TranscriberProfile } from '@palabre/shared';

/** What the address field says of what was typed: nothing yet, not a meeting address, or the service it belongs to. */
export type MeetingUrlState = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'valid'; service: BotService };

export function meetingUrlState(input: string): MeetingUrlState {
  if (input.trim() === '') return { kind: 'empty' };
  const recognised = recogniseMeetingUrl(input);
  return recognised ? { kind: 'valid', service: recognised.service } : { kind: 'invalid' };
}

/** The translation key of a service's name ("Jitsi Meet", "BigBlueButton", "Other page (generic)"). */
export const serviceKey = (service: BotService) => `service.${service}` as const;

/** A status badge's colour: joining yellow, in the call green, left grey, failed red. */
export const STATUS_COLORS: Record<BotStatus, string> = { joining: 'yellow', in_call: 'green', left: 'gray', failed: 'red' };

export const statusKey = (status: BotStatus) => `status.${status}` as const;

/** The translation key of why a bot failed or left, when it says why. */
export function reasonKey(bot: Pick<Bot, 'error'>): `errors.${NonNullable<Bot['error']>}` | null {
  return bot.error ? `errors.${bot.error}` : null;
}

/** A bot still in (or on its way into) its call: one that can be made to leave. */
export function isBotActive(status: BotStatus): boolean {
  return status === 'joining' || status === 'in_call';
}

/** The list with a notice's status and reason applied to its bot (unchanged when the bot is not in it). */
export function applyBotNotice(bots: readonly Bot[], notice: BotNotice): Bot[] {
  return bots.map((bot) => (bot._id === notice.botId ? { ...bot, status: notice.status, error: notice.error } : bot));
}

/** The languages captions may be posted in: the spoken languages first, then the translations, each once. */
export function subtitleLanguageChoices(languages: readonly string[], translations: readonly string[]): string[] {
  return [...new Set([...languages, ...translations])];
}

/** The profiles a quick meeting may use: offered for quick meetings and able to run now. */
export function quickMeetingProfiles(profiles: readonly TranscriberProfile[]): TranscriberProfile[] {
  return profiles.filter((profile) => profile.quickMeeting && profile.availability.ok && profileLanguages(profile).length > 0);
}

/** What the videoconference setup shows as chosen: the person's choices where they still hold, else the defaults. */
export interface SetupChoices {
  /** The profiles offered for quick meetings. */
  profiles: TranscriberProfile[];
  profile: TranscriberProfile | null;
  /** The chosen profile's languages, and the spoken language among them. */
  languages: string[];
  language: string | null;
  /** The captions' languages: a quick meeting's channel is not translated, so the spoken one. */
  subtitleLanguages: string[];
}

/**
 * The profile chosen until someone picks one: the organization's default, else one of its own (its
 * administrators added it for this), else the global default, else the first.
 */
export function preferredProfile<P extends Pick<TranscriberProfile, 'isDefault' | 'organizationId'>>(profiles: readonly P[]): P | null {
  const own = profiles.filter((p) => p.organizationId !== null);
  return own.find((p) => p.isDefault) ?? own[0] ?? profiles.find((p) => p.isDefault) ?? profiles[0] ?? null;
}

/**
 * The setup's choices: the chosen profile among those offered (else the preferred one),
 * the chosen language among its languages (else its first). A quick meeting's channel transcribes that
 * one language and translates to none, so its captions are in that language.
 */
export function setupChoices(all: readonly TranscriberProfile[], chosen: { profileId: string | null; language: string | null }): SetupChoices {
  const profiles = quickMeetingProfiles(all);
  const profile = profiles.find((p) => p._id === chosen.profileId) ?? preferredProfile(profiles);
  const languages: string[] = profile ? profileLanguages(profile) : [];
  const language = languages.find((l) => l === chosen.language) ?? languages[0] ?? null;
  return { profiles, profile, languages, language, subtitleLanguages: language ? [language] : [] };
}
