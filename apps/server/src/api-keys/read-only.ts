/** The refusal a read-only API key meets on a change to what is its creator's own (`apiKeys.writeOwn`). */
import type { Actor } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { apiKeys, policyUser } from '../policy.ts';

export function requireWriteOwn(actor: Actor): void {
  if (!apiKeys.writeOwn(policyUser(actor))) throw new AppError('forbidden', 'A read-only API key changes nothing');
}
