/**
 * The outbound-address policy applied to the endpoints of configured profiles (transcriber profiles
 * and AI profiles). A profile's endpoint must pass the policy when it is saved, unless a system
 * administrator saves it: then the profile records that approval (`internalEndpoint`) and its calls
 * may reach that address. Every call to an endpoint goes through `outboundFetch`: checked and pinned
 * address, no redirect followed (the API key never reaches another host), answers bounded in size.
 */
import type { AppContext } from '../context.ts';
import type { Config } from '../config.ts';
import type { Actor } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { platform } from '../policy.ts';
import { OutboundRefused, OutboundUnresolved, outboundFetch, outboundPolicy, resolveChecked } from './outbound.ts';

/** What the policy reads of a profile's stored config: its endpoint and the approval flag the API never shows. */
export interface EndpointSettings {
  endpoint?: string | undefined;
  internalEndpoint?: boolean | undefined;
}

/**
 * The approval flag to store with `next`, or a field error on `config.endpoint`. An unchanged
 * endpoint keeps an approval given earlier; a changed one needs a new check. A host name that does
 * not resolve yet is saved without approval: every call checks its address again, so it can never
 * reach a refused one later.
 */
export async function endpointApproval(ctx: AppContext, actor: Actor, next: EndpointSettings, previous?: EndpointSettings): Promise<boolean> {
  if (!next.endpoint) return false;
  if (await passesPolicy(ctx, next.endpoint)) return false;
  if (platform.approveInternalEndpoint(actor.user)) return true;
  if (previous?.internalEndpoint && previous.endpoint === next.endpoint) return true;
  throw new AppError('validation_failed', 'This endpoint address is not allowed', { 'config.endpoint': 'error.address_not_allowed' });
}

async function passesPolicy(ctx: AppContext, endpoint: string): Promise<boolean> {
  try {
    await resolveChecked(outboundPolicy(ctx.config), endpoint);
    return true;
  } catch (error) {
    if (error instanceof OutboundUnresolved) return true;
    if (error instanceof OutboundRefused) return false;
    throw error;
  }
}

/**
 * The fetch every call to a profile's endpoint uses. Global profiles are only ever saved by system
 * administrators, so their endpoints count as approved (including those saved before approvals
 * were recorded); an organization's only when an administrator approved it.
 */
export function profileEndpointFetch(config: Config, profile: { organizationId: string | null; config: object }, maxResponseBytes: number): typeof globalThis.fetch {
  const approved = profile.organizationId === null || (profile.config as EndpointSettings).internalEndpoint === true;
  return outboundFetch(outboundPolicy(config, { anyAddress: approved }), { maxResponseBytes });
}
