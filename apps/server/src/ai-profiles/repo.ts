/** Data access for AI profiles. */
import { and, asc, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { aiProfiles } from '../db/schema.ts';

export type AiProfileRow = typeof aiProfiles.$inferSelect;
export type NewAiProfile = typeof aiProfiles.$inferInsert;

const order = [desc(aiProfiles.isDefault), asc(aiProfiles.name), asc(aiProfiles.id)];
/** Global profiles and the organization's own. */
const visibleIn = (organizationId: string) => or(isNull(aiProfiles.organizationId), eq(aiProfiles.organizationId, organizationId));
const inScope = (organizationId: string | null) => (organizationId === null ? isNull(aiProfiles.organizationId) : eq(aiProfiles.organizationId, organizationId));

export const aiProfilesRepo = {
  byId: async (db: Database, id: string) => (await db.select().from(aiProfiles).where(eq(aiProfiles.id, id)))[0],
  all: (db: Database) =>
    db
      .select()
      .from(aiProfiles)
      .orderBy(...order),
  global: (db: Database) =>
    db
      .select()
      .from(aiProfiles)
      .where(isNull(aiProfiles.organizationId))
      .orderBy(...order),
  visibleTo: (db: Database, organizationId: string) =>
    db
      .select()
      .from(aiProfiles)
      .where(visibleIn(organizationId))
      .orderBy(...order),
  /** A profile usable in the organization (global or its own), else undefined. */
  usableIn: async (db: Database, organizationId: string, id: string) =>
    (
      await db
        .select()
        .from(aiProfiles)
        .where(and(eq(aiProfiles.id, id), visibleIn(organizationId)))
    )[0],
  /** The organization's default, else the global default (false sorts before true). */
  defaultIn: async (db: Database, organizationId: string) =>
    (
      await db
        .select()
        .from(aiProfiles)
        .where(and(visibleIn(organizationId), eq(aiProfiles.isDefault, true)))
        .orderBy(sql`${aiProfiles.organizationId} is null`, asc(aiProfiles.id))
        .limit(1)
    )[0],
  insert: async (db: Database, values: NewAiProfile) => (await db.insert(aiProfiles).values(values).returning())[0]!,
  update: async (db: Database, id: string, values: Partial<NewAiProfile>) =>
    (
      await db
        .update(aiProfiles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(aiProfiles.id, id))
        .returning()
    )[0],
  /** One default per scope: clears the flag on the scope's other profiles. */
  clearOtherDefaults: (db: Database, keep: Pick<AiProfileRow, 'id' | 'organizationId'>) =>
    db
      .update(aiProfiles)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(and(inScope(keep.organizationId), ne(aiProfiles.id, keep.id), eq(aiProfiles.isDefault, true))),
  delete: (db: Database, id: string) => db.delete(aiProfiles).where(eq(aiProfiles.id, id)),
};
