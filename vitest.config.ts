/**
 * Test projects:
 *  - unit: pure functions of packages/shared and of the server (no database, no network);
 *  - integration: the real server over HTTP on loopback, against PGlite or PostgreSQL
 *    (PALABRE_TEST_DB=pglite|postgres; see apps/server/test/harness).
 */
import os from 'node:os';
import { defineConfig } from 'vitest/config';

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
          include: ['packages/shared/test/**/*.test.ts', 'apps/server/test/unit/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'packages/engines/test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/test/integration/**/*.test.ts'],
          globalSetup: ['apps/server/test/harness/global-setup.ts'],
          // Servers, PGlite and argon2 make these slower than unit tests; no test asserts timings.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          teardownTimeout: 30_000,
        },
      },
    ],
  },
});
