/**
 * Highlights of a transcript (experimental flag): a word range marked with a tag, metadata and a
 * comment. Adding one needs the comment right; changing or removing one, its author with the comment
 * right or anyone with the write right; reading them, the read right. Their place is kept as Yjs
 * relative positions into the media's live document (anchors.ts), resolved again on every read.
 */
import type { Highlight, zHighlightBody, zHighlightUpdateBody } from '@palabre/shared';
import type { z } from 'zod';
import type * as Y from 'yjs';
import type { AppContext } from '../context.ts';
import { enforceMediaAccess } from '../conversations/access.ts';
import { conversationsRepo, type MediaFacts } from '../conversations/repo.ts';
import { rightOn } from '../conversations/service.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { highlightAccess, reportAccess } from '../policy.ts';
import { tagsRepo } from '../tags/repo.ts';
import { requireTranscript } from '../transcript/patch.ts';
import { encodeAnchor, resolveAnchor, type StoredAnchor } from './anchors.ts';
import { presentHighlight } from './presenter.ts';
import { highlightsRepo, type HighlightRecord } from './repo.ts';

type HighlightBody = z.output<typeof zHighlightBody>;
type HighlightUpdateBody = z.output<typeof zHighlightUpdateBody>;

function requireFeature(ctx: AppContext): void {
  if (!ctx.config.experimentalHighlight) throw new AppError('feature_disabled', 'Highlights are not enabled on this server');
}

/** The media and the caller's right on it, when the feature is on and the caller may see the media. */
async function mediaOf(ctx: AppContext, actor: Actor, id: string): Promise<{ media: MediaFacts; right: number }> {
  requireFeature(ctx);
  const media = await conversationsRepo.facts(ctx.db, id);
  if (!media) throw notFound('Conversation');
  return { media, right: await rightOn(ctx, actor, media) };
}

/**
 * Runs `read` on the media's live document, loaded as for REST edits (the one open editors hold);
 * it changes nothing, so nothing is stored.
 */
function withDocument<T>(ctx: AppContext, media: MediaFacts, read: (doc: Y.Doc) => T): Promise<T> {
  return ctx.documents.change(media.id, null, read);
}

async function requireTag(ctx: AppContext, organizationId: string, tagId: string | null | undefined): Promise<void> {
  if (!tagId) return;
  if (!(await tagsRepo.tag(ctx.db, organizationId, tagId))) {
    throw new AppError('validation_failed', 'This tag is not one of the organization', { tagId: 'error.invalid' });
  }
}

function notify(ctx: AppContext, media: MediaFacts): void {
  ctx.events.conversationChanged(media.organizationId, { conversationId: media.id, kind: 'highlights' });
}

async function presentOne(ctx: AppContext, media: MediaFacts, record: HighlightRecord): Promise<Highlight> {
  return withDocument(ctx, media, (doc) => presentHighlight(record, resolveAnchor(doc, record.row.anchor as StoredAnchor)));
}

/** The media's highlights where they are now, in transcript order (those whose text is gone last). */
export async function list(ctx: AppContext, actor: Actor, id: string): Promise<{ highlights: Highlight[] }> {
  const { media, right } = await mediaOf(ctx, actor, id);
  enforceMediaAccess(reportAccess(right, false));
  const records = await highlightsRepo.ofConversation(ctx.db, media.id);
  if (records.length === 0 || !media.hasTranscript) return { highlights: [] };
  const resolved = await withDocument(ctx, media, (doc) => records.map((record) => ({ record, at: resolveAnchor(doc, record.row.anchor as StoredAnchor) })));
  resolved.sort((a, b) => a.at.order[0] - b.at.order[0] || a.at.order[1] - b.at.order[1]);
  return { highlights: resolved.map(({ record, at }) => presentHighlight(record, at)) };
}

export async function create(ctx: AppContext, actor: Actor, id: string, body: HighlightBody): Promise<Highlight> {
  const { media, right } = await mediaOf(ctx, actor, id);
  enforceMediaAccess(highlightAccess(actor.user, right));
  requireTranscript(media);
  await requireTag(ctx, media.organizationId, body.tagId);
  const anchor = await withDocument(ctx, media, (doc) => encodeAnchor(doc, body.anchor));
  const row = await highlightsRepo.insert(ctx.db, {
    conversationId: media.id,
    authorId: actor.user.id,
    anchor,
    tagId: body.tagId,
    metadata: body.metadata,
    comment: body.comment,
  });
  notify(ctx, media);
  const record = await highlightsRepo.byId(ctx.db, media.id, row.id);
  return presentOne(ctx, media, record!);
}

/** A highlight of the media the caller may change (a highlight of another media is not found). */
async function changeable(ctx: AppContext, actor: Actor, id: string, highlightId: string): Promise<{ media: MediaFacts; record: HighlightRecord }> {
  const { media, right } = await mediaOf(ctx, actor, id);
  enforceMediaAccess(reportAccess(right, false));
  const record = await highlightsRepo.byId(ctx.db, media.id, highlightId);
  if (!record) throw notFound('Highlight');
  enforceMediaAccess(highlightAccess(actor.user, right, record.row), 'Only its author (with the comment right) or a writer may change this highlight');
  return { media, record };
}

export async function update(ctx: AppContext, actor: Actor, id: string, highlightId: string, body: HighlightUpdateBody): Promise<Highlight> {
  const { media, record } = await changeable(ctx, actor, id, highlightId);
  await requireTag(ctx, media.organizationId, body.tagId);
  await highlightsRepo.update(ctx.db, record.row.id, {
    ...(body.tagId !== undefined ? { tagId: body.tagId } : {}),
    ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
    ...(body.comment !== undefined ? { comment: body.comment } : {}),
  });
  notify(ctx, media);
  const updated = await highlightsRepo.byId(ctx.db, media.id, record.row.id);
  return presentOne(ctx, media, updated!);
}

export async function remove(ctx: AppContext, actor: Actor, id: string, highlightId: string): Promise<void> {
  const { media, record } = await changeable(ctx, actor, id, highlightId);
  await highlightsRepo.remove(ctx.db, record.row.id);
  notify(ctx, media);
}
