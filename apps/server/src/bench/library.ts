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
import { listReadable, type ListOptions, type ListScope } from '../conversations/library/repo.ts';
import { list } from '../conversations/service.ts';
import { favorites, shared } from '../favorites/service.ts';
import { authorize } from '../organizations/service.ts';
import { organizationWideRight, policyUser } from '../policy.ts';
import { openDatabase, type Database, type DatabaseHandle, type DatabaseKind } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import type { Actor } from '../http/auth.ts';
import { librarySizes, PLANTED, seedLibrary, seededLibrary, WORDS_MAX, WORDS_MEDIAN, type SeededLibrary } from './library-seed.ts';
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
  /** PostgreSQL's shared_buffers (its cache of table pages), as the server reports it. */
  sharedBuffers?: string;
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
    await listReadable(recording.db, actor.user.id, scope, listOptions);
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
  keep = false,
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
      if (keep) log(`Kept the seeded library: measure it again with --seeded ${url.href.replace(/\/\/[^@/]*@/, '//')}`);
      else await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      stopCluster();
      removeDir();
    },
  };
}

/** Seeds and measures one database from scratch (`keep`: a PostgreSQL database is kept for `--seeded`). */
export async function benchLibraryOn(
  kind: DatabaseKind,
  options: { count: number; runs: number; databaseUrl?: string | undefined; explain?: boolean; batch?: number; keep?: boolean; log?: (line: string) => void },
): Promise<DatabaseResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.keep && (kind !== 'postgres' || !options.databaseUrl)) throw new Error('--keep needs PostgreSQL on DATABASE_URL (a throwaway cluster does not outlive the run)');
  const fresh = await freshDatabase(kind, options.databaseUrl, log, options.keep);
  try {
    const { handle } = fresh;
    log(`${LABEL[kind]}: seeding ${options.count} media…`);
    let lastReport = 0;
    const library = await seedLibrary(handle, {
      count: options.count,
      record: options.keep ?? false,
      ...(options.batch ? { batch: options.batch } : {}),
      progress: (done, elapsed) => {
        if (elapsed - lastReport > 15_000 || done === options.count) {
          lastReport = elapsed;
          log(`  ${done} media in ${seconds(elapsed)}`);
        }
      },
    });
    return await measureSeeded(handle, fresh.dataDir, library, options, log);
  } finally {
    await fresh.dispose();
  }
}

