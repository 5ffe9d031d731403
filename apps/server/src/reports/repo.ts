/** Reports and their versions: queries, no rules. */
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AiFailure, AiMethod, ReportKind } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { conversations, reports, reportVersions, users } from '../db/schema.ts';

export type ReportRow = typeof reports.$inferSelect;
export type ReportVersionRow = typeof reportVersions.$inferSelect;
/** A report with its current version's Markdown and the method that version came from. */
export type ReportWithText = ReportRow & { markdown: string | null; versionMethod: AiMethod | null };
export type VersionWithAuthor = ReportVersionRow & { authorName: string | null };

/** States during which a job owns the report: no second job, no save or restore. */
export const BUSY_STATES = ['queued', 'generating'] as const;

export interface GenerationRequest {
  conversationId: string;
  kind: ReportKind;
  method: AiMethod;
  aiProfileId: string | null;
  profileName: string | null;
  language: 'en' | 'fr';
  requestedBy: string;
}

const selectWithText = (db: Database) =>
  db
    .select({ report: reports, markdown: reportVersions.markdown, versionMethod: reportVersions.method })
    .from(reports)
    .leftJoin(reportVersions, eq(reportVersions.id, reports.currentVersionId));

const flatten = (rows: Array<{ report: ReportRow; markdown: string | null; versionMethod: AiMethod | null }>): ReportWithText[] =>
  rows.map((r) => ({ ...r.report, markdown: r.markdown, versionMethod: r.versionMethod }));

