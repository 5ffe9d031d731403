/** The database under test: PALABRE_TEST_DB=pglite (default) or postgres. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  const value = (process.env.PALABRE_TEST_DB ?? 'pglite').toLowerCase();
  if (value === 'pglite' || value === 'postgres') return value;
  throw new Error(`PALABRE_TEST_DB must be "pglite" or "postgres", not "${value}"`);
}
