/**
 * The engine factory: a transcriber profile (or none) → its engine, for the pipeline's batch
 * transcription (`transcribe`) and live sessions (`openStream`, which every engine type has; see
 * docs/engines.md).
 *
 * Profile resolution: the conversation's own profile, else its organization's default profile,
 * else the global default profile, else the built-in PocketSphinx engine (offline English), so a
 * fresh machine transcribes without any configuration.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { createOpenAiEngine, createPocketSphinxEngine, createWhisperEngine, type SpeechEngine } from '@palabre/engines';
import type { AppContext } from '../context.ts';
import { transcriberProfiles } from '../db/schema.ts';
import type { ConversationRow } from './state.ts';

export type TranscriberProfileRow = typeof transcriberProfiles.$inferSelect;

export async function resolveTranscriberProfile(ctx: AppContext, row: Pick<ConversationRow, 'transcriberProfileId' | 'organizationId'>): Promise<TranscriberProfileRow | null> {
  if (row.transcriberProfileId) {
    const [own] = await ctx.db.select().from(transcriberProfiles).where(eq(transcriberProfiles.id, row.transcriberProfileId));
    if (own) return own;
  }
  const [organizationDefault] = await ctx.db
    .select()
    .from(transcriberProfiles)
    .where(and(eq(transcriberProfiles.organizationId, row.organizationId), eq(transcriberProfiles.isDefault, true)))
    .orderBy(desc(transcriberProfiles.updatedAt))
    .limit(1);
  if (organizationDefault) return organizationDefault;
  const [globalDefault] = await ctx.db
    .select()
    .from(transcriberProfiles)
    .where(and(isNull(transcriberProfiles.organizationId), eq(transcriberProfiles.isDefault, true)))
    .orderBy(desc(transcriberProfiles.updatedAt))
    .limit(1);
  return globalDefault ?? null;
}

/**
 * Builds the engine of a profile; null builds the built-in default (PocketSphinx). Whisper models are
 * looked up in `modelsDir` (<data dir>/models, what `palabre models pull` fills).
 */
export function createEngine(
  profile: Pick<TranscriberProfileRow, 'id' | 'name' | 'type' | 'config'> | null,
  options: { modelsDir: string; fetch?: typeof globalThis.fetch },
): SpeechEngine {
  if (!profile) return createPocketSphinxEngine();
  const config = profile.config ?? {};
  switch (profile.type) {
    case 'pocketsphinx':
      return createPocketSphinxEngine({ id: profile.id });
    case 'whisper':
      return createWhisperEngine({
        id: profile.id,
        modelsDir: options.modelsDir,
        ...(config.model ? { model: config.model } : {}),
      });
    case 'openai':
      return createOpenAiEngine({
        id: profile.id,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        ...(config.model ? { model: config.model } : {}),
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
  }
}
