/** Transcriber profiles: configured engines, global (platform admins) or per organization (its admins). */
import type { z } from 'zod';
import { profileSupportsLanguage, type zTranscriberProfileBody, type MediaLanguage, type TranscriberProfile } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { authorize, authorizeOrBackoffice } from '../organizations/service.ts';
import { platform } from '../policy.ts';
import { availability } from './availability.ts';
import { endpointApproval } from '../net/profile-endpoint.ts';
import type { StoredProfileConfig } from './endpoint.ts';
import { presentTranscriberProfile } from './presenter.ts';
import { transcriberProfilesRepo, type NewTranscriberProfile, type TranscriberProfileRow } from './repo.ts';

type ProfileBody = z.output<typeof zTranscriberProfileBody>;

const present = (ctx: AppContext, rows: TranscriberProfileRow[]) => rows.map((row) => presentTranscriberProfile(ctx.config, row));

/** Global profiles; from the backoffice, a platform administrator sees every profile. */
export async function listGlobal(ctx: AppContext, actor: Actor, backofficeScope: boolean): Promise<TranscriberProfile[]> {
  const rows = backofficeScope && platform.backoffice(actor.user) ? await transcriberProfilesRepo.all(ctx.db) : await transcriberProfilesRepo.global(ctx.db);
  return present(ctx, rows);
}

export async function listForOrganization(ctx: AppContext, actor: Actor, organizationId: string): Promise<TranscriberProfile[]> {
  await authorizeOrBackoffice(ctx, actor, organizationId, 'read');
  return present(ctx, await transcriberProfilesRepo.visibleTo(ctx.db, organizationId));
}

/** Platform administrators manage global profiles; an organization's admins (and platform administrators) its own. */
async function assertMayManage(ctx: AppContext, actor: Actor, organizationId: string | null): Promise<void> {
  if (organizationId === null) {
    if (!platform.backoffice(actor.user)) throw new AppError('forbidden', 'Only platform administrators manage global transcriber profiles');
    return;
  }
  await authorizeOrBackoffice(ctx, actor, organizationId, 'update');
}

/** A profile the actor may see: global ones, their organizations' ones; else not found. */
async function visible(ctx: AppContext, actor: Actor, id: string): Promise<TranscriberProfileRow> {
  const row = await transcriberProfilesRepo.byId(ctx.db, id);
  if (!row) throw notFound('Transcriber profile');
  if (row.organizationId !== null && !platform.backoffice(actor.user)) {
    await authorize(ctx, actor, row.organizationId, 'read').catch(() => {
      throw notFound('Transcriber profile');
    });
  }
  return row;
}

export async function get(ctx: AppContext, actor: Actor, id: string): Promise<TranscriberProfile> {
  return presentTranscriberProfile(ctx.config, await visible(ctx, actor, id));
}

/** One default per scope: setting a profile as default clears the flag on the others of its scope. */
async function clearOtherDefaults(ctx: AppContext, keep: TranscriberProfileRow): Promise<void> {
  if (!keep.isDefault) return;
  const peers = keep.organizationId === null ? await transcriberProfilesRepo.global(ctx.db) : await transcriberProfilesRepo.ofOrganization(ctx.db, keep.organizationId);
  for (const peer of peers) {
    if (peer.id !== keep.id && peer.isDefault) await transcriberProfilesRepo.update(ctx.db, peer.id, { isDefault: false });
  }
}

function configOf(body: ProfileBody, previous?: TranscriberProfileRow['config']): TranscriberProfileRow['config'] {
  const config: TranscriberProfileRow['config'] = {};
  if (body.config.model) config.model = body.config.model;
  if (body.config.endpoint) config.endpoint = body.config.endpoint;
  // The key is never sent back to clients: absent keeps the stored one, "" removes it.
  const apiKey = body.config.apiKey === undefined ? previous?.apiKey : body.config.apiKey;
  if (apiKey) config.apiKey = apiKey;
  return config;
}

/** The columns a body sets, on creation and on update alike (the scope is set once, on creation). */
function editableFields(body: ProfileBody, previous?: TranscriberProfileRow) {
  return {
    name: body.name,
    description: body.description,
    type: body.type,
    languages: body.languages,
    // Absent keeps the stored ones (clients that do not know translations leave them as they are).
    translations: [...new Set(body.translations ?? previous?.translations ?? [])],
    quickMeeting: body.quickMeeting,
    diarization: body.diarization,
    isDefault: body.isDefault,
    config: configOf(body, previous?.config),
  } satisfies Partial<NewTranscriberProfile>;
}

