/**
 * Subtitle versions of a media (docs/subtitles-api.md): generated once from the transcript as the
 * live document has it (open edits count), then independent of it. Rights come from the policy
 * (subtitleAccess); a version is always looked up with its media, so another media's version id is
 * not found. Screens live in the version's screen document (ctx.subtitles), shared with open editors.
 */
import * as Y from 'yjs';
import { SUBTITLE_LIMITS, type Screen, type SubtitleSettings, type SubtitleVersion, type SubtitleVersionSummary } from '@palabre/shared';
import { generateScreens, initScreenDocument, readScreens, readSettings, setSettings } from '@palabre/shared/subtitles';
import type { AppContext } from '../context.ts';
import { conversationsRepo, type MediaFacts } from '../conversations/repo.ts';
import { rightOn } from '../conversations/service.ts';
import { emit } from '../conversations/effects.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { deleteKeys } from '../pipeline/files.ts';
import { subtitleAccess } from '../policy.ts';
import { transcriptFingerprint } from './fingerprint.ts';
import { presentSummary, presentVersion } from './presenter.ts';
import { burnsRepo, subtitlesRepo, type SubtitleVersionRow } from './repo.ts';

/** The media, when the caller may read its versions (`change`: may change them). */
export async function mediaFor(ctx: AppContext, actor: Actor, id: string, change: boolean): Promise<MediaFacts> {
  const row = await conversationsRepo.facts(ctx.db, id);
  if (!row) throw notFound('Conversation');
  const verdict = subtitleAccess(await rightOn(ctx, actor, row), change);
  if (verdict === 'hidden') throw notFound('Conversation');
  if (verdict === 'forbidden') throw new AppError('forbidden', 'Your rights on this media do not allow this');
  return row;
}

/** The media and one of its versions (a version of another media is not found). */
export async function versionFor(ctx: AppContext, actor: Actor, id: string, subtitleId: string, change: boolean): Promise<{ media: MediaFacts; version: SubtitleVersionRow }> {
  const media = await mediaFor(ctx, actor, id, change);
  const version = await subtitlesRepo.byId(ctx.db, media.id, subtitleId);
  if (!version) throw notFound('Subtitle');
  return { media, version };
}

/**
 * The fingerprint of the media's stored transcript, which follows the live document within the
 * projection's debounce (a listing never loads the transcript, three hours of which take a second).
 */
async function currentFingerprint(ctx: AppContext, conversationId: string): Promise<string> {
  return (await subtitlesRepo.transcriptFingerprint(ctx.db, conversationId)) ?? '';
}

const notify = (ctx: AppContext, media: MediaFacts, subtitleId?: string) =>
  emit(ctx, media.organizationId, { conversationId: media.id, kind: 'subtitles', ...(subtitleId ? { subtitleId } : {}) });

async function roomForOneMore(ctx: AppContext, conversationId: string): Promise<void> {
  if ((await subtitlesRepo.count(ctx.db, conversationId)) >= SUBTITLE_LIMITS.maxVersions) {
    throw new AppError('conflict', `A media holds at most ${SUBTITLE_LIMITS.maxVersions} subtitle versions: delete one first`);
  }
}

