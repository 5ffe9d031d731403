/**
 * Integration files that open no database: no test server, no server process, no PGlite, no
 * PostgreSQL database (their code under test takes none: encoder listeners, translator pipelines,
 * meeting pages in Chromium). PALABRE_TEST_DB changes nothing they run, so the PostgreSQL pass of
 * `npm run test:integration` leaves them out (vitest.config.ts). The harness refuses to open a
 * database in them (server.ts): a listed file that starts needing one fails instead of losing that
 * pass. No import here: the Vitest configuration reads this list.
 */

export const DATABASE_FREE_FILES = [
  'apps/server/test/integration/bots-services.test.ts',
  'apps/server/test/integration/live-encoders.test.ts',
  'apps/server/test/integration/live-translators.test.ts',
];