/** The fields to store, with the endpoint checked against the outbound-address policy. */
async function checkedFields(ctx: AppContext, actor: Actor, body: ProfileBody, previous?: TranscriberProfileRow) {
  const fields = editableFields(body, previous);
  const config: StoredProfileConfig = fields.config;
  if (await endpointApproval(ctx, actor, config, previous?.config)) config.internalEndpoint = true;
  return { ...fields, config };
}

export async function create(ctx: AppContext, actor: Actor, body: ProfileBody): Promise<TranscriberProfile> {
  await assertMayManage(ctx, actor, body.organizationId);
  const row = await transcriberProfilesRepo.insert(ctx.db, {
    organizationId: body.organizationId,
    ...(await checkedFields(ctx, actor, body)),
  });
  await clearOtherDefaults(ctx, row);
  return presentTranscriberProfile(ctx.config, row);
}

export async function update(ctx: AppContext, actor: Actor, id: string, body: ProfileBody): Promise<TranscriberProfile> {
  const row = await visible(ctx, actor, id);
  await assertMayManage(ctx, actor, row.organizationId);
  if (body.organizationId !== row.organizationId) {
    throw new AppError('validation_failed', 'A transcriber profile cannot move to another scope', { organizationId: 'error.invalid' });
  }
  const updated = (await transcriberProfilesRepo.update(ctx.db, id, await checkedFields(ctx, actor, body, row)))!;
  await clearOtherDefaults(ctx, updated);
  return presentTranscriberProfile(ctx.config, updated);
}

export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const row = await visible(ctx, actor, id);
  await assertMayManage(ctx, actor, row.organizationId);
  await transcriberProfilesRepo.delete(ctx.db, id);
}

/** The profile a new media of this organization uses when none is chosen. */
export async function defaultProfileFor(ctx: AppContext, organizationId: string): Promise<TranscriberProfileRow | null> {
  const rows = await transcriberProfilesRepo.visibleTo(ctx.db, organizationId);
  return (
    rows.find((r) => r.organizationId === organizationId && r.isDefault) ??
    rows.find((r) => r.organizationId === null && r.isDefault) ??
    rows.find((r) => availability(ctx.config, r).ok) ??
    rows[0] ??
    null
  );
}

/** A chosen profile must be global or the organization's own. */
export async function profileForOrganization(ctx: AppContext, organizationId: string, id: string): Promise<TranscriberProfileRow | null> {
  const row = await transcriberProfilesRepo.byId(ctx.db, id);
  if (!row || (row.organizationId !== null && row.organizationId !== organizationId)) return null;
  return row;
}

/** What runs when a media has no profile at all: the built-in PocketSphinx, English only. */
const BUILT_IN = { type: 'pocketsphinx', languages: ['en'], config: {} } as const;

/** Whether a media in `language` can go to this profile (none: the built-in engine). */
export function supportsLanguage(profile: TranscriberProfileRow | null, language: MediaLanguage): boolean {
  return profileSupportsLanguage(profile ?? BUILT_IN, language);
}

/**
 * The profile a media in `language` goes to when none is chosen: the organization's default when it
 * transcribes that language, else the first available profile that does, else the default (which
 * the caller then refuses).
 */
export async function profileForLanguage(ctx: AppContext, organizationId: string, language: MediaLanguage): Promise<TranscriberProfileRow | null> {
  const fallback = await defaultProfileFor(ctx, organizationId);
  if (fallback && supportsLanguage(fallback, language) && availability(ctx.config, fallback).ok) return fallback;
  const rows = await transcriberProfilesRepo.visibleTo(ctx.db, organizationId);
  return rows.find((row) => supportsLanguage(row, language) && availability(ctx.config, row).ok) ?? fallback;
}

/** A profile chosen for a media of this organization that can run here now; null otherwise. */
export async function availableProfileForOrganization(ctx: AppContext, organizationId: string, id: string): Promise<TranscriberProfileRow | null> {
  const row = await profileForOrganization(ctx, organizationId, id);
  return row && availability(ctx.config, row).ok ? row : null;
}