/** Measures the library a previous run kept (`--keep`) in the PostgreSQL database at `url`, brought to the current migrations. */
export async function benchSeededLibrary(url: string, options: { runs: number; explain?: boolean; log?: (line: string) => void }): Promise<DatabaseResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-bench-library-'));
  const handle = await openDatabase({ databaseUrl: url, dataDir });
  try {
    await handle.migrate();
    const library = await seededLibrary(handle);
    if (!library) throw new Error('This database holds no library seeded by `palabre bench library --keep`');
    // As autovacuum would have done by now after a migration.
    await handle.executeSql('VACUUM ANALYZE conversations');
    return await measureSeeded(handle, dataDir, library, options, log);
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureSeeded(
  handle: DatabaseHandle,
  dataDir: string,
  library: SeededLibrary,
  options: { runs: number; explain?: boolean | undefined },
  log: (line: string) => void,
): Promise<DatabaseResult> {
  const sizes = await librarySizes(handle);
  log(`  seeded in ${seconds(library.seedMs)} (${Math.round(library.rate)} media/s), ${library.words} words; database ${mib(sizes.database)}`);
  const ctx = createContext(loadConfig({ PALABRE_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), handle, silentLog);
  const cases = await measureLibrary(handle, ctx, library, { runs: options.runs, explain: options.explain ?? false, log });
  return {
    kind: handle.kind,
    count: library.count,
    words: library.words,
    seedMs: library.seedMs,
    rate: library.rate,
    sizes,
    cases,
    runs: options.runs,
    load: os.loadavg()[0]!,
    ...(handle.kind === 'postgres' ? { sharedBuffers: String((await handle.executeSql('SHOW shared_buffers')).rows[0]?.shared_buffers ?? '') } : {}),
  };
}

const LABEL: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const size = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GiB` : mib(bytes));
const ms = (value: number | undefined) => (value === undefined ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0));
const RESULTS_MARK = /<!-- library-results (.*?) -->/s;
const times = (ratio: number) => `${ratio < 10 ? ratio.toFixed(1) : ratio.toFixed(0)}×`;

type DatedResult = DatabaseResult & { date: string; machine: string };
/** A run's key: its database and library size ("postgres@1000000"). */
type RunKey = string;
const runKey = (result: Pick<DatabaseResult, 'kind' | 'count'>): RunKey => `${result.kind}@${result.count}`;
const countLabel = (count: number) =>
  count >= 1_000_000 && count % 1_000_000 === 0 ? `${count / 1_000_000}M` : count >= 1000 && count % 1000 === 0 ? `${count / 1000}k` : `${count}`;
const runLabel = (result: Pick<DatabaseResult, 'kind' | 'count'>) => `${LABEL[result.kind]} ${countLabel(result.count)}`;

/**
 * The figures already in docs/PERFORMANCE.md: the latest run of each database and size (a run on one
 * keeps the others'), and the baseline the latest ones are compared with: the figures before the
 * listing's rework (count to 1,000 past the page, ids then rows, search by parts), kept as they were.
 */
export interface LibraryResults {
  runs: Record<RunKey, DatedResult>;
  baseline?: { date: string; runs: Record<RunKey, CaseResult[]> };
}

export function previousResults(file: string): LibraryResults {
  if (!fs.existsSync(file)) return { runs: {} };
  const found = RESULTS_MARK.exec(fs.readFileSync(file, 'utf8'));
  try {
    const stored = found ? (JSON.parse(found[1]!.replace(/\\u002d/g, '-')) as LibraryResults | Partial<Record<DatabaseKind, DatedResult>>) : {};
    if ('runs' in stored && stored.runs) return stored as LibraryResults;
    // Figures written before runs were keyed by size: they become the baseline.
    const old = Object.values(stored as Partial<Record<DatabaseKind, DatedResult>>).filter((r): r is DatedResult => Boolean(r?.cases));
    if (old.length === 0) return { runs: {} };
    return { runs: {}, baseline: { date: old[0]!.date, runs: Object.fromEntries(old.map((r) => [runKey(r), r.cases])) } };
  } catch {
    return { runs: {} };
  }
}

/** The p95 goals at 100,000 media (ms). */
const GOAL_P95: Record<DatabaseKind, number> = { postgres: 50, pglite: 150 };

export function librarySection(results: LibraryResults): string {
  const order = (r: DatedResult) => (r.kind === 'pglite' ? 0 : 1) * 1e9 + r.count;
  const runs = Object.values(results.runs).sort((a, b) => order(a) - order(b));
  const names = [...new Set(runs.flatMap((r) => r.cases.map((c) => c.name)))];
  const caseOf = (run: DatedResult, name: string) => run.cases.find((c) => c.name === name);
  const before = (run: DatedResult, name: string) => results.baseline?.runs[runKey(run)]?.find((c) => c.name === name);
  const compared = runs.filter((run) => results.baseline?.runs[runKey(run)]);
  const first = runs[0]!;
  const rows = names.map((name) => [
    name,
    ...runs.flatMap((run) => {
      const now = caseOf(run, name);
      const then = before(run, name);
      return [
        now ? `${now.count.toLocaleString('en-US')}` : '–',
        ms(now?.medianMs),
        ms(now?.p95Ms),
        ...(compared.includes(run) ? [then ? `${ms(then.p95Ms)} (${now ? times(then.p95Ms / now.p95Ms) : '–'})` : '–'] : []),
      ];
    }),
  ]);
  const breakdown = names.map((name) => [name, ...runs.flatMap((run) => [ms(caseOf(run, name)?.countMs), ms(caseOf(run, name)?.pageMs)])]);
  const seedRows = runs.map((r) => {
    const gin = r.sizes.indexes.find((i) => i.name === 'conversations_search_idx');
    return [
      LABEL[r.kind],
      r.count.toLocaleString('en-US'),
      `${r.words.toLocaleString('en-US')} (${Math.round(r.words / r.count)} per media)`,
      `${(r.seedMs / 60_000).toFixed(1)} min`,
      `${Math.round(r.rate)}`,
      size(r.sizes.database),
      size(r.sizes.heapAndToast),
      gin ? size(gin.bytes) : '–',
      size(r.sizes.indexes.reduce((sum, i) => sum + i.bytes, 0)),
      r.sharedBuffers ?? (r.kind === 'postgres' ? '128MB' : '–'),
    ];
  });
  const goals = runs
    .filter((run) => run.count === 100_000)
    .map((run) => {
      const worst = run.cases.reduce((a, b) => (b.p95Ms > a.p95Ms ? b : a));
      const met = worst.p95Ms <= GOAL_P95[run.kind];
      return `- ${LABEL[run.kind]}, 100,000 media: every p95 at most ${GOAL_P95[run.kind]} ms: ${met ? 'met' : 'not met'} (the slowest: ${worst.name}, ${ms(worst.p95Ms)} ms).`;
    });
  const large = runs.filter((run) => run.count > 100_000);
  for (const run of large) {
    const worst = run.cases.reduce((a, b) => (b.p95Ms > a.p95Ms ? b : a));
    const over = run.cases.filter((c) => c.p95Ms > GOAL_P95[run.kind]);
    goals.push(
      `- ${LABEL[run.kind]}, ${run.count.toLocaleString('en-US')} media: ${over.length === 0 ? `every p95 within the same ${GOAL_P95[run.kind]} ms` : `${run.cases.length - over.length} of ${run.cases.length} listings within the same ${GOAL_P95[run.kind]} ms`} (the slowest: ${worst.name}, ${ms(worst.p95Ms)} ms).`,
    );
  }
  // Kept for the next run (JSON inside an HTML comment: no "--" in it).
  const stored = JSON.stringify(results).replace(/-/g, '\\u002d');
  return `## Media library: listing and search with ${[...new Set(runs.map((r) => r.count))].map((c) => c.toLocaleString('en-US')).join(' and ')} media

${runs.map((r) => `Measured ${r.date} on ${LABEL[r.kind]} by \`palabre bench library --count ${r.count} --database ${r.kind}\` on ${r.machine}.`).join('\n')}

One organization (an owner, a member, an outside user with a few shares) holds the media; 96 % are
transcribed, with transcripts in Transcript format v1 (words with times and confidence) whose length
is log-normal: median ${WORDS_MEDIAN} words (about 3 minutes of speech), capped at ${WORDS_MAX.toLocaleString('en-US')}; 55 % French,
45 % English, everyday vocabulary of each with Zipf frequencies; "${PLANTED.common.word}" planted in
${PLANTED.common.share * 100} %, "${PLANTED.uncommon.word}" in ${PLANTED.uncommon.share * 100} %, "${PLANTED.rare.word}" in ${PLANTED.rare.share * 100} % of the media. 35 % carry 1–3 of 15 tags,
1 % are the owner's favorites, 15 % give members less than the default right (some nothing), 1 %
carry a custom right of the member. Rows go in by batches of 500 through one INSERT … SELECT each
(two at once on PostgreSQL), so the database computes each full-text document (the generated
\`search\` and \`title_search\` columns) as in real use; then \`VACUUM ANALYZE\` (PGlite has no
autovacuum; the server refreshes its planner statistics with \`ANALYZE\` at start and every six
hours). PostgreSQL is a local PostgreSQL 15 cluster (fsync off) with its default memory settings
(128 MB of shared buffers) at 100,000 media; at 1,000,000 (17 GiB of rows) with shared buffers of a
quarter of the machine's memory, as for a dedicated server: with 128 MB, a search that reads
thousands of full-text documents to count them copies each page from the system's cache, and the
counts of the searches took 19–144 ms (median) instead of 2.5–21 ms. PGlite runs in the
benchmark's process. A library of 1,000,000 media is seeded
once with \`--keep\` (on DATABASE_URL's server) and measured with \`--seeded <url>\`. Other work shared
the machine (see the load averages): figures are indicative, within tens of percent.

Seed time is the wall time of the whole seeding, generating the transcripts included.

${markdownTable(['database', 'media', 'transcript words', 'seed time', 'media/s', 'database size', 'conversations table', 'search index', 'all indexes of conversations', 'shared buffers'], seedRows)}

Each listing is what the API runs for one page of 10 (the organization's media, the favorites or
what is shared: the viewer's level, the count, the page's ids then its rows, the page's tags and
favorites, and for a search where each listed media matched), timed ${new Set(runs.map((r) => r.runs)).size === 1 ? `${first.runs} times` : runs.map((r) => `${r.runs} times on ${runLabel(r)}`).join(', ')} after 3
warm-up runs, in milliseconds. "total" is the count the listing returns: it stops 1,000 past the
page (\`countExact: false\`, "more than 1,000 media" on screen).${compared.length > 0 ? ` "p95 before" is the same listing measured ${results.baseline!.date} (exact count, \`ts_rank\`), and how many times slower it was.` : ''}

${markdownTable(['listing', ...runs.flatMap((r) => [`${runLabel(r)} total`, `median`, `p95`, ...(compared.includes(r) ? ['p95 before'] : [])])], rows)}

Goals (p95 at most 50 ms on PostgreSQL and 150 ms on PGlite at 100,000 media; the same measured at 1,000,000 on PostgreSQL):

${goals.join('\n')}

The statements of each listing timed alone (medians, ms): the count, and the page (its ids, then its rows).

${markdownTable(['listing', ...runs.flatMap((r) => [`${runLabel(r)} count`, `page`])], breakdown)}

How the listing stays fast as the library grows (\`conversations/repo.ts\`, \`listReadable\`):

- **The count stops.** It counts at most 1,000 media past the page asked for (\`LIMIT\`), so its cost
  no longer grows with the library; beyond, the API answers \`countExact: false\` and the library says
  "more than N media", with a page past the last counted one. The count comes first: it also decides
  how the page is found.
- **Ids, then rows.** The page's ids are found reading only what the filters, the rights and the order
  need, then the ten rows are read by id: a deep page no longer carries thousands of wide rows. The
  order indexes (organization, last update / name / creation, id) also hold the parent, the owner and
  the members' right, so a page, however deep, is found by an index-only scan.
- **An administrator's right is known once.** The viewer's right on every media of an organization
  they administer comes from the policy (\`organizationWideRight\`) instead of a per-media \`CASE\` over
  joins, which the planner could not estimate (it then sorted the whole organization for a deep page).
- **Few matches are gathered, many are read in order.** When the count is exact (at most 1,000 past
  the page), every match is gathered (a materialized CTE: no \`LIMIT\` for the planner to walk an
  index with) and sorted; otherwise the matches are read in the listing's order up to the page. The
  planner's estimates of a prefix or a tag it knows little of no longer decide between a walk through
  the whole organization and a few index lookups.
- **Search by parts, not \`ts_rank\`.** A search lists the media found in their title first, then in
  their description, then in their transcript only, each part in the listing's sort. The title and
  description have their own small full-text document (\`title_search\`, migration 0017): the first
  two parts are gathered through its index, the third read in order. Ranking every match read the
  full-text document of each (52,000 for "budget").
- **Highlights in two statements.** Where each listed media matched is found for the whole page at
  once: the first matching turn of each transcript (a scan of the turns in order that stops there),
  then which words of those turns match.
- **The title filter** ("contains") goes through a trigram index of the folded title (\`pg_trgm\`,
  in PostgreSQL's contrib modules and in PGlite), and **a tag filter** is one \`EXISTS\` per tag.

<!-- library-results ${stored} -->`;
}

export async function benchLibrary(options: {
  count: number;
  databases: DatabaseKind[];
  write: boolean;
  runs: number;
  databaseUrl?: string | undefined;
  explain?: boolean;
  keep?: boolean;
  seeded?: string | undefined;
}): Promise<number> {
  const measured: DatedResult[] = [];
  const report = (result: DatabaseResult) => {
    measured.push({ ...result, date: today(), machine: machine() });
    console.log(`\n${runLabel(result)}:\n`);
    console.log(
      textTable(
        ['listing', 'total', 'median ms', 'p95 ms', 'count ms', 'page ms'],
        result.cases.map((c) => [c.name, c.count, ms(c.medianMs), ms(c.p95Ms), ms(c.countMs), ms(c.pageMs)]),
      ),
    );
  };
  if (options.seeded) report(await benchSeededLibrary(options.seeded, options));
  else for (const kind of options.databases) report(await benchLibraryOn(kind, options));
  // Read only now: a run on another database may have finished meanwhile.
  if (options.write) {
    const previous = previousResults(PERFORMANCE_FILE);
    writeSection('library', librarySection({ ...previous, runs: { ...previous.runs, ...Object.fromEntries(measured.map((r) => [runKey(r), r])) } }));
  }
  return 0;
}
