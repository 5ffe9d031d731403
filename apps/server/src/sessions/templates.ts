/** Session templates: saved settings an organization's sessions are created from. */
import type { z } from 'zod';
import { listOffset, type SessionTemplate, type zTemplateBody, type zTemplateListQuery } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { mayRemoveTemplate, policyUser } from '../policy.ts';
import { creatorIn, memberOf } from './access.ts';
import { checkedChannels } from './channels.ts';
import { presentTemplate } from './presenter.ts';
import { templatesRepo } from './repo.ts';

export async function listTemplates(
  ctx: AppContext,
  actor: Actor,
  organizationId: string,
  query: z.output<typeof zTemplateListQuery>,
): Promise<{ sessionTemplates: SessionTemplate[]; totalItems: number }> {
  await memberOf(ctx, actor, organizationId);
  const { rows, total } = await templatesRepo.list(ctx.db, organizationId, query.limit, listOffset(query));
  return { sessionTemplates: rows.map(presentTemplate), totalItems: total };
}

/** Saves settings as a template; its channels are checked like a session's. */
export async function createTemplate(ctx: AppContext, actor: Actor, organizationId: string, body: z.output<typeof zTemplateBody>): Promise<SessionTemplate> {
  await creatorIn(ctx, actor, organizationId);
  const { name, ...settings } = body;
  await checkedChannels(ctx, organizationId, settings.channels);
  const row = await templatesRepo.insert(ctx.db, { organizationId, ownerId: actor.user.id, name, settings });
  return presentTemplate(row);
}

export async function removeTemplate(ctx: AppContext, actor: Actor, organizationId: string, templateId: string): Promise<void> {
  const { level } = await memberOf(ctx, actor, organizationId);
  const template = await templatesRepo.byId(ctx.db, organizationId, templateId);
  if (!template) throw notFound('Template');
  if (!mayRemoveTemplate(policyUser(actor), level, template)) throw new AppError('forbidden', 'Only its author or the maintainers delete a template');
  await templatesRepo.delete(ctx.db, template.id);
}
