/**
 * A media's keywords: read with the read right; extracted as a job (`keywords.extract`, one per
 * media) by those the policy lets generate (aiGenerationAccess), with the AI profile asked for, the
 * default one, or statistically when there is none. Changes are pushed as `keywords` notices.
 */
import type { Keywords } from '@palabre/shared';
import { aiProfilesRepo } from '../ai-profiles/repo.ts';
import { usableAiProfile } from '../ai-profiles/resolve.ts';
import type { AppContext } from '../context.ts';
import { emit } from '../conversations/effects.ts';
import { conversationsRepo, type MediaFacts } from '../conversations/repo.ts';
import { levelIn, rightOn } from '../conversations/service.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { organizationsRepo } from '../organizations/repo.ts';
import { aiGenerationAccess, reportAccess, type MediaAccess } from '../policy.ts';
import { subtitlesRepo } from '../subtitles/repo.ts';
import { presentKeywords } from './presenter.ts';
import { keywordsRepo, type KeywordsRow } from './repo.ts';

export const notifyKeywords = (ctx: AppContext, organizationId: string, conversationId: string) => emit(ctx, organizationId, { conversationId, kind: 'keywords' });

function enforce(verdict: MediaAccess, message: string): void {
  if (verdict === 'hidden') throw notFound('Conversation');
  if (verdict === 'forbidden') throw new AppError('forbidden', message);
}

async function mediaOf(ctx: AppContext, id: string): Promise<MediaFacts> {
  const media = await conversationsRepo.facts(ctx.db, id);
  if (!media) throw notFound('Conversation');
  return media;
}

async function present(ctx: AppContext, conversationId: string, row: KeywordsRow | undefined): Promise<Keywords> {
  if (!row) return presentKeywords(row, '', null);
  const [fingerprint, profile] = await Promise.all([
    subtitlesRepo.transcriptFingerprint(ctx.db, conversationId),
    row.aiProfileId ? aiProfilesRepo.byId(ctx.db, row.aiProfileId) : undefined,
  ]);
  return presentKeywords(row, fingerprint ?? '', profile?.name ?? null);
}

export async function get(ctx: AppContext, actor: Actor, id: string): Promise<Keywords> {
  const media = await mediaOf(ctx, id);
  enforce(reportAccess(await rightOn(ctx, actor, media), false), 'Your rights on this media do not allow this');
  return present(ctx, media.id, await keywordsRepo.of(ctx.db, media.id));
}

/** Queues an extraction, or answers the one already queued or running. */
export async function extract(ctx: AppContext, actor: Actor, id: string, body: { profileId?: string | undefined }): Promise<Keywords> {
  const media = await mediaOf(ctx, id);
  const [right, level, org] = await Promise.all([rightOn(ctx, actor, media), levelIn(ctx, actor, media.organizationId), organizationsRepo.byId(ctx.db, media.organizationId)]);
  if (!org) throw notFound('Conversation');
  enforce(aiGenerationAccess(level, org, right, 'keywords'), 'Generating keywords for this media is not allowed for you');
  const profile = await usableAiProfile(ctx, media.organizationId, body.profileId);
  const { row, created } = await keywordsRepo.request(ctx.db, media.id, { method: profile ? 'model' : 'extractive', aiProfileId: profile?.id ?? null });
  if (created) {
    await ctx.jobs.send('keywords.extract', { conversationId: media.id });
    notifyKeywords(ctx, media.organizationId, media.id);
  }
  return present(ctx, media.id, row);
}
