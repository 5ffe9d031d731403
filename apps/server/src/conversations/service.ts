/** Media (conversations): access, reading, editing, deletion, retry. */
import { RIGHT, RIGHT_LEVEL_VALUES, type zRetryConversationBody, type zUpdateConversationBody } from '@palabre/shared';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { authorize } from '../organizations/service.ts';
import { organizationsRepo } from '../organizations/repo.ts';
import { conversationRight, everyMediaAccess, givesAccess, mayGiveMembersRight, mayShare, mediaAccess, organizationLevel, organizationWideRight, policyUser } from '../policy.ts';
import { retryProcessing, type RetrySettings } from '../pipeline/retry.ts';
import { availableProfileForOrganization, profileForLanguage, profileForOrganization, supportsLanguage } from '../transcriber-profiles/service.ts';
import type { TranscriberProfileRow } from '../transcriber-profiles/repo.ts';
import { deleteFiles, removeMediaFiles, storageKeys } from './cleanup.ts';
import { emit, enqueue } from './effects.ts';
import { tooManyImports, withinImportCap } from './import-quota.ts';
import { favoritesRepo } from '../favorites/repo.ts';
import { rightsRepo } from '../rights/repo.ts';
import { tagsRepo } from '../tags/repo.ts';
import { presentConversation, type PresentedConversation } from './presenter.ts';
import { listReadable, type ListOptions, type ListScope, type SearchType } from './library/repo.ts';
import { conversationsRepo, sourceUrlOf, type ConversationRow, type MediaFacts } from './repo.ts';
import { matchesOf, type SearchMatch } from './search.ts';
import { prepareDeletionNotice } from '../realtime/events.ts';
import { patchTranscript } from '../transcript/patch.ts';

type RetryConversationBody = z.output<typeof zRetryConversationBody>;
type UpdateConversationBody = z.output<typeof zUpdateConversationBody>;

/** The caller's level in an organization (0 outside it or when it is gone). */
export async function levelIn(ctx: AppContext, actor: Actor, organizationId: string): Promise<number> {
  const org = await organizationsRepo.byId(ctx.db, organizationId);
  if (!org) return 0;
  const membership = await organizationsRepo.membership(ctx.db, org.id, actor.user.id);
  return organizationLevel(policyUser(actor), org, membership?.role ?? null);
}

/** The caller's right on a media row (policy.conversationRight with their level and per-user right). */
export async function rightOn(ctx: AppContext, actor: Actor, row: Pick<ConversationRow, 'id' | 'organizationId' | 'ownerId' | 'membersRight'>): Promise<number> {
  const [level, custom] = await Promise.all([levelIn(ctx, actor, row.organizationId), rightsRepo.of(ctx.db, row.id, actor.user.id)]);
  return conversationRight(policyUser(actor), row, level, custom);
}

/** Presents media to the caller with their tags and the caller's stars, loaded in two queries. */
export async function presentAll<T extends ConversationRow>(ctx: AppContext, actor: Actor, items: Array<{ row: T; right: number }>): Promise<PresentedConversation[]> {
  const ids = items.map((item) => item.row.id);
  const [tags, stars] = await Promise.all([tagsRepo.onConversations(ctx.db, ids), favoritesRepo.among(ctx.db, actor.user.id, ids)]);
  return items.map(({ row, right }) => presentConversation(row, { right, tags: tags.get(row.id) ?? [], favorite: stars.has(row.id) }));
}

export async function presentOne(ctx: AppContext, actor: Actor, row: ConversationRow, right: number): Promise<PresentedConversation> {
  return (await presentAll(ctx, actor, [{ row, right }]))[0]!;
}

/**
 * Loads a media the actor holds `needed` on. Without read access it does not exist for them (404);
 * a reader asking for more is told so (403). Its transcript is read only when asked for
 * (`transcript: true`, to present it): megabytes of JSON on long media, which the checks before a
 * media's audio, waveform, tags or rights do not need.
 */
