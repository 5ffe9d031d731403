/** API key rows → the shared contract. Never the secret's hash; the secret only right after it is made. */
import type { ApiKey, ApiKeyRole } from '@palabre/shared';
import { visiblePrefix } from './format.ts';
import type { ApiKeyRow, CreatorRow } from './repo.ts';

function state(row: ApiKeyRow, now: Date): ApiKey['state'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

export function presentApiKey(row: ApiKeyRow, creator: CreatorRow | null, now = new Date()): ApiKey {
  return {
    _id: row.id,
    name: row.name,
    prefix: visiblePrefix(row.prefix),
    role: row.role as ApiKeyRole,
    organizationId: row.organizationId,
    createdBy: creator ? { _id: creator.id, name: `${creator.firstname} ${creator.lastname}`.trim() || creator.email, email: creator.email } : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state: state(row, now),
  };
}
