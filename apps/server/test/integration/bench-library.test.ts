/**
 * `palabre bench library` on a small library (the figures of docs/PERFORMANCE.md come from 100,000
 * media; here only that seeding and measuring still work, on the database under test). No timing is
 * asserted. Also: palabre_fold (migration 0005) gives the same result as the one of 0002.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryCases, librarySection, measureLibrary, type CaseResult } from '../../src/bench/library.ts';
import { librarySizes, PLANTED, seedLibrary, transcriptJson, generator, type SeededLibrary } from '../../src/bench/library-seed.ts';
import { MIGRATIONS_DIR } from '../../src/db/client.ts';
import { checkTranscript } from '@palabre/shared';
import { startTestServer, type TestServer } from '../harness/server.ts';

let server: TestServer;
let library: SeededLibrary;
let results: CaseResult[];
const COUNT = 300;

beforeAll(async () => {
  server = await startTestServer();
  library = await seedLibrary(server.running.db, { count: COUNT, batch: 120 });
  results = await measureLibrary(server.running.db, server.ctx, library, { runs: 2, warmup: 1 });
}, 180_000);
afterAll(() => server?.close());

describe('bench library', () => {
  it('generates valid transcripts of varied length', () => {
    const random = generator(7);
    const lengths: number[] = [];
    for (let i = 0; i < 50; i++) {
      const { json, words, duration } = transcriptJson(random, i % 2 ? 'en' : 'fr', i === 0 ? [PLANTED.rare.word] : []);
      const transcript = JSON.parse(json);
      expect(checkTranscript(transcript, { duration })).toEqual({ ok: true });
      expect(transcript.text.reduce((n: number, turn: { words: unknown[] }) => n + turn.words.length, 0)).toBe(words);
      if (i === 0) expect(json).toContain(PLANTED.rare.word);
      lengths.push(words);
    }
    expect(Math.min(...lengths)).toBeLessThan(400);
    expect(Math.max(...lengths)).toBeGreaterThan(400);
  });

  it('seeds the library and measures every listing through the real code', async () => {
    const counts = (
      await server.running.db.executeSql(
        `SELECT (SELECT count(*)::int FROM conversations WHERE organization_id = $1) AS media,
              (SELECT count(*)::int FROM conversations WHERE organization_id = $1 AND search @@ to_tsquery('simple', $2)) AS common`,
        [library.organizationId, PLANTED.common.word],
      )
    ).rows[0] as { media: number; common: number };
    expect(counts.media).toBe(COUNT);
    expect(counts.common).toBeGreaterThan(COUNT * 0.2);
    expect(library.words).toBeGreaterThan(COUNT * 200);

    expect(results.map((r) => r.name)).toEqual(libraryCases(library).map((c) => c.name));
    const byName = new Map(results.map((r) => [r.name, r]));
    expect(byName.get('list, newest first (owner)')!.count).toBe(COUNT);
    const member = byName.get('list, newest first (member: rights filtered)')!.count;
    expect(member).toBeGreaterThan(0);
    expect(member).toBeLessThan(COUNT);
    expect(byName.get(`search common word "${PLANTED.common.word}"`)!.count).toBe(counts.common);
    for (const r of results) {
      expect(r.medianMs).toBeGreaterThan(0);
      expect(r.p95Ms).toBeGreaterThanOrEqual(r.medianMs);
    }

    const sizes = await librarySizes(server.running.db);
    expect(sizes.database).toBeGreaterThan(sizes.conversations);
    expect(sizes.indexes.map((i) => i.name)).toContain('conversations_search_idx');

    const section = librarySection({
      runs: {
        [`${server.dbKind}@${COUNT}`]: {
          kind: server.dbKind,
          count: COUNT,
          words: library.words,
          seedMs: library.seedMs,
          rate: library.rate,
          sizes,
          cases: results,
          runs: 2,
          load: 0,
          date: '2026-01-01',
          machine: 'test',
        },
      },
    });
    expect(section).toContain('| list by name (owner) |');
    expect(section).not.toMatch(/<!-- library-results [^>]*--[^>]/);
  });

  it('folds text as the palabre_fold of migration 0002 did', async () => {
    const original = fs.readFileSync(path.join(MIGRATIONS_DIR, '0002_search_functions.sql'), 'utf8').split('--> statement-breakpoint')[0]!;
    await server.running.db.executeSql(original.replace('FUNCTION palabre_fold(', 'FUNCTION palabre_fold_0002('));
    const differences = await server.running.db.executeSql(
      `SELECT to_hex(cp) AS code FROM generate_series(1, 12287) AS cp
       WHERE cp NOT BETWEEN 55296 AND 57343
         AND (palabre_fold(chr(cp)) IS DISTINCT FROM palabre_fold_0002(chr(cp))
           OR palabre_fold('Été ' || chr(cp)) IS DISTINCT FROM palabre_fold_0002('Été ' || chr(cp)))`,
    );
    expect(differences.rows).toEqual([]);
    const samples = ['Réunion d’équipe', 'ŒUVRE Straße Łódź', 'plain ASCII Text', 'İstanbul', 'Ἀθῆναι', 'e\u0301te\u0301'];
    for (const text of samples) {
      const { rows } = await server.running.db.executeSql('SELECT palabre_fold($1) AS a, palabre_fold_0002($1) AS b', [text]);
      expect(rows[0].a).toBe(rows[0].b);
    }
  });
});
