/**
 * `palabre bench library`: listing and search latency of a large media library. Seeds one
 * organization with N media (library-seed.ts) in a fresh database (PGlite in a temporary folder;
 * PostgreSQL: a temporary database on DATABASE_URL's server, else a throwaway local cluster), then
 * times the listing the API serves (`listScope`: conversationsRepo.listReadable with the rights in
 * SQL, the tags and favorites of the page, and for a search the highlight of each listed media),
 * plus each of its two SQL statements alone (the total for the pagination, and the page).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { loadConfig } from '../config.ts';
import { createContext, type AppContext } from '../context.ts';
import { conversationsRepo, type ListOptions, type ListScope } from '../conversations/repo.ts';
import { list } from '../conversations/service.ts';
import { favorites, shared } from '../favorites/service.ts';
import { authorize } from '../organizations/service.ts';
import { organizationWideRight, policyUser } from '../policy.ts';
import { openDatabase, type Database, type DatabaseHandle, type DatabaseKind } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import type { Actor } from '../http/auth.ts';
import { librarySizes, PLANTED, seedLibrary, WORDS_MAX, WORDS_MEDIAN, type SeededLibrary } from './library-seed.ts';
import { machine, markdownTable, median, mib, PERFORMANCE_FILE, seconds, textTable, today, writeSection } from './report.ts';

type Viewer = 'owner' | 'member' | 'external';

export interface LibraryCase {
  name: string;
  viewer: Viewer;
  scope: 'organization' | 'favorites' | 'shared';
  options: Partial<ListOptions>;
}

/** What is measured: the listings and searches of the media library, as the client asks for them. */
export function libraryCases(library: Pick<SeededLibrary, 'filterTagId'>): LibraryCase[] {
  return [
    { name: 'list, newest first (owner)', viewer: 'owner', scope: 'organization', options: {} },
    { name: 'list, newest first (member: rights filtered)', viewer: 'member', scope: 'organization', options: {} },
    { name: 'list, page 500 (owner)', viewer: 'owner', scope: 'organization', options: { page: 500 } },
    { name: 'list by name (owner)', viewer: 'owner', scope: 'organization', options: { sortField: 'name', descending: false } },
    { name: 'title filter "interview"', viewer: 'owner', scope: 'organization', options: { name: 'interview' } },
    { name: `search common word "${PLANTED.common.word}"`, viewer: 'owner', scope: 'organization', options: { text: PLANTED.common.word } },
    { name: `search rare word "${PLANTED.rare.word}"`, viewer: 'owner', scope: 'organization', options: { text: PLANTED.rare.word } },
    { name: 'search prefix "proj"', viewer: 'owner', scope: 'organization', options: { text: 'proj' } },
    { name: `search two words "${PLANTED.common.word} réunion"`, viewer: 'owner', scope: 'organization', options: { text: `${PLANTED.common.word} réunion` } },
    { name: `search "${PLANTED.uncommon.word}" (member)`, viewer: 'member', scope: 'organization', options: { text: PLANTED.uncommon.word } },
    { name: 'tag filter (one tag on ~5 %)', viewer: 'owner', scope: 'organization', options: { tags: [library.filterTagId] } },
    { name: 'without tags', viewer: 'owner', scope: 'organization', options: { noTags: true } },
    { name: 'favorites (owner)', viewer: 'owner', scope: 'favorites', options: {} },
    { name: 'shared with me (outside user)', viewer: 'external', scope: 'shared', options: {} },
  ];
}

export interface CaseResult {
  name: string;
  /** The pagination total the listing returned. */
  count: number;
  medianMs: number;
  p95Ms: number;
  /** The total's statement alone, and the page's statement alone (medians). */
  countMs: number;
  pageMs: number;
}

export interface DatabaseResult {
  kind: DatabaseKind;
  count: number;
  words: number;
  seedMs: number;
  rate: number;
  sizes: Awaited<ReturnType<typeof librarySizes>>;
  cases: CaseResult[];
  runs: number;
  load: number;
}

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
};

/** A second drizzle over the same connection that records the SQL statements it sends. */
async function recordingDb(handle: DatabaseHandle): Promise<{ db: Database; statements: Array<{ text: string; params: unknown[] }> }> {
  const statements: Array<{ text: string; params: unknown[] }> = [];
  const logger = { logQuery: (text: string, params: unknown[]) => statements.push({ text, params }) };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- either driver's query result type
  let db: PgDatabase<any, typeof schema>;
  if (handle.kind === 'pglite') {
    const { drizzle } = await import('drizzle-orm/pglite');
    db = drizzle(client as never, { schema, logger });
  } else {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    db = drizzle(client as never, { schema, logger });
  }
  return { db: db as unknown as Database, statements };
}

