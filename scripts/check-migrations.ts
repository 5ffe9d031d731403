/**
 * Fails when the Drizzle schema and the committed migrations disagree.
 *
 * drizzle-kit generates into a temporary copy of the migrations folder; if it writes anything there,
 * the schema has changes that no committed migration carries. The real folder is never written to
 * (and is restored should anything touch it). Also checks that the journal and the SQL files match.
 *
 * Usage: node scripts/check-migrations.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configPath = path.join(root, 'apps/server/drizzle.config.ts');
const GENERATE_TIMEOUT_MS = 180_000;

interface DrizzleConfig {
  schema: string | string[];
  out?: string;
  [option: string]: unknown;
}

class CheckFailed extends Error {}

function fail(lines: string[]): never {
  throw new CheckFailed(lines.filter((line) => line !== '').join('\n'));
}

/** Every file under dir, as relative path → content. */
function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), fs.readFileSync(file));
  }
  return files;
}

/** Puts dir back exactly as `before`: removes new files, rewrites changed or deleted ones. */
function restoreTree(dir: string, before: Map<string, Buffer>): string[] {
  const touched: string[] = [];
  for (const [file, content] of readTree(dir)) {
    const original = before.get(file);
    if (!original) {
      fs.rmSync(path.join(dir, file));
      touched.push(file);
    } else if (!original.equals(content)) {
      fs.writeFileSync(path.join(dir, file), original);
      touched.push(file);
    }
  }
  for (const [file, content] of before) {
    const target = path.join(dir, file);
    if (!fs.existsSync(target)) {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, content);
      touched.push(file);
    }
  }
  return touched;
}

/** Each journal entry has its SQL file and each SQL file is in the journal. */
function checkJournal(out: string): string[] {
  const journalFile = path.join(out, 'meta/_journal.json');
  const sqlFiles = fs.existsSync(out) ? fs.readdirSync(out).filter((f) => f.endsWith('.sql')) : [];
  if (!fs.existsSync(journalFile)) {
    return sqlFiles.length > 0 ? [`${path.relative(root, journalFile)} is missing`] : [];
  }
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries?: { tag: string }[] };
  const tags = new Set((journal.entries ?? []).map((e) => e.tag));
  const problems: string[] = [];
  for (const tag of tags) {
    if (!sqlFiles.includes(`${tag}.sql`)) problems.push(`journal entry ${tag} has no ${tag}.sql`);
  }
  for (const file of sqlFiles) {
    if (!tags.has(file.slice(0, -'.sql'.length))) problems.push(`${file} is not in meta/_journal.json`);
  }
  return problems;
}

async function main(): Promise<void> {
  const { default: config } = (await import(pathToFileURL(configPath).href)) as { default: DrizzleConfig };
  const out = path.resolve(root, config.out ?? 'drizzle');
  const schema = Array.isArray(config.schema) ? config.schema.map((s) => path.resolve(root, s)) : path.resolve(root, config.schema);

  const journalProblems = checkJournal(out);
  if (journalProblems.length > 0) {
    fail([...journalProblems.map((p) => `  ${p}`), `The migrations folder ${path.relative(root, out)} is inconsistent.`]);
  }

  const committed = readTree(out);
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-check-migrations-'));
  try {
    const tempOut = path.join(temp, 'drizzle');
    fs.cpSync(out, tempOut, { recursive: true });
    const tempConfig = path.join(temp, 'drizzle.config.ts');
    // drizzle-kit reads paths relative to its working directory (it prefixes "./"), so pass them so.
    const relative = (file: string) => path.relative(root, file);
    const tempSettings = { ...config, schema: Array.isArray(schema) ? schema.map(relative) : relative(schema), out: relative(tempOut) };
    fs.writeFileSync(tempConfig, `export default ${JSON.stringify(tempSettings, null, 2)};\n`);

    const require = createRequire(path.join(root, 'package.json'));
    // The package's main file sits beside its CLI (bin.cjs), which its exports do not expose.
    const kitBin = path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs');
    // No stdin: if drizzle-kit wants to ask (e.g. "renamed or created?"), it must not wait forever.
    const run = spawnSync(process.execPath, [kitBin, 'generate', '--config', tempConfig], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: GENERATE_TIMEOUT_MS,
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();

    const touched = restoreTree(out, committed);
    if (touched.length > 0) {
      console.error(`check-migrations: drizzle-kit touched ${path.relative(root, out)}; restored: ${touched.join(', ')}`);
    }

    if (run.error || run.status !== 0) {
      fail([
        output,
        run.error ? `drizzle-kit could not run: ${run.error.message}` : `drizzle-kit exited with ${run.status ?? run.signal}`,
        'If drizzle-kit needs answers (a renamed column or table), run `npm run db:generate` in a terminal and commit the result.',
      ]);
    }

    const generated = [...readTree(tempOut)].filter(([file, content]) => !committed.get(file)?.equals(content));
    if (generated.length > 0) {
      const sql = generated.filter(([file]) => file.endsWith('.sql')).map(([file, content]) => `--- ${file}\n${content.toString('utf8').trim()}`);
      fail([
        'The Drizzle schema (apps/server/src/db/schema.ts) has changes that no committed migration carries.',
        `drizzle-kit would write: ${generated.map(([file]) => file).join(', ')}`,
        ...sql,
        'Run `npm run db:generate` and commit the new files in apps/server/drizzle.',
      ]);
    }
    if (!/No schema changes/i.test(output)) {
      // Nothing was written, yet drizzle-kit did not say it was in sync: do not guess.
      fail([
        output,
        'drizzle-kit did not report "No schema changes", so the schema and the migrations may disagree.',
        'If it needs answers (a renamed column or table), run `npm run db:generate` in a terminal and commit the result.',
      ]);
    }
    console.log(`check-migrations: schema and migrations agree (${[...committed.keys()].filter((f) => f.endsWith('.sql')).length} migrations)`);
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof CheckFailed)) throw error;
  console.error(`check-migrations: FAILED\n${error.message}`);
  process.exitCode = 1;
}
