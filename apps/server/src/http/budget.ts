/**
 * Hourly budgets for actions that cost someone else something (a mail sent, a name disclosed):
 * counted per key (a user, an organization) over a sliding hour, in memory. A restart forgets
 * them, which only ever lets a little more through.
 */
import type { AppContext } from '../context.ts';
import { AppError } from './errors.ts';

const HOUR_MS = 3600_000;

export class HourlyBudget {
  private readonly spent = new Map<string, number[]>();
  private readonly max: number;
  constructor(max: number) {
    this.max = max;
  }

  /** Takes `amount` from `key`'s budget, or nothing at all when it does not fit. */
  take(key: string, amount = 1, now = Date.now()): boolean {
    const recent = (this.spent.get(key) ?? []).filter((at) => now - at < HOUR_MS);
    if (recent.length + amount > this.max) {
      this.spent.set(key, recent);
      return false;
    }
    for (let i = 0; i < amount; i++) recent.push(now);
    this.spent.set(key, recent);
    return true;
  }

  /** Gives back what `take` took when the action did not happen after all. */
  refund(key: string, amount = 1): void {
    const recent = this.spent.get(key);
    if (recent) recent.splice(Math.max(0, recent.length - amount), amount);
  }
}

export interface Budgets {
  invitationsPerUser: HourlyBudget;
  invitationsPerOrganization: HourlyBudget;
  organizationNamesPerUser: HourlyBudget;
}

const byContext = new WeakMap<AppContext, Budgets>();

/** The budgets of one running application (tests run several side by side). */
export function budgets(ctx: AppContext): Budgets {
  let found = byContext.get(ctx);
  if (!found) {
    found = {
      invitationsPerUser: new HourlyBudget(ctx.config.invitationsPerUserPerHour),
      invitationsPerOrganization: new HourlyBudget(ctx.config.invitationsPerOrganizationPerHour),
      organizationNamesPerUser: new HourlyBudget(ctx.config.organizationNameChecksPerUserPerHour),
    };
    byContext.set(ctx, found);
  }
  return found;
}

export const tooManyRequests = (message: string) => new AppError('too_many_requests', message);
