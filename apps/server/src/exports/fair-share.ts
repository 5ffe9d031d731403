/**
 * A fair share of the export writers. The read right alone starts an export (docs/exports.md), and
 * laying out a long transcript or report as PDF, Word or OpenDocument takes seconds of CPU on one
 * writer thread shared by everyone, with a short waiting line (render.ts, odt.ts): one reader
 * firing exports in a loop would fill it and leave everyone else a 503. So one user, and one
 * organization, have at most EXPORTS_PER_USER and EXPORTS_PER_ORGANIZATION exports being made at
 * once; one more answers 429 too_many_requests at once, without waiting.
 *
 * Counted in this process's memory, like the hourly budgets (http/budget.ts): each server has its
 * own writer thread, so each keeps its own share.
 */
import type { AppContext } from '../context.ts';
import { tooManyRequests } from '../http/budget.ts';

export interface ExportOwner {
  userId: string;
  organizationId: string;
}

class Counter {
  private readonly counts = new Map<string, number>();
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string, delta: number): void {
    const next = this.get(key) + delta;
    if (next > 0) this.counts.set(key, next);
    else this.counts.delete(key);
  }
}

const byContext = new WeakMap<AppContext, { users: Counter; organizations: Counter }>();

function countersOf(ctx: AppContext) {
  let found = byContext.get(ctx);
  if (!found) {
    found = { users: new Counter(), organizations: new Counter() };
    byContext.set(ctx, found);
  }
  return found;
}

/** Runs `make` in one of the owner's export slots, or refuses with 429 when the user or the organization has none left. */
export async function withExportSlot<T>(ctx: AppContext, owner: ExportOwner, make: () => Promise<T>): Promise<T> {
  const { users, organizations } = countersOf(ctx);
  const { exportsPerUser, exportsPerOrganization } = ctx.config.heavyWork;
  if (users.get(owner.userId) >= exportsPerUser) {
    throw tooManyRequests(`You already have ${exportsPerUser} exports being made; try again when one of them is done`);
  }
  if (organizations.get(owner.organizationId) >= exportsPerOrganization) {
    throw tooManyRequests('This organization has too many exports being made; try again in a moment');
  }
  users.add(owner.userId, 1);
  organizations.add(owner.organizationId, 1);
  try {
    return await make();
  } finally {
    users.add(owner.userId, -1);
    organizations.add(owner.organizationId, -1);
  }
}
