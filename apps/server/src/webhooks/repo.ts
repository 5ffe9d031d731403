/** Data access for webhooks and their deliveries. */
import { and, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { WebhookDeliveryEvent, WebhookEvent } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { conversations, webhookDeliveries, webhooks } from '../db/schema.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type NewWebhook = typeof webhooks.$inferInsert;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export interface NewDelivery {
  webhookId: string;
  event: WebhookDeliveryEvent;
  eventId: string;
  payload: Record<string, unknown>;
  manual?: boolean;
}

/** The columns mediaData reads, for `.returning(mediaColumns)`. */
export const mediaColumns = {
  id: conversations.id,
  organizationId: conversations.organizationId,
  name: conversations.name,
  status: conversations.status,
  duration: conversations.duration,
  language: conversations.language,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
};

export const webhooksRepo = {
  ofOrganization: (db: Database, organizationId: string) => db.select().from(webhooks).where(eq(webhooks.organizationId, organizationId)).orderBy(webhooks.createdAt, webhooks.id),
  countOf: async (db: Database, organizationId: string) => (await db.select({ n: count() }).from(webhooks).where(eq(webhooks.organizationId, organizationId)))[0]?.n ?? 0,
  /** A webhook of the organization, else undefined. */
  inOrganization: async (db: Database, organizationId: string, id: string) =>
    (
      await db
        .select()
        .from(webhooks)
        .where(and(eq(webhooks.id, id), eq(webhooks.organizationId, organizationId)))
    )[0],
  byId: async (db: Database, id: string) => (await db.select().from(webhooks).where(eq(webhooks.id, id)))[0],
  /** The enabled webhooks of the organization subscribed to the event. */
  subscribed: (db: Database, organizationId: string, event: WebhookEvent) =>
    db
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.organizationId, organizationId), eq(webhooks.enabled, true), sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`)),
  insert: async (db: Database, values: NewWebhook) => (await db.insert(webhooks).values(values).returning())[0]!,
  update: async (db: Database, id: string, values: Partial<NewWebhook>) =>
    (
      await db
        .update(webhooks)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(webhooks.id, id))
        .returning()
    )[0],
  delete: (db: Database, id: string) => db.delete(webhooks).where(eq(webhooks.id, id)),
  /** The state and time of each webhook's latest delivery. */
  lastDeliveries: async (db: Database, ids: string[]) => {
    if (ids.length === 0) return new Map<string, Pick<DeliveryRow, 'state' | 'createdAt'>>();
    const rows = await db
      .selectDistinctOn([webhookDeliveries.webhookId], { webhookId: webhookDeliveries.webhookId, state: webhookDeliveries.state, createdAt: webhookDeliveries.createdAt })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.webhookId, ids))
      .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
    return new Map(rows.map((row) => [row.webhookId, row]));
  },
};

export const deliveriesRepo = {
  insert: (db: Database, values: NewDelivery[]) =>
    values.length === 0
      ? Promise.resolve([] as DeliveryRow[])
      : db
          .insert(webhookDeliveries)
          .values(values.map((v) => ({ ...v, nextAttemptAt: new Date() })))
          .returning(),
  byId: async (db: Database, id: string) => (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0],
  ofWebhook: async (db: Database, webhookId: string, page: { offset: number; limit: number }) => {
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)),
    ]);
    return { rows, count: total[0]?.n ?? 0 };
  },
  /**
   * Records attempt `attempt`'s outcome, only if no other delivery of that attempt recorded one
   * (the row still counts `attempt - 1` attempts and is pending). False when it was already recorded.
   */
  record: async (db: Database, id: string, attempt: number, outcome: Pick<DeliveryRow, 'state' | 'lastStatus' | 'lastError' | 'durationMs' | 'nextAttemptAt'>) =>
    (
      await db
        .update(webhookDeliveries)
        .set({ ...outcome, attempts: attempt, updatedAt: new Date() })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.state, 'pending'), eq(webhookDeliveries.attempts, attempt - 1)))
        .returning({ id: webhookDeliveries.id })
    ).length > 0,
  /** Pending deliveries whose attempt is overdue by more than `graceMs` (their job was lost). */
  overdue: (db: Database, now: Date, graceMs: number, limit: number) =>
    db
      .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.state, 'pending'), lt(webhookDeliveries.nextAttemptAt, new Date(now.getTime() - graceMs))))
      .orderBy(webhookDeliveries.nextAttemptAt)
      .limit(limit),
  /** Removes finished deliveries created before `before`, and those beyond the newest `keep` of each webhook. */
  prune: async (db: Database, before: Date, keep: number) => {
    const old = await db
      .delete(webhookDeliveries)
      .where(and(ne(webhookDeliveries.state, 'pending'), lt(webhookDeliveries.createdAt, before)))
      .returning({ id: webhookDeliveries.id });
    const excess = await db.execute(sql`
      DELETE FROM ${webhookDeliveries} WHERE ${webhookDeliveries.state} <> 'pending' AND ${webhookDeliveries.id} IN (
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY webhook_id ORDER BY created_at DESC, id DESC) AS position FROM ${webhookDeliveries}
        ) ranked WHERE position > ${keep}
      ) RETURNING ${webhookDeliveries.id}`);
    return old.length + ((excess as unknown as { rows?: unknown[] }).rows?.length ?? 0);
  },
};
