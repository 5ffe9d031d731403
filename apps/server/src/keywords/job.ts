/**
 * The `keywords.extract` job: the transcript as the live document has it (open edits count), its
 * keyphrases by the profile chosen when it was asked for, or statistically; a failure is stored as
 * the keywords' error (asking again retries).
 */
import { ChatModelError, textLanguageOf, type TextLanguage } from '@palabre/engines';
import type { AiFailure } from '@palabre/shared';
import { aiProfilesRepo } from '../ai-profiles/repo.ts';
import { usable } from '../ai-profiles/resolve.ts';
import type { AppContext } from '../context.ts';
import { conversationsRepo } from '../conversations/repo.ts';
import { defineJob, RETRY_TWICE, type JobDelivery } from '../jobs/registry.ts';
import { transcriptFingerprint } from '../subtitles/fingerprint.ts';
import { extractiveKeywords, KeywordAnswerError, modelKeywords } from './extract.ts';
import { keywordsRepo } from './repo.ts';
import { notifyKeywords } from './service.ts';

/** Why an extraction cannot run, with the failure it stores. */
class KeywordFailure extends Error {
  readonly failure: AiFailure;
  constructor(failure: AiFailure) {
    super(failure.code);
    this.failure = failure;
  }
}

/** The media's language for keyphrases: French or English (anything else); the text's own words may say otherwise (textLanguageOf). */
export function textLanguage(language: string | null | undefined): TextLanguage {
  return language?.slice(0, 2).toLowerCase() === 'fr' ? 'fr' : 'en';
}

function failureOf(error: unknown): AiFailure {
  if (error instanceof KeywordFailure) return error.failure;
  if (error instanceof ChatModelError) return { code: error.code };
  if (error instanceof KeywordAnswerError) return { code: 'model_error' };
  return { code: 'internal' };
}

async function runExtraction(ctx: AppContext, { conversationId }: { conversationId: string }, delivery: JobDelivery): Promise<void> {
  const row = await keywordsRepo.start(ctx.db, conversationId);
  const media = row && (await conversationsRepo.byIdWithoutTranscript(ctx.db, conversationId));
  if (!row || !media) return;
  notifyKeywords(ctx, media.organizationId, conversationId);
  try {
    // Edits still waiting for the projection are written now, so the stored fingerprint is this one.
    await ctx.documents.flush();
    const transcript = await ctx.documents.read(conversationId);
    const segments = (transcript?.text ?? []).map((turn) => turn.segment).filter((segment) => segment.trim().length > 0);
    if (segments.length === 0) throw new KeywordFailure({ code: 'empty_transcript' });
    const source = { segments, language: textLanguageOf(segments.join(' '), textLanguage(media.language ?? media.requestedLanguage)) };
    let keywords: string[];
    if (row.method === 'model') {
      const profile = row.aiProfileId ? await aiProfilesRepo.byId(ctx.db, row.aiProfileId) : undefined;
      if (!profile) throw new KeywordFailure({ code: 'model_error' });
      keywords = await modelKeywords(source, usable(ctx.config, profile), delivery.signal);
    } else {
      keywords = extractiveKeywords(source);
    }
    await keywordsRepo.finish(ctx.db, conversationId, { keywords, transcriptFingerprint: transcriptFingerprint(transcript) });
  } catch (error) {
    // The process is stopping: the job is delivered again later.
    if (delivery.signal.aborted) throw error;
    const failure = failureOf(error);
    if (failure.code === 'internal') ctx.log.error({ err: error, conversationId }, 'keyword extraction failed');
    else ctx.log.warn({ conversationId, code: failure.code }, 'keyword extraction failed');
    await keywordsRepo.fail(ctx.db, conversationId, failure);
  }
  notifyKeywords(ctx, media.organizationId, conversationId);
}

/** One extraction per media at a time (re-sends are absorbed); its failures are stored, never retried on their own. */
export const keywordsJob = defineJob('keywords.extract', {
  handler: runExtraction,
  concurrency: 'mediaSteps',
  singletonKey: ({ conversationId }) => conversationId,
  retry: RETRY_TWICE,
  expireInSeconds: 15 * 60,
});