export const reportsRepo = {
  /** What reports show of their media (never its transcript). */
  async mediaDetails(db: Database, conversationId: string): Promise<{ name: string; language: string | null; duration: number | null } | undefined> {
    const [row] = await db
      .select({ name: conversations.name, language: conversations.language, duration: conversations.duration })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    return row;
  },

  async list(db: Database, conversationId: string): Promise<ReportWithText[]> {
    return flatten(await selectWithText(db).where(eq(reports.conversationId, conversationId)).orderBy(reports.createdAt));
  },

  async byKind(db: Database, conversationId: string, kind: ReportKind): Promise<ReportWithText | undefined> {
    return flatten(await selectWithText(db).where(and(eq(reports.conversationId, conversationId), eq(reports.kind, kind))))[0];
  },

  async byId(db: Database, id: string): Promise<ReportWithText | undefined> {
    return flatten(await selectWithText(db).where(eq(reports.id, id)))[0];
  },

  /**
   * Queues a generation: creates the report, or resets one that no job owns. `created` is false when
   * a job already owns it (queued or generating): that report is answered unchanged.
   */
  async request(db: Database, values: GenerationRequest): Promise<{ row: ReportWithText; created: boolean }> {
    const queued = { state: 'queued' as const, progress: null, error: null, updatedAt: new Date() };
    const [row] = await db
      .insert(reports)
      .values({ ...values, ...queued })
      .onConflictDoUpdate({
        target: [reports.conversationId, reports.kind],
        set: { ...queued, method: values.method, aiProfileId: values.aiProfileId, profileName: values.profileName, language: values.language, requestedBy: values.requestedBy },
        setWhere: notInArray(reports.state, [...BUSY_STATES]),
      })
      .returning({ id: reports.id });
    if (row) return { row: (await this.byId(db, row.id))!, created: true };
    const existing = await this.byKind(db, values.conversationId, values.kind);
    if (!existing) throw new Error('report vanished while it was requested');
    return { row: existing, created: false };
  },

  /** The job takes the report (queued, or generating when a delivery is repeated); undefined when gone or done. */
  async claim(db: Database, id: string): Promise<ReportRow | undefined> {
    const [row] = await db
      .update(reports)
      .set({ state: 'generating', progress: 0, updatedAt: new Date() })
      .where(and(eq(reports.id, id), inArray(reports.state, [...BUSY_STATES])))
      .returning();
    return row;
  },

  /** Stores a generating report's progress; false when it no longer generates. */
  async progress(db: Database, id: string, progress: number): Promise<boolean> {
    const rows = await db
      .update(reports)
      .set({ progress })
      .where(and(eq(reports.id, id), eq(reports.state, 'generating')))
      .returning({ id: reports.id });
    return rows.length > 0;
  },

  /** The generated text as a new current version; the report is up to date with `fingerprint`. */
  async finish(db: Database, report: ReportRow, values: { markdown: string; method: AiMethod; fingerprint: string }): Promise<boolean> {
    return db.transaction(async (tx) => {
      const now = new Date();
      const updated = await tx
        .update(reports)
        .set({ state: 'up_to_date', progress: null, error: null, method: values.method, transcriptFingerprint: values.fingerprint, generatedAt: now, updatedAt: now })
        .where(and(eq(reports.id, report.id), eq(reports.state, 'generating')))
        .returning({ id: reports.id });
      if (updated.length === 0) return false;
      const [version] = await tx
        .insert(reportVersions)
        .values({ reportId: report.id, origin: 'generated', method: values.method, authorId: report.requestedBy, markdown: values.markdown })
        .returning({ id: reportVersions.id });
      await tx.update(reports).set({ currentVersionId: version!.id }).where(eq(reports.id, report.id));
      return true;
    });
  },

  async fail(db: Database, id: string, error: AiFailure): Promise<boolean> {
    const rows = await db
      .update(reports)
      .set({ state: 'error', progress: null, error, updatedAt: new Date() })
      .where(and(eq(reports.id, id), inArray(reports.state, [...BUSY_STATES])))
      .returning({ id: reports.id });
    return rows.length > 0;
  },

  /**
   * A new current version written by a user (edited or restored), unless a job owns the report or,
   * with `baseVersionId`, the current version is no longer that one. Answers why it was refused.
   */
  async addVersion(
    db: Database,
    report: ReportRow,
    values: { origin: 'edited' | 'restored'; method: AiMethod; authorId: string; markdown: string; baseVersionId?: string | undefined },
  ): Promise<'saved' | 'busy' | 'stale'> {
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(reports).where(eq(reports.id, report.id)).for('update');
      if (!current) return 'stale';
      if ((BUSY_STATES as readonly string[]).includes(current.state)) return 'busy';
      if (values.baseVersionId !== undefined && current.currentVersionId !== values.baseVersionId) return 'stale';
      const [version] = await tx
        .insert(reportVersions)
        .values({ reportId: report.id, origin: values.origin, method: values.method, authorId: values.authorId, markdown: values.markdown })
        .returning({ id: reportVersions.id });
      await tx.update(reports).set({ currentVersionId: version!.id, updatedAt: new Date() }).where(eq(reports.id, report.id));
      return 'saved';
    });
  },

  async versions(db: Database, reportId: string): Promise<VersionWithAuthor[]> {
    const rows = await db
      .select({ version: reportVersions, firstname: users.firstname, lastname: users.lastname })
      .from(reportVersions)
      .leftJoin(users, eq(users.id, reportVersions.authorId))
      .where(eq(reportVersions.reportId, reportId))
      .orderBy(desc(reportVersions.createdAt), desc(sql`${reportVersions.id}`));
    return rows.map((r) => ({ ...r.version, authorName: r.firstname === null ? null : `${r.firstname} ${r.lastname ?? ''}`.trim() }));
  },

  async version(db: Database, reportId: string, versionId: string): Promise<VersionWithAuthor | undefined> {
    const rows = await db
      .select({ version: reportVersions, firstname: users.firstname, lastname: users.lastname })
      .from(reportVersions)
      .leftJoin(users, eq(users.id, reportVersions.authorId))
      .where(and(eq(reportVersions.reportId, reportId), eq(reportVersions.id, versionId)));
    return rows.map((r) => ({ ...r.version, authorName: r.firstname === null ? null : `${r.firstname} ${r.lastname ?? ''}`.trim() }))[0];
  },
};
