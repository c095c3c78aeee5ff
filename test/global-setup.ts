import { createTestDatabase, type TestDatabase } from './test-database';

declare global {
  var __scoutTestDatabase: TestDatabase | undefined;
}

export default async function globalSetup(): Promise<void> {
  process.env.TZ = 'UTC';
  const database = await createTestDatabase(process.env.DATABASE_URL);
  globalThis.__scoutTestDatabase = database;
  // Workers inherit the environment: every test file reaches the same migrated database.
  process.env.SCOUT_TEST_DATABASE_URL = database.url;
  process.stdout.write(`\n[test] database: ${process.env.DATABASE_URL ? 'PostgreSQL server (fresh database)' : 'embedded PGlite'}\n`);
}