export async function access(
  ctx: AppContext,
  actor: Actor,
  id: string,
  needed: number = RIGHT.READ,
  options: { transcript?: boolean } = {},
): Promise<{ row: ConversationRow; right: number }> {
  const row = options.transcript ? await conversationsRepo.byId(ctx.db, id) : await conversationsRepo.byIdWithoutTranscript(ctx.db, id);
  return checkedAccess(ctx, actor, row, needed);
}

/** `access` without reading the transcript: for checks repeated often (the collaboration socket, turn edits). */
export async function accessFacts(ctx: AppContext, actor: Actor, id: string, needed: number = RIGHT.READ): Promise<{ row: MediaFacts; right: number }> {
  return checkedAccess(ctx, actor, await conversationsRepo.facts(ctx.db, id), needed);
}

async function checkedAccess<R extends MediaFacts | ConversationRow>(ctx: AppContext, actor: Actor, row: R | undefined, needed: number): Promise<{ row: R; right: number }> {
  if (!row) throw notFound('Conversation');
  const right = await rightOn(ctx, actor, row);
  const verdict = mediaAccess(right, needed);
  if (verdict === 'hidden') throw notFound('Conversation');
  if (verdict === 'forbidden') throw new AppError('forbidden', 'Your rights on this media do not allow this');
  return { row, right };
}

/** GET /conversations/{id}; `transcript: false` leaves the speakers and turns out (never read from the database). */
export async function get(ctx: AppContext, actor: Actor, id: string, options: { transcript: boolean } = { transcript: true }): Promise<PresentedConversation> {
  const { row, right } = await access(ctx, actor, id, RIGHT.READ, options);
  return presentOne(ctx, actor, row, right);
}

/**
 * PATCH /conversations/{id}: name, description and the transcript fields (speakers, text) need the
 * write right, membersRight the share right. Every field is checked before anything changes.
 */
export async function update(ctx: AppContext, actor: Actor, id: string, patch: UpdateConversationBody) {
  const editsTranscript = patch.speakers !== undefined || patch.text !== undefined;
  const editsText = patch.name !== undefined || patch.description !== undefined || editsTranscript;
  const { row, right } = await access(ctx, actor, id, editsText ? RIGHT.WRITE : RIGHT.READ, { transcript: true });
  const values: { name?: string; description?: string; membersRight?: number } = {};
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.description !== undefined) values.description = patch.description;
  if (patch.membersRight !== undefined) {
    // The members' default right is shared like a per-user right: never above the caller's own.
    if (!mayShare(right)) throw new AppError('forbidden', 'Your rights on this media do not allow this');
    if (!RIGHT_LEVEL_VALUES.includes(patch.membersRight) || !mayGiveMembersRight(right, patch.membersRight)) {
      throw new AppError('validation_failed', 'This right cannot be given', { membersRight: 'error.invalid_right' });
    }
    values.membersRight = patch.membersRight;
  }
  if (editsTranscript) await patchTranscript(ctx, row, { speakers: patch.speakers, text: patch.text }, { userId: actor.user.id });
  const updated = Object.keys(values).length > 0 ? (await conversationsRepo.update(ctx.db, row.id, values))! : row;
  if (values.membersRight !== undefined) ctx.documents.rightsChanged({ conversationId: row.id });
  emit(ctx, row.organizationId, { conversationId: row.id, kind: 'updated' });
  const presented = await presentOne(ctx, actor, updated, right);
  if (editsTranscript) {
    // The stored projection follows the document with a delay: answer what the document holds now.
    const live = await ctx.documents.read(row.id);
    if (live) {
      presented.speakers = live.speakers;
      presented.text = live.text;
    }
  }
  return presented;
}

export { deleteFiles, storageKeys };

