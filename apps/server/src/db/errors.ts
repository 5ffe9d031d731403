/** Recognising database errors that the services turn into answers for people. */

/** PostgreSQL's SQLSTATE for a write that would break a unique index or constraint. */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether a write failed on a unique index, e.g. two requests racing for one email or name. The code
 * is on the error itself with node-postgres and PGlite, and on its `cause` when Drizzle wraps it.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null | undefined;
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}
