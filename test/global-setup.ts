import { createTestDatabase, type TestDatabase } from './test-database';

declare global {
  var __scoutTestDatabase: { database: TestDatabase; users: number } | undefined;
}

/**
 * The int and e2e projects each name this setup; when both run in one jest process they share one
 * database (the second call only counts itself), and the last teardown disposes of it.
 */
export default async function globalSetup(): Promise<void> {
  process.env.TZ = 'UTC';
  const shared = globalThis.__scoutTestDatabase;
  if (shared) {
    shared.users += 1;
    return;
  }
  const database = await createTestDatabase(process.env.DATABASE_URL);
  globalThis.__scoutTestDatabase = { database, users: 1 };
  // Workers inherit the environment: every test file reaches the same migrated database.
  process.env.SCOUT_TEST_DATABASE_URL = database.url;
  process.stdout.write(`\n[test] database: ${process.env.DATABASE_URL ? 'PostgreSQL server (fresh database)' : 'embedded PGlite'}\n`);
}
