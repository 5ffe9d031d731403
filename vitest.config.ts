/**
 * Test projects:
 *  - unit: pure functions of packages/shared, the server and the web client (no database, no network);
 *  - engines: the media and speech adapters against the real ffmpeg, PocketSphinx and whisper.cpp;
 *  - integration: the real server over HTTP on loopback, against PGlite or PostgreSQL
 *    (PALABRE_TEST_DB=pglite|postgres; see apps/server/test/harness);
 *  - integration-postgres: the same files always on PostgreSQL (`npm run test:integration` runs both
 *    projects at once), but those that open no database (harness/database-free.ts);
 *  - cluster: several real nodes (`bin/palabre serve --role …` processes) on one throwaway
 *    PostgreSQL, killed and restarted (see apps/server/test/cluster/harness.ts).
 */
import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { DATABASE_FREE_FILES } from './apps/server/test/harness/database-free.ts';

const integration = {
  environment: 'node',
  include: ['apps/server/test/integration/**/*.test.ts'],
  globalSetup: ['apps/server/test/harness/global-setup.ts'],
  setupFiles: ['apps/server/test/harness/response-check.ts'],
  // Servers, PGlite and argon2 make these slower than unit tests; no test asserts timings.
  testTimeout: 60_000,
  hookTimeout: 120_000,
  teardownTimeout: 30_000,
} as const;

/**
 * Files whose bots join a call in Chromium and stream its audio in real time: their PGlite and
 * PostgreSQL runs at once (four browsers, two live decoders) starve each other's audio on two cores.
 * The PostgreSQL pass runs them afterwards, on their own (`npm run test:integration`).
 */
const REAL_TIME_FILES = ['apps/server/test/integration/bots.test.ts'];

export default defineConfig({
  test: {
    // Integration files spend most of their time waiting on HTTP and the database: run several at
    // once even on a two-core machine.
    maxWorkers: Math.max(4, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/shared/test/**/*.test.ts', 'apps/server/test/unit/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/*.test.js'],
          // Some pure tests build whole transcripts (problems, mapping): seconds of CPU on a busy
          // two-core machine. The limit catches a hang, not a slow machine; no test asserts timings.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'engines',
          environment: 'node',
          include: ['packages/engines/test/**/*.test.ts'],
          // Real ffmpeg, PocketSphinx and whisper.cpp runs: slow on a loaded two-core machine; no test asserts timings.
          testTimeout: 60_000,
        },
      },
      { test: { name: 'integration', ...integration } },
      // The same files on PostgreSQL, run together with the PGlite pass by `npm run test:integration`
      // (one run: no idle workers while the slowest file of the first pass ends). Files that open no
      // database are the same on both: they run once.
      { test: { name: 'integration-postgres', ...integration, exclude: [...DATABASE_FREE_FILES, ...REAL_TIME_FILES] } },
      {
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['apps/server/test/cluster/**/*.test.ts'],
          globalSetup: ['apps/server/test/cluster/global-setup.ts'],
          // Each file runs its own nodes (several processes): `npm run test:cluster` runs two files at
          // a time. Nodes start, die and restart within a test; no test asserts timings.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          teardownTimeout: 60_000,
        },
      },
    ],
  },
});
