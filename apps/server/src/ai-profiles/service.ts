/** AI profiles: OpenAI-compatible chat endpoints, global (platform admins) or per organization (its admins). */
import type { AiProfile, AiProfileBody } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { endpointApproval } from '../net/profile-endpoint.ts';
import { authorize, authorizeOrBackoffice } from '../organizations/service.ts';
import { platform } from '../policy.ts';
import { availability } from './availability.ts';
import { presentAiProfile } from './presenter.ts';
import { aiProfilesRepo, type AiProfileRow } from './repo.ts';
import type { StoredAiConfig } from './resolve.ts';

const present = async (ctx: AppContext, row: AiProfileRow) => presentAiProfile(row, await availability(ctx.config, row));
const presentAll = (ctx: AppContext, rows: AiProfileRow[]) => Promise.all(rows.map((row) => present(ctx, row)));

/** Global profiles; from the backoffice, a platform administrator sees every profile. */
export async function listGlobal(ctx: AppContext, actor: Actor, backofficeScope: boolean): Promise<AiProfile[]> {
  const rows = backofficeScope && platform.backoffice(actor.user) ? await aiProfilesRepo.all(ctx.db) : await aiProfilesRepo.global(ctx.db);
  return presentAll(ctx, rows);
}

export async function listForOrganization(ctx: AppContext, actor: Actor, organizationId: string): Promise<AiProfile[]> {
  await authorizeOrBackoffice(ctx, actor, organizationId, 'read');
  return presentAll(ctx, await aiProfilesRepo.visibleTo(ctx.db, organizationId));
}

/** Platform administrators manage global profiles; an organization's admins (and platform administrators) its own. */
async function assertMayManage(ctx: AppContext, actor: Actor, organizationId: string | null): Promise<void> {
  if (organizationId === null) {
    if (!platform.backoffice(actor.user)) throw new AppError('forbidden', 'Only platform administrators manage global AI profiles');
    return;
  }
  await authorizeOrBackoffice(ctx, actor, organizationId, 'update');
}

/** A profile the actor may see: global ones, their organizations' ones; else not found. */
async function visible(ctx: AppContext, actor: Actor, id: string): Promise<AiProfileRow> {
  const row = await aiProfilesRepo.byId(ctx.db, id);
  if (!row) throw notFound('AI profile');
  if (row.organizationId !== null && !platform.backoffice(actor.user)) {
    await authorize(ctx, actor, row.organizationId, 'read').catch(() => {
      throw notFound('AI profile');
    });
  }
  return row;
}

export async function get(ctx: AppContext, actor: Actor, id: string): Promise<AiProfile> {
  return present(ctx, await visible(ctx, actor, id));
}

/** The config to store: the key is never sent back to clients, so absent keeps the stored one and "" removes it. */
function configOf(body: AiProfileBody, previous?: StoredAiConfig): StoredAiConfig {
  const apiKey = body.config.apiKey === undefined ? previous?.apiKey : body.config.apiKey;
  return { endpoint: body.config.endpoint, model: body.config.model, contextTokens: body.config.contextTokens, ...(apiKey ? { apiKey } : {}) };
}

/** The columns a body sets, with the endpoint checked against the outbound-address policy (the scope is set once, on creation). */
async function checkedFields(ctx: AppContext, actor: Actor, body: AiProfileBody, previous?: AiProfileRow) {
  const config = configOf(body, previous?.config);
  if (await endpointApproval(ctx, actor, config, previous?.config)) config.internalEndpoint = true;
  return { name: body.name, description: body.description, isDefault: body.isDefault, config };
}

export async function create(ctx: AppContext, actor: Actor, body: AiProfileBody): Promise<AiProfile> {
  await assertMayManage(ctx, actor, body.organizationId);
  const fields = await checkedFields(ctx, actor, body);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await aiProfilesRepo.insert(tx, { organizationId: body.organizationId, ...fields });
    if (inserted.isDefault) await aiProfilesRepo.clearOtherDefaults(tx, inserted);
    return inserted;
  });
  return present(ctx, row);
}

export async function update(ctx: AppContext, actor: Actor, id: string, body: AiProfileBody): Promise<AiProfile> {
  const row = await visible(ctx, actor, id);
  await assertMayManage(ctx, actor, row.organizationId);
  if (body.organizationId !== row.organizationId) {
    throw new AppError('validation_failed', 'An AI profile cannot move to another scope', { organizationId: 'error.invalid' });
  }
  const fields = await checkedFields(ctx, actor, body, row);
  const updated = await ctx.db.transaction(async (tx) => {
    const saved = (await aiProfilesRepo.update(tx, id, fields))!;
    if (saved.isDefault) await aiProfilesRepo.clearOtherDefaults(tx, saved);
    return saved;
  });
  return present(ctx, updated);
}

export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const row = await visible(ctx, actor, id);
  await assertMayManage(ctx, actor, row.organizationId);
  await aiProfilesRepo.delete(ctx.db, id);
}
