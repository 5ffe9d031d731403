/**
 * Start-up seeding: a fresh installation gets one offline engine so the first upload transcribes and a
 * quick meeting starts.
 */
import type { AppContext } from '../context.ts';
import { transcriberProfilesRepo, type TranscriberProfileRow } from './repo.ts';

export const DEFAULT_GLOBAL_PROFILE = {
  name: 'PocketSphinx (English, offline)',
  description: 'CMU PocketSphinx running on this server: English only, no internet needed.',
  type: 'pocketsphinx',
  languages: ['en'],
  isDefault: true,
  diarization: true,
  // Quick meetings are in everyone's sidebar: they work out of the box.
  quickMeeting: true,
  organizationId: null,
  config: {},
} as const;

/**
 * Idempotent: creates the default global profile only when no global profile exists. On an existing
 * installation, the profile seeded before quick meetings were offered by default is offered now, but
 * only while no administrator ever saved it: a switch an administrator turned off stays off.
 */
export async function seedTranscriberProfiles(ctx: AppContext): Promise<void> {
  const globals = await transcriberProfilesRepo.global(ctx.db);
  if (globals.length === 0) {
    await transcriberProfilesRepo.insert(ctx.db, { ...DEFAULT_GLOBAL_PROFILE, languages: [...DEFAULT_GLOBAL_PROFILE.languages], config: {} });
    return;
  }
  const seed = globals.find((row) => isNeverSavedSeed(row) && !row.quickMeeting);
  // Quietly: the row must still read as never saved, for adoptWhisperModel.
  if (seed) await transcriberProfilesRepo.amend(ctx.db, seed.id, { quickMeeting: true });
}

/** The seeded PocketSphinx profile, never saved since it was seeded (saving sets `updatedAt`). */
function isNeverSavedSeed(row: TranscriberProfileRow): boolean {
  return row.organizationId === null && row.type === DEFAULT_GLOBAL_PROFILE.type && row.name === DEFAULT_GLOBAL_PROFILE.name && row.updatedAt.getTime() === row.createdAt.getTime();
}

/** The seeded PocketSphinx profile, still the global default and never saved since it was seeded. */
function isUntouchedSeed(row: TranscriberProfileRow): boolean {
  return row.isDefault && isNeverSavedSeed(row);
}

/**
 * Once the default whisper model has arrived: a global profile for it (unless one already uses that
 * model), made the global default only while the default is still the PocketSphinx profile seeded at
 * first start and never saved since. A default an administrator chose or saved stays as it is.
 * Returns whether the whisper profile is now the default.
 */
export async function adoptWhisperModel(ctx: AppContext, model: { name: string; languages: 'multilingual' | 'en' | 'none' }): Promise<boolean> {
  const globals = await transcriberProfilesRepo.global(ctx.db);
  const existing = globals.find((row) => row.type === 'whisper' && row.config.model === model.name);
  if (existing) return existing.isDefault;
  const seed = globals.find((row) => row.isDefault);
  const makeDefault = seed !== undefined && isUntouchedSeed(seed);
  const englishOnly = model.languages === 'en';
  await ctx.db.transaction(async (tx) => {
    if (makeDefault) await transcriberProfilesRepo.update(tx, seed.id, { isDefault: false });
    await transcriberProfilesRepo.insert(tx, {
      name: `Whisper ${model.name} (${englishOnly ? 'English' : 'English and French'}, offline)`,
      description: `whisper.cpp running on this server with the ${model.name} model: ${englishOnly ? 'English only' : 'English and French, and it detects the language'}, no internet needed.`,
      type: 'whisper',
      languages: englishOnly ? ['en'] : ['en', 'fr'],
      isDefault: makeDefault,
      diarization: true,
      quickMeeting: false,
      organizationId: null,
      config: { model: model.name },
    });
  });
  return makeDefault;
}
