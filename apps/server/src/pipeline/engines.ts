/**
 * Engine factory: a transcriber profile (or none) → a TranscriptionEngine adapter.
 *
 * Profile resolution: the conversation's own profile, else its organization's default profile,
 * else the global default profile, else the built-in PocketSphinx engine (offline English), so a
 * fresh machine transcribes without any configuration.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { createPocketSphinxEngine, EngineError, type TranscriptionEngine } from '@palabre/engines';
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

/** Builds the engine of a profile; null builds the built-in default (PocketSphinx). */
export function createEngine(profile: Pick<TranscriberProfileRow, 'id' | 'name' | 'type' | 'config'> | null): TranscriptionEngine {
  if (!profile) return createPocketSphinxEngine();
  switch (profile.type) {
    case 'pocketsphinx':
      return createPocketSphinxEngine({ id: profile.id });
    case 'whisper':
    case 'openai':
      // Their adapters are being written; until then the profile says clearly why it cannot run.
      throw new EngineError(
        'engine_unavailable',
        `engine not available: the transcriber profile "${profile.name}" uses the ${profile.type} engine, which this server cannot run yet`,
      );
  }
}
