/** Start-up seeding: a fresh installation gets one offline engine so the first upload transcribes. */
import type { AppContext } from '../context.ts';
import { transcriberProfilesRepo } from './repo.ts';

export const DEFAULT_GLOBAL_PROFILE = {
  name: 'PocketSphinx (English, offline)',
  description: 'CMU PocketSphinx running on this server: English only, no internet needed.',
  type: 'pocketsphinx',
  languages: ['en'],
  isDefault: true,
  diarization: true,
  quickMeeting: false,
  organizationId: null,
  config: {},
} as const;

/** Idempotent: creates the default global profile only when no global profile exists. */
export async function seedTranscriberProfiles(ctx: AppContext): Promise<void> {
  if ((await transcriberProfilesRepo.global(ctx.db)).length > 0) return;
  await transcriberProfilesRepo.insert(ctx.db, { ...DEFAULT_GLOBAL_PROFILE, languages: [...DEFAULT_GLOBAL_PROFILE.languages], config: {} });
}
