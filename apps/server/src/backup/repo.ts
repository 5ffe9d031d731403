/**
 * The backup's database access. What it reads of the database's own catalog: the application tables (those of the Drizzle
 * schema), their columns as the database has them at its migration level, their foreign keys (the
 * order rows are restored in) and their sequences.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';

/** Something that runs SQL: the database or a transaction of it. */
export type Runner = Pick<Database, 'execute'>;

export interface Column {
  name: string;
  /** The column's type as SQL spells it ("uuid", "timestamp with time zone", "text[]"…). */
  type: string;
  bytea: boolean;
}

export interface TableInfo {
  name: string;
  /** The columns written and read back (generated columns are computed again by the database). */
  columns: Column[];
}

/** The tables the Drizzle schema declares, by name. */
export const SCHEMA_TABLES: readonly string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

export async function rows<T>(db: Runner, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The application tables present in the database, parents before children (foreign keys). */
export async function applicationTables(db: Runner): Promise<TableInfo[]> {
  const present = await rows<{ name: string }>(db, sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
  const names = present.map((row) => row.name).filter((name) => SCHEMA_TABLES.includes(name));
  const columns = await rows<{ table: string; name: string; type: string }>(
    db,
    sql`SELECT c.relname AS "table", a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        ORDER BY c.relname, a.attnum`,
  );
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`SELECT c.relname AS child, p.relname AS parent
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const tables = new Map(names.map((name) => [name, { name, columns: [] as Column[] }]));
  for (const column of columns) tables.get(column.table)?.columns.push({ name: column.name, type: column.type, bytea: column.type === 'bytea' });
  return foreignKeyOrder([...tables.values()], references);
}

/** Parents before children; a table referencing itself is fine (its rows go in one statement per batch, checked at its end). */
export function foreignKeyOrder<T extends { name: string }>(tables: T[], references: ReadonlyArray<{ child: string; parent: string }>): T[] {
  const parents = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const { child, parent } of references) if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  const ordered: T[] = [];
  const placed = new Set<string>();
  let remaining = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (remaining.length > 0) {
    const ready = remaining.filter((table) => [...parents.get(table.name)!].every((parent) => placed.has(parent)));
    if (ready.length === 0) throw new Error(`foreign keys form a cycle between ${remaining.map((table) => table.name).join(', ')}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
    remaining = remaining.filter((table) => !placed.has(table.name));
  }
  return ordered;
}

const ident = (name: string) => sql.identifier(name);

/** One JSON text per row: bytea as base64, dates and times as ISO 8601 (PostgreSQL's JSON forms), numbers exact. */
export function exportQuery(table: TableInfo) {
  const list = sql.join(
    table.columns.map((column) => (column.bytea ? sql`translate(encode(${ident(column.name)}, 'base64'), E'\n', '') AS ${ident(column.name)}` : ident(column.name))),
    sql`, `,
  );
  return sql`SELECT row_to_json(r)::text AS line FROM (SELECT ${list} FROM ${ident(table.name)}) r`;
}

/** Inserts the rows of a JSON array (the lines of a batch) into the table. */
export function importQuery(table: TableInfo, json: string) {
  const names = sql.join(
    table.columns.map((column) => ident(column.name)),
    sql`, `,
  );
  const values = sql.join(
    table.columns.map((column) => (column.bytea ? sql`decode(r.${ident(column.name)}, 'base64')` : sql`r.${ident(column.name)}`)),
    sql`, `,
  );
  const definition = sql.join(
    table.columns.map((column) => sql`${ident(column.name)} ${sql.raw(column.bytea ? 'text' : column.type)}`),
    sql`, `,
  );
  return sql`INSERT INTO ${ident(table.name)} (${names}) OVERRIDING SYSTEM VALUE SELECT ${values} FROM json_to_recordset(${json}::json) AS r(${definition})`;
}

/** Sets every sequence of the table's columns after its largest value, so new rows get fresh numbers. */
export async function resetSequences(db: Runner, table: TableInfo): Promise<void> {
  for (const column of table.columns) {
    const [found] = await rows<{ sequence: string | null }>(db, sql`SELECT pg_get_serial_sequence(${`public.${quoteIdent(table.name)}`}, ${column.name}) AS sequence`);
    if (!found?.sequence) continue;
    await db.execute(sql`SELECT setval(${found.sequence}::regclass, coalesce(max(${ident(column.name)}), 1), max(${ident(column.name)}) IS NOT NULL) FROM ${ident(table.name)}`);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** How many rows the application tables hold in all. */
export async function countRows(db: Runner, tables: readonly TableInfo[]): Promise<number> {
  let total = 0;
  for (const table of tables) {
    const [row] = await rows<{ count: string | number }>(db, sql`SELECT count(*) AS count FROM ${ident(table.name)}`);
    total += Number(row?.count ?? 0);
  }
  return total;
}

/** Runs `use` in one REPEATABLE READ READ ONLY transaction: everything it reads comes from one snapshot. */
export function inSnapshot<T>(db: Database, use: (tx: Runner) => Promise<T>): Promise<T> {
  return db.transaction(use, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** Runs `use` in one transaction. */
export function inTransaction<T>(db: Database, use: (tx: Runner) => Promise<T>): Promise<T> {
  return db.transaction(use);
}

/** Reads a table's rows (JSON texts, see exportQuery) through a cursor, `batchSize` at a time; answers how many. */
export async function readTable(tx: Runner, table: TableInfo, batchSize: number, use: (lines: string[]) => Promise<void>): Promise<number> {
  let count = 0;
  await tx.execute(sql`DECLARE palabre_backup NO SCROLL CURSOR FOR ${exportQuery(table)}`);
  for (;;) {
    const batch = await rows<{ line: string }>(tx, sql.raw(`FETCH ${Math.trunc(batchSize)} FROM palabre_backup`));
    if (batch.length === 0) break;
    count += batch.length;
    await use(batch.map((row) => row.line));
  }
  await tx.execute(sql`CLOSE palabre_backup`);
  return count;
}

/** Inserts rows given as JSON texts (the lines of a table's ndjson). */
export async function insertRows(tx: Runner, table: TableInfo, lines: readonly string[]): Promise<void> {
  if (lines.length > 0) await tx.execute(importQuery(table, `[${lines.join(',')}]`));
}

/** Drops everything of the database: the application's tables and functions, its migration history, the job queue. */
export async function dropEverything(db: Runner): Promise<void> {
  for (const schema of ['public', 'drizzle', 'pgboss']) await db.execute(sql`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`);
  await db.execute(sql`CREATE SCHEMA public`);
}

/** The time of the last migration the database applied, or null before the first. */
export async function lastMigrationTime(db: Runner): Promise<number | null> {
  const [exists] = await rows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = 'drizzle' AND table_name = '__drizzle_migrations') AS found`,
  );
  if (!exists?.found) return null;
  const [last] = await rows<{ when: string | number }>(db, sql`SELECT created_at AS "when" FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`);
  return last ? Number(last.when) : null;
}

/** How many connections to this PostgreSQL database carry an application name (other processes at work). */
export async function connectionsNamed(db: Runner, application: string): Promise<number> {
  const [found] = await rows<{ count: string | number }>(
    db,
    sql`SELECT count(*) AS count FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${application}`,
  );
  return Number(found?.count ?? 0);
}
