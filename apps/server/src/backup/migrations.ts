/**
 * Migration levels: an archive records the last migration applied to its database (the journal's
 * tag and time); a restore brings the target to that level, loads the rows, then migrates forward.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, type DatabaseHandle } from '../db/client.ts';
import { lastMigrationTime, type Runner } from './repo.ts';

export interface MigrationLevel {
  /** The migration's name in the journal ("0013_ai"). */
  tag: string;
  /** Its time in the journal: what the database records of it, and what levels are compared by. */
  when: number;
}

interface Journal {
  entries: Array<{ idx: number; tag: string; when: number; version: string; breakpoints: boolean }>;
}

function readJournal(folder = MIGRATIONS_DIR): Journal {
  return JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** The migrations this code knows, oldest first. */
export function knownLevels(): MigrationLevel[] {
  return readJournal().entries.map(({ tag, when }) => ({ tag, when }));
}

/** The level of a database: its last applied migration, or null before the first. */
export async function databaseLevel(db: Runner): Promise<MigrationLevel | null> {
  const when = await lastMigrationTime(db);
  if (when === null) return null;
  return knownLevels().find((level) => level.when === when) ?? { tag: `unknown-${when}`, when };
}

/** Applies the migrations up to `level` (included) and no further. */
export async function migrateTo(handle: DatabaseHandle, level: MigrationLevel): Promise<void> {
  const journal = readJournal();
  const upTo = journal.entries.findIndex((entry) => entry.when === level.when);
  if (upTo < 0) throw new Error(`unknown migration level ${level.tag}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-migrations-'));
  try {
    fs.mkdirSync(path.join(folder, 'meta'));
    const entries = journal.entries.slice(0, upTo + 1);
    fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await handle.migrate(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
