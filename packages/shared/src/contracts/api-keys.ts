/**
 * API keys (docs/api-keys.md): long-lived bearer secrets of an organization or of the platform. A
 * key acts as the account that created it, capped by the key's role; its secret is shown once.
 */
import { z } from 'zod';
import { zId, zIdParam, zText } from './common.ts';

/** Roles of an organization key: `reader` reads only; the others cap the creator's level there. */
export const ORGANIZATION_API_KEY_ROLES = ['reader', 'member', 'maintainer', 'admin'] as const;
/** Roles of a platform key: `reader` reads only, `user` keeps no administrator flag, `administrator` keeps them all. */
export const PLATFORM_API_KEY_ROLES = ['reader', 'user', 'administrator'] as const;
export type OrganizationApiKeyRole = (typeof ORGANIZATION_API_KEY_ROLES)[number];
export type PlatformApiKeyRole = (typeof PLATFORM_API_KEY_ROLES)[number];
export type ApiKeyRole = OrganizationApiKeyRole | PlatformApiKeyRole;

export const API_KEY_STATES = ['active', 'expired', 'revoked'] as const;
export const API_KEY_NAME_MAX = 100;
/** Longest lifetime a key may be given, in days (a key may also never expire). */
export const API_KEY_MAX_DAYS = 730;
/** The lifetime the screens offer first, in days. */
export const API_KEY_DEFAULT_DAYS = 90;
/** Every key starts with this, so scanners and people recognise it. */
export const API_KEY_TAG = 'plb_';

/** An expiry: a time in the future, at most API_KEY_MAX_DAYS ahead, or null for a key that never expires. */
export const zApiKeyExpiry = z
  .string()
  .datetime({ offset: true })
  .nullable()
  .refine((value) => value === null || Date.parse(value) > Date.now(), 'error.expiry_in_past')
  .refine((value) => value === null || Date.parse(value) <= Date.now() + API_KEY_MAX_DAYS * 86_400_000, 'error.expiry_too_far');

const zApiKeyName = zText({ required: true, max: API_KEY_NAME_MAX });

export const zCreateOrganizationApiKeyBody = z.object({ name: zApiKeyName, role: z.enum(ORGANIZATION_API_KEY_ROLES), expiresAt: zApiKeyExpiry });
export const zCreatePlatformApiKeyBody = z.object({ name: zApiKeyName, role: z.enum(PLATFORM_API_KEY_ROLES), expiresAt: zApiKeyExpiry });
export const zRenewApiKeyBody = z.object({ expiresAt: zApiKeyExpiry });

export const zOrganizationApiKeyParams = zIdParam.extend({ keyId: zId });

export const zApiKey = z.object({
  _id: zId,
  name: z.string(),
  /** The visible start of the secret (`plb_` and the prefix), to recognise a key. */
  prefix: z.string(),
  role: z.enum([...ORGANIZATION_API_KEY_ROLES, ...PLATFORM_API_KEY_ROLES]),
  organizationId: zId.nullable(),
  createdBy: z.object({ _id: zId, name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  state: z.enum(API_KEY_STATES),
});
export type ApiKey = z.infer<typeof zApiKey>;

/** A key just created or renewed, with its secret: the only answer that ever carries it. */
export const zApiKeyWithSecret = zApiKey.extend({ secret: z.string() });
export type ApiKeyWithSecret = z.infer<typeof zApiKeyWithSecret>;