async function timed(fn: () => Promise<unknown>, warmup: number, runs: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times;
}

/** Times every case on a seeded library; `explain` prints the plans (EXPLAIN ANALYZE) of both statements of each. */
export async function measureLibrary(
  handle: DatabaseHandle,
  ctx: AppContext,
  library: SeededLibrary,
  options: { runs: number; warmup?: number; explain?: boolean; only?: string | undefined; log?: (line: string) => void },
): Promise<CaseResult[]> {
  const log = options.log ?? (() => {});
  const warmup = options.warmup ?? 3;
  const actors = new Map<Viewer, Actor>();
  for (const [viewer, id] of [
    ['owner', library.ownerId],
    ['member', library.memberId],
    ['external', library.externalId],
  ] as const) {
    const [user] = await handle.db.select().from(schema.users).where(eq(schema.users.id, id));
    actors.set(viewer, { user: user!, sessionId: crypto.randomUUID() });
  }
  const recording = await recordingDb(handle);
  const results: CaseResult[] = [];
  for (const c of libraryCases(library).filter((c) => !options.only || c.name.includes(options.only))) {
    const actor = actors.get(c.viewer)!;
    const scope: ListScope =
      c.scope === 'organization' ? { kind: 'organization', organizationId: library.organizationId } : { kind: c.scope, organizationId: library.organizationId };
    const listOptions: ListOptions = { page: 0, size: 10, sortField: 'last_update', descending: true, ...c.options };
    // What the API runs for the listing: the organization's media, the favorites, or what is shared.
    const serve = c.scope === 'organization' ? list : c.scope === 'favorites' ? favorites : shared;
    let count = 0;
    const times = await timed(
      async () => {
        count = (await serve(ctx, actor, library.organizationId, listOptions)).count;
      },
      warmup,
      options.runs,
    );
    // The statements of the listing itself, recorded, then timed alone.
    if (scope.kind === 'organization') scope.wideRight = organizationWideRight(policyUser(actor), (await authorize(ctx, actor, scope.organizationId, 'read')).level);
    recording.statements.length = 0;
    await conversationsRepo.listReadable(recording.db, actor.user.id, scope, listOptions);
    const isCount = (statement: { text: string }) => statement.text.includes('count(');
    const countStatements = recording.statements.filter(isCount);
    // The page: its ids, then the rows of those ids.
    const pageStatements = recording.statements.filter((statement) => !isCount(statement));
    const alone = async (statements: Array<{ text: string; params: unknown[] }>) =>
      median(
        await timed(
          async () => {
            for (const statement of statements) await handle.executeSql(statement.text, statement.params);
          },
          1,
          Math.max(5, Math.round(options.runs / 3)),
        ),
      );
    const countMs = await alone(countStatements);
    const pageMs = await alone(pageStatements);
    const result = { name: c.name, count, medianMs: median(times), p95Ms: percentile(times, 0.95), countMs, pageMs };
    results.push(result);
    log(`  ${c.name}: ${result.medianMs.toFixed(1)} ms median, ${result.p95Ms.toFixed(1)} ms p95 (total ${count}; count ${countMs.toFixed(1)} ms, page ${pageMs.toFixed(1)} ms)`);
    if (options.explain) {
      for (const statement of recording.statements) {
        const plan = await handle.executeSql(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
        log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
      }
    }
  }
  return results;
}

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** A fresh database of `kind`, migrated, with what to do to get rid of it. */
async function freshDatabase(
  kind: DatabaseKind,
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<{ handle: DatabaseHandle; dataDir: string; dispose(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-bench-library-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    return {
      handle,
      dataDir,
      async dispose() {
        await handle.close();
        removeDir();
      },
    };
  }
  let stopCluster = () => {};
  let adminUrl = databaseUrl;
  if (!adminUrl) {
    // Test tooling shipped with the sources: initdb + pg_ctl from /usr/lib/postgresql/<version>/bin (or PG_BIN_DIR).
    const { startPostgres } = await import('../../test/harness/postgres.ts');
    log('Starting a throwaway PostgreSQL cluster…');
    const cluster = await startPostgres();
    adminUrl = cluster.adminUrl;
    stopCluster = () => cluster.stop();
  }
  const { default: pg } = await import('pg');
  const name = `palabre_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`CREATE DATABASE ${name}`);
  } catch (error) {
    stopCluster();
    removeDir();
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.href, dataDir });
  await handle.migrate();
  return {
    handle,
    dataDir,
    async dispose() {
      await handle.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      stopCluster();
      removeDir();
    },
  };
}

/** Seeds and measures one database from scratch. */
export async function benchLibraryOn(
  kind: DatabaseKind,
  options: { count: number; runs: number; databaseUrl?: string | undefined; explain?: boolean; batch?: number; log?: (line: string) => void },
): Promise<DatabaseResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const fresh = await freshDatabase(kind, options.databaseUrl, log);
  try {
    const { handle } = fresh;
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    log(`${label}: seeding ${options.count} media…`);
    let lastReport = 0;
    const library = await seedLibrary(handle, {
      count: options.count,
      ...(options.batch ? { batch: options.batch } : {}),
      progress: (done, elapsed) => {
        if (elapsed - lastReport > 15_000 || done === options.count) {
          lastReport = elapsed;
          log(`  ${done} media in ${seconds(elapsed)}`);
        }
      },
    });
    const sizes = await librarySizes(handle);
    log(`  seeded in ${seconds(library.seedMs)} (${Math.round(library.rate)} media/s while inserting), ${library.words} words; database ${mib(sizes.database)}`);
    const config = loadConfig({ PALABRE_DATA_DIR: fresh.dataDir, LOG_LEVEL: 'silent' });
    const ctx = createContext(config, handle, silentLog);
    const cases = await measureLibrary(handle, ctx, library, { runs: options.runs, explain: options.explain ?? false, log });
    return { kind, count: library.count, words: library.words, seedMs: library.seedMs, rate: library.rate, sizes, cases, runs: options.runs, load: os.loadavg()[0]! };
  } finally {
    await fresh.dispose();
  }
}

const LABEL: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const size = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GiB` : mib(bytes));
const ms = (value: number | undefined) => (value === undefined ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0));
const RESULTS_MARK = /<!-- library-results (.*?) -->/s;

/** The figures of the databases already in docs/PERFORMANCE.md (a run on one database keeps the other's). */
function previousResults(file: string): Partial<Record<DatabaseKind, DatabaseResult & { date: string; machine: string }>> {
  if (!fs.existsSync(file)) return {};
  const found = RESULTS_MARK.exec(fs.readFileSync(file, 'utf8'));
  try {
    return found ? JSON.parse(found[1]!.replace(/\\u002d/g, '-')) : {};
  } catch {
    return {};
  }
}

export function librarySection(results: Partial<Record<DatabaseKind, DatabaseResult & { date: string; machine: string }>>): string {
  const kinds = (['pglite', 'postgres'] as const).filter((k) => results[k]);
  const names = [...new Set(kinds.flatMap((k) => results[k]!.cases.map((c) => c.name)))];
  const caseOf = (kind: DatabaseKind, name: string) => results[kind]?.cases.find((c) => c.name === name);
  const first = results[kinds[0]!]!;
  const rows = names.map((name) => [
    name,
    (caseOf(kinds[0]!, name)?.count ?? 0).toLocaleString('en-US'),
    ...kinds.flatMap((k) => [ms(caseOf(k, name)?.medianMs), ms(caseOf(k, name)?.p95Ms)]),
  ]);
  const breakdown = names.map((name) => [name, ...kinds.flatMap((k) => [ms(caseOf(k, name)?.countMs), ms(caseOf(k, name)?.pageMs)])]);
  const seedRows = kinds.map((k) => {
    const r = results[k]!;
    const gin = r.sizes.indexes.find((i) => i.name === 'conversations_search_idx');
    return [
      LABEL[k],
      r.count.toLocaleString('en-US'),
      `${r.words.toLocaleString('en-US')} (${Math.round(r.words / r.count)} per media)`,
      `${(r.seedMs / 60_000).toFixed(1)} min`,
      `${Math.round(r.rate)}`,
      size(r.sizes.database),
      size(r.sizes.heapAndToast),
      gin ? size(gin.bytes) : '–',
      size(r.sizes.indexes.reduce((s, i) => s + i.bytes, 0)),
    ];
  });
  // Kept for the next run on one database only (JSON inside an HTML comment: no "--" in it).
  const stored = JSON.stringify(results).replace(/-/g, '\\u002d');
  return `## Media library: listing and search with ${first.count.toLocaleString('en-US')} media

${kinds.map((k) => `Measured ${results[k]!.date} on ${LABEL[k]} by \`palabre bench library --count ${results[k]!.count} --database ${k}\` on ${results[k]!.machine}.`).join('\n')}