/** The first state of a screen document. */
function screenState(screens: readonly Screen[], settings: SubtitleSettings): Uint8Array {
  const doc = new Y.Doc();
  try {
    initScreenDocument(doc, screens, settings);
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

export async function list(ctx: AppContext, actor: Actor, id: string): Promise<{ count: number; list: SubtitleVersionSummary[] }> {
  const media = await mediaFor(ctx, actor, id, false);
  const rows = await subtitlesRepo.list(ctx.db, media.id);
  const fingerprint = rows.length > 0 ? await currentFingerprint(ctx, media.id) : '';
  return { count: rows.length, list: rows.map((row) => presentSummary(row, fingerprint)) };
}

export async function create(ctx: AppContext, actor: Actor, id: string, body: { name: string; settings: SubtitleSettings }): Promise<SubtitleVersion> {
  const media = await mediaFor(ctx, actor, id, true);
  await roomForOneMore(ctx, media.id);
  const transcript = media.hasTranscript ? await ctx.documents.read(media.id) : null;
  if (!transcript || transcript.text.length === 0) throw new AppError('conflict', 'This media has no transcript yet: subtitles are generated from it');
  // Edits still waiting for the projection are written now, so the stored fingerprint is this one.
  await ctx.documents.flush();
  const screens = generateScreens(transcript, body.settings);
  if (screens.length > SUBTITLE_LIMITS.maxScreens) throw new AppError('payload_too_large', `A version holds at most ${SUBTITLE_LIMITS.maxScreens} screens`);
  const fingerprint = transcriptFingerprint(transcript);
  const row = await subtitlesRepo.insert(ctx.db, {
    conversationId: media.id,
    name: body.name,
    settings: body.settings,
    transcriptFingerprint: fingerprint,
    createdBy: actor.user.id,
    screenCount: screens.length,
    state: screenState(screens, body.settings),
  });
  notify(ctx, media, row.id);
  return presentVersion(row, fingerprint, screens);
}

export async function get(ctx: AppContext, actor: Actor, id: string, subtitleId: string): Promise<SubtitleVersion> {
  const { media, version } = await versionFor(ctx, actor, id, subtitleId, false);
  const screens = await ctx.subtitles.read(version.id, readScreens);
  return presentVersion(version, await currentFingerprint(ctx, media.id), screens);
}

/** The screens as the live document has it now (exports). */
export async function screensOf(ctx: AppContext, actor: Actor, id: string, subtitleId: string): Promise<{ version: SubtitleVersionRow; screens: Screen[] }> {
  const { version } = await versionFor(ctx, actor, id, subtitleId, false);
  return { version, screens: await ctx.subtitles.read(version.id, readScreens) };
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: string,
  subtitleId: string,
  body: { name?: string | undefined; settings?: SubtitleSettings | undefined },
): Promise<SubtitleVersionSummary> {
  const { media, version } = await versionFor(ctx, actor, id, subtitleId, true);
  const settings = body.settings;
  // In the document too, so every open editor's warnings follow the new limits.
  if (settings) await ctx.subtitles.change(version.id, { userId: actor.user.id }, (doc) => setSettings(doc, settings));
  const row = await subtitlesRepo.update(ctx.db, media.id, version.id, { ...(body.name !== undefined ? { name: body.name } : {}), ...(settings ? { settings } : {}) });
  if (!row) throw notFound('Subtitle');
  notify(ctx, media, row.id);
  return presentSummary(row, await currentFingerprint(ctx, media.id));
}

/** A new version with the same screens and limits, independent of the original from now on. */
export async function copy(ctx: AppContext, actor: Actor, id: string, subtitleId: string, body: { name: string }): Promise<SubtitleVersionSummary> {
  const { media, version } = await versionFor(ctx, actor, id, subtitleId, true);
  await roomForOneMore(ctx, media.id);
  const { screens, settings } = await ctx.subtitles.read(version.id, (doc) => ({ screens: readScreens(doc), settings: readSettings(doc) }));
  const row = await subtitlesRepo.insert(ctx.db, {
    conversationId: media.id,
    name: body.name,
    settings,
    // Generated from the same transcript as the original.
    transcriptFingerprint: version.transcriptFingerprint,
    createdBy: actor.user.id,
    screenCount: screens.length,
    state: screenState(screens, settings),
  });
  notify(ctx, media, row.id);
  return presentSummary(row, await currentFingerprint(ctx, media.id));
}

export async function remove(ctx: AppContext, actor: Actor, id: string, subtitleId: string): Promise<void> {
  await removeMany(ctx, actor, id, [subtitleId]);
}

/** Deletes every one of `ids`, or none when one of them is not a version of this media (404). */
export async function removeMany(ctx: AppContext, actor: Actor, id: string, ids: string[]): Promise<void> {
  const media = await mediaFor(ctx, actor, id, true);
  const unique = [...new Set(ids)];
  // Their burned-in videos' rows go with them: their files are read first.
  const burnFiles = await burnsRepo.filesOf(ctx.db, media.id, unique);
  if (!(await subtitlesRepo.deleteMany(ctx.db, media.id, unique))) throw notFound('Subtitle');
  await deleteKeys(ctx, burnFiles);
  for (const subtitleId of unique) {
    ctx.subtitles.dropVersion(media.id, subtitleId);
    notify(ctx, media, subtitleId);
  }
}
