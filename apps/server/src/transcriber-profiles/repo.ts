/** Data access for transcriber profiles. */
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { transcriberProfiles } from '../db/schema.ts';

export type TranscriberProfileRow = typeof transcriberProfiles.$inferSelect;
export type NewTranscriberProfile = typeof transcriberProfiles.$inferInsert;

const order = [desc(transcriberProfiles.isDefault), asc(transcriberProfiles.name), asc(transcriberProfiles.id)];

export const transcriberProfilesRepo = {
  byId: async (db: Database, id: string) => (await db.select().from(transcriberProfiles).where(eq(transcriberProfiles.id, id)))[0],
  byIds: (db: Database, ids: string[]) => (ids.length === 0 ? Promise.resolve([]) : db.select().from(transcriberProfiles).where(inArray(transcriberProfiles.id, ids))),
  all: (db: Database) =>
    db
      .select()
      .from(transcriberProfiles)
      .orderBy(...order),
  global: (db: Database) =>
    db
      .select()
      .from(transcriberProfiles)
      .where(isNull(transcriberProfiles.organizationId))
      .orderBy(...order),
  /** Global profiles and the organization's own. */
  visibleTo: (db: Database, organizationId: string) =>
    db
      .select()
      .from(transcriberProfiles)
      .where(or(isNull(transcriberProfiles.organizationId), eq(transcriberProfiles.organizationId, organizationId)))
      .orderBy(...order),
  ofOrganization: (db: Database, organizationId: string) =>
    db
      .select()
      .from(transcriberProfiles)
      .where(and(eq(transcriberProfiles.organizationId, organizationId)))
      .orderBy(...order),
  insert: async (db: Database, values: NewTranscriberProfile) => (await db.insert(transcriberProfiles).values(values).returning())[0]!,
  update: async (db: Database, id: string, values: Partial<NewTranscriberProfile>) =>
    (
      await db
        .update(transcriberProfiles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(transcriberProfiles.id, id))
        .returning()
    )[0],
  /** A change no one made (a start-up upgrade): `updatedAt` is left as it was, for it tells whether an administrator ever saved the row. */
  amend: (db: Database, id: string, values: Partial<NewTranscriberProfile>) => db.update(transcriberProfiles).set(values).where(eq(transcriberProfiles.id, id)),
  delete: (db: Database, id: string) => db.delete(transcriberProfiles).where(eq(transcriberProfiles.id, id)),
};