export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const { row } = await access(ctx, actor, id, RIGHT.DELETE);
  const announce = await prepareDeletionNotice(ctx.events, row.organizationId, row.id);
  await conversationsRepo.delete(ctx.db, row.id);
  ctx.documents.drop(row.id);
  ctx.subtitles.dropMedia(row.id);
  await removeFiles(ctx, row);
  announce();
}

async function removeFiles(ctx: AppContext, row: ConversationRow): Promise<void> {
  await removeMediaFiles(ctx, row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deletes several media of an organization (docs/PRODUCT.md, Validation): if any selected one cannot be deleted by the
 * caller (missing, elsewhere, or without the delete right), none is. A refusal names how many.
 */
export async function removeMany(ctx: AppContext, actor: Actor, organizationId: string, ids: string[]): Promise<{ deleted: number }> {
  const selected = [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
  if (selected.length === 0) throw new AppError('validation_failed', 'No media selected', { conversationsId: 'error.required' });
  const { org, level } = await authorize(ctx, actor, organizationId, 'read');
  const rows = await conversationsRepo.byIds(
    ctx.db,
    selected.filter((id) => UUID.test(id)),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const custom = await rightsRepo.ofMany(
    ctx.db,
    rows.map((row) => row.id),
    actor.user.id,
  );
  const rights = selected.map((id) => {
    const row = byId.get(id);
    // A media missing or of another organization counts as one the caller cannot see.
    return row && row.organizationId === org.id ? conversationRight(policyUser(actor), row, level, custom.get(row.id) ?? null) : 0;
  });
  const { access: verdict, blocked } = everyMediaAccess(rights, RIGHT.DELETE);
  if (verdict !== 'allowed') {
    const message = `${blocked} of the ${selected.length} selected media cannot be deleted; none were deleted`;
    // Media the caller cannot see are reported as not found, as everywhere.
    throw verdict === 'forbidden' ? new AppError('forbidden', message) : new AppError('not_found', message);
  }
  const announcements = await Promise.all(rows.map((row) => prepareDeletionNotice(ctx.events, row.organizationId, row.id)));
  await conversationsRepo.deleteMany(ctx.db, selected);
  for (const row of rows) {
    ctx.documents.drop(row.id);
    ctx.subtitles.dropMedia(row.id);
  }
  for (const row of rows) await removeFiles(ctx, row);
  for (const announce of announcements) announce();
  return { deleted: rows.length };
}

export async function children(ctx: AppContext, actor: Actor, id: string): Promise<PresentedConversation[]> {
  await access(ctx, actor, id);
  const rows = await conversationsRepo.children(ctx.db, id);
  const readable: Array<{ row: ConversationRow; right: number }> = [];
  for (const child of rows) {
    const right = await rightOn(ctx, actor, child);
    if (givesAccess(right)) readable.push({ row: child, right });
  }
  return presentAll(ctx, actor, readable);
}

export type ListedConversation = PresentedConversation & Partial<SearchMatch>;
/** A page of a media list, with the count of what it lists (a lower bound when `countExact` is false). */
export interface ConversationPage {
  count: number;
  countExact: boolean;
  list: ListedConversation[];
}

/** A page of media of `scope` the caller may read; when searching, each with where it matched. */
export async function listScope(ctx: AppContext, actor: Actor, scope: ListScope, options: ListOptions): Promise<ConversationPage> {
  const { count, countExact, rows } = await listReadable(ctx.db, actor.user.id, scope, options, actor.cap ?? null);
  const presented = await presentAll(
    ctx,
    actor,
    rows.map((row) => ({ row, right: row.right })),
  );
  // A list carries no transcript (speakers, text): only where a search matched it.
  const list: ListedConversation[] = presented.map(({ speakers: _speakers, text: _text, ...item }) => item);
  const text = options.text?.trim();
  if (text) {
    const matches = await matchesOf(ctx.db, rows, text, options.searchType);
    for (const [i, item] of list.entries()) {
      item.highlight = matches[i]?.highlight ?? '';
      item.matchTime = matches[i]?.matchTime ?? null;
    }
  }
  return { count, countExact, list };
}

/** An organization's media the caller may read (members only). */
export async function list(ctx: AppContext, actor: Actor, organizationId: string, options: ListOptions): Promise<ConversationPage> {
  const { org, level } = await authorize(ctx, actor, organizationId, 'read');
  return listScope(ctx, actor, { kind: 'organization', organizationId: org.id, wideRight: organizationWideRight(policyUser(actor), level) }, options);
}

/** POST /conversations/search: full-text search in one field (or all) of an organization's readable media, ranked. */
export function search(ctx: AppContext, actor: Actor, body: { organizationId: string; text: string; searchType?: SearchType | undefined; page: number; size: number }) {
  return list(ctx, actor, body.organizationId, {
    page: body.page,
    size: body.size,
    sortField: 'last_update',
    descending: true,
    text: body.text,
    searchType: body.searchType,
  });
}

/**
 * Processes a failed media again, optionally with another language and transcriber profile: a
 * chosen profile must be one of the organization's that can run now, and the profile (chosen,
 * current, or else one matching the language) must transcribe the language.
 */
export async function retry(ctx: AppContext, actor: Actor, id: string, body: RetryConversationBody = {}): Promise<PresentedConversation> {
  const { row, right } = await access(ctx, actor, id, RIGHT.WRITE);
  if (row.status !== 'error') throw new AppError('conflict', 'Only a media whose processing failed can be retried');
  const settings = await retrySettings(ctx, row, body);
  const url = sourceUrlOf(row);
  if (row.files.originals.length === 0 && url) {
    // A URL import that failed before anything was downloaded: import again.
    await conversationsRepo.update(ctx.db, row.id, { status: 'pending', progress: 0, processing: { steps: [] }, ...settings });
    if (!(await withinImportCap(ctx, row.ownerId))) {
      // Counted once pending (import-quota.ts): beyond the owner's cap it goes back as it was.
      const previous: RetrySettings = { requestedLanguage: row.requestedLanguage, transcriberProfileId: row.transcriberProfileId };
      await conversationsRepo.update(ctx.db, row.id, { status: row.status, progress: row.progress, processing: row.processing, ...previous });
      throw tooManyImports(ctx.config.mediaImportsPerUser);
    }
    await enqueue(ctx, 'media.import-url', { conversationId: row.id, url });
    emit(ctx, row.organizationId, { conversationId: row.id, kind: 'updated', status: 'pending' });
  } else {
    await retryProcessing(ctx, row.id, settings);
  }
  return presentOne(ctx, actor, (await conversationsRepo.byId(ctx.db, row.id)) ?? row, right);
}

async function retrySettings(ctx: AppContext, row: ConversationRow, body: RetryConversationBody): Promise<RetrySettings> {
  if (body.language === undefined && body.transcriberProfileId === undefined) return {};
  const language = body.language ?? row.requestedLanguage;
  let profile: TranscriberProfileRow | null;
  if (body.transcriberProfileId !== undefined) {
    profile = await availableProfileForOrganization(ctx, row.organizationId, body.transcriberProfileId);
    if (!profile) throw new AppError('validation_failed', 'This transcriber profile cannot be used here', { transcriberProfileId: 'error.invalid' });
  } else {
    const current = row.transcriberProfileId ? await profileForOrganization(ctx, row.organizationId, row.transcriberProfileId) : null;
    profile = current && supportsLanguage(current, language) ? current : await profileForLanguage(ctx, row.organizationId, language);
  }
  if (!supportsLanguage(profile, language)) {
    throw new AppError('validation_failed', 'The transcriber profile does not transcribe this language', { language: 'error.unsupported_language' });
  }
  return { requestedLanguage: language, transcriberProfileId: profile?.id ?? null };
}
