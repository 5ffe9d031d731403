/** A session's channels as the server stores them: checked against their transcriber profiles, with stream keys. */
import crypto from 'node:crypto';
import { profileLanguages, type ChannelBody } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { transcriberProfilesRepo } from '../transcriber-profiles/repo.ts';
import { profileForOrganization } from '../transcriber-profiles/service.ts';
import type { NewChannel } from './repo.ts';

/** A channel's stream key: 32 random bytes, URL-safe. */
export const newStreamKey = () => crypto.randomBytes(32).toString('base64url');

/**
 * The channels to store, each checked against its profile: one the organization may use (global or
 * its own), transcribing every language asked and translating to every translation asked. Field
 * errors name the channel (`channels.1.languages`).
 */
export async function checkedChannels(ctx: AppContext, organizationId: string, channels: ChannelBody[], field = 'channels'): Promise<NewChannel[]> {
  const fields: Record<string, string> = {};
  const result: NewChannel[] = [];
  for (const [index, channel] of channels.entries()) {
    const at = `${field}.${index}`;
    const profile = await profileForOrganization(ctx, organizationId, channel.transcriberProfileId);
    if (!profile) {
      fields[`${at}.transcriberProfileId`] = 'error.invalid';
      continue;
    }
    const transcribed: readonly string[] = profileLanguages(profile);
    if (channel.languages.some((language) => !transcribed.includes(language))) fields[`${at}.languages`] = 'error.unsupported_language';
    if (channel.translations.some((language) => !profile.translations.includes(language))) fields[`${at}.translations`] = 'error.unsupported_translation';
    result.push({
      name: channel.name,
      transcriberProfileId: profile.id,
      languages: [...new Set(channel.languages)],
      translations: [...new Set(channel.translations)],
      diarization: channel.diarization,
      streamKey: newStreamKey(),
    });
  }
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', 'The request is not valid: please check the form', fields);
  return result;
}

/** Transcriber profile id → name, for the channels shown. */
export async function profileNames(ctx: AppContext, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = await transcriberProfilesRepo.byIds(ctx.db, wanted);
  return new Map(rows.map((row) => [row.id, row.name]));
}