One organization (an owner, a member, an outside user with a few shares) holds the media; 96 % are
transcribed, with transcripts in Transcript format v1 (words with times and confidence) whose length
is log-normal: median ${WORDS_MEDIAN} words (about 3 minutes of speech), capped at ${WORDS_MAX.toLocaleString('en-US')}; 55 % French,
45 % English, everyday vocabulary of each with Zipf frequencies; "${PLANTED.common.word}" planted in
${PLANTED.common.share * 100} %, "${PLANTED.uncommon.word}" in ${PLANTED.uncommon.share * 100} %, "${PLANTED.rare.word}" in ${PLANTED.rare.share * 100} % of the media. 35 % carry 1–3 of 15 tags,
1 % are the owner's favorites, 15 % give members less than the default right (some nothing), 1 %
carry a custom right of the member. Rows go in by batches of 500 through one INSERT … SELECT each,
so the database computes each full-text document (the generated \`search\` column) as in real use;
then \`VACUUM ANALYZE\` (PGlite has no autovacuum; the server refreshes its planner statistics with
\`ANALYZE\` at start and every six hours, but does not vacuum it). PostgreSQL is a local PostgreSQL 15 cluster with default memory settings (128 MB
shared buffers, fsync off); PGlite runs in the benchmark's process. Other work shared the machine
(see the load averages): figures are indicative, within tens of percent.

Seed time is the wall time of the whole seeding, generating the transcripts included.

${markdownTable(['database', 'media', 'transcript words', 'seed time', 'media/s inserting', 'database size', 'conversations table', 'search index', 'all indexes of conversations'], seedRows)}

Each listing is what the API runs for one page of 10 (\`listScope\`: the rights of the viewer in SQL,
the total for the pagination, the page, then the page's tags and favorites, and for a search the
highlight of each listed media), timed ${new Set(kinds.map((k) => results[k]!.runs)).size === 1 ? `${first.runs} times` : kinds.map((k) => `${results[k]!.runs} times on ${LABEL[k]}`).join(' and ')} after 3
warm-up runs, in milliseconds:

${markdownTable(['listing', 'total', ...kinds.flatMap((k) => [`${LABEL[k]} median`, `${LABEL[k]} p95`])], rows)}

The two SQL statements of each listing timed alone (medians, ms): the total (\`count(*)\`) and the page.

${markdownTable(['listing', ...kinds.flatMap((k) => [`${LABEL[k]} total`, `${LABEL[k]} page`])], breakdown)}

What serves them: \`conversations_organization_idx\` (organization, last update) reads the default
listing and its deep pages in order; \`conversations_organization_name_idx\` and
\`conversations_organization_created_idx\` (migration 0005) do the same for the other sorts instead of
sorting the whole organization; the GIN index \`conversations_search_idx\` finds the media of a search;
the title filter compares the stored folded title \`name_folded\` (migration 0005) instead of folding
every title; tags, favorites and shares go through the keys of their tables. The total for the
pagination still counts every readable media of the listing (the rights are decided per media), but
reads \`conversations_organization_rights_idx\` (migration 0005: the columns the right depends on)
instead of the wide rows, an index-only scan where the visibility map is current (autovacuum on
PostgreSQL; on PGlite, after a \`VACUUM\`). Indexing a transcript folds its text (\`palabre_fold\`,
made several times faster by migration 0005 with the same results). A search ranks every match (\`ts_rank\` reads each matching media's
full-text document), so a word found in 40 % of the library costs more than a rare one. A list
carries no transcripts: the page reads them only for a search, to find each result's highlight (a
look at the turns that match, then at their words).

<!-- library-results ${stored} -->`;
}

export async function benchLibrary(options: {
  count: number;
  databases: DatabaseKind[];
  write: boolean;
  runs: number;
  databaseUrl?: string | undefined;
  explain?: boolean;
}): Promise<number> {
  const results: Partial<Record<DatabaseKind, DatabaseResult & { date: string; machine: string }>> = {};
  for (const kind of options.databases) {
    const result = await benchLibraryOn(kind, options);
    results[kind] = { ...result, date: today(), machine: machine() };
    console.log(`\n${LABEL[kind]}, ${result.count} media:\n`);
    console.log(
      textTable(
        ['listing', 'total', 'median ms', 'p95 ms', 'count ms', 'page ms'],
        result.cases.map((c) => [c.name, c.count, ms(c.medianMs), ms(c.p95Ms), ms(c.countMs), ms(c.pageMs)]),
      ),
    );
  }
  // Read only now: a run on the other database may have finished meanwhile.
  if (options.write) writeSection('library', librarySection({ ...previousResults(PERFORMANCE_FILE), ...results }));
  return 0;
}
