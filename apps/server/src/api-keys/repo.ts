/** Queries on `api_keys`. */
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { apiKeys, users } from '../db/schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKeyRow = typeof apiKeys.$inferInsert;
export type CreatorRow = Pick<typeof users.$inferSelect, 'id' | 'firstname' | 'lastname' | 'email'>;
export type ListedApiKey = { key: ApiKeyRow; creator: CreatorRow | null };

const scope = (organizationId: string | null) => (organizationId === null ? isNull(apiKeys.organizationId) : eq(apiKeys.organizationId, organizationId));

export const apiKeysRepo = {
  byPrefix: async (db: Database, prefix: string): Promise<ApiKeyRow | undefined> => (await db.select().from(apiKeys).where(eq(apiKeys.prefix, prefix)))[0],

  /** A key of this scope (an organization's, or the platform's for null). */
  inScope: async (db: Database, organizationId: string | null, id: string): Promise<ApiKeyRow | undefined> =>
    (
      await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), scope(organizationId)))
    )[0],

  list: async (db: Database, organizationId: string | null): Promise<ListedApiKey[]> =>
    db
      .select({ key: apiKeys, creator: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email } })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdBy))
      .where(scope(organizationId))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),

  insert: async (db: Database, values: NewApiKeyRow): Promise<ApiKeyRow> => (await db.insert(apiKeys).values(values).returning())[0]!,

  update: async (db: Database, id: string, values: Partial<NewApiKeyRow>): Promise<ApiKeyRow | undefined> =>
    (await db.update(apiKeys).set(values).where(eq(apiKeys.id, id)).returning())[0],

  /** Records a use, at most once per `everyMs`: a busy key does not write on every request. */
  touch: (db: Database, id: string, now: Date, everyMs: number) =>
    db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - everyMs))))),
};
