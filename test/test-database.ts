import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, startEmbeddedPostgres, type EmbeddedPostgres } from '../libs/database/src';

export interface TestDatabase {
  url: string;
  dispose(): Promise<void>;
}

/** Applies every migration to the database at url. */
export async function migrate(url: string): Promise<void> {
  const dataSource = new DataSource(dataSourceOptions({ url, poolMax: 2, entities: [] }));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}

/**
 * A throwaway, migrated database. With a server URL, a new database named scout_test_* is created
 * on that server and dropped afterwards, so tests never touch existing data. Without one, an
 * in-memory embedded PostgreSQL is started.
 */
export async function createTestDatabase(serverUrl: string | undefined): Promise<TestDatabase> {
  if (!serverUrl) {
    // One embedded database serves the whole run, and a spec may boot an API and several workers
    // at once (each with its pools) while the jest worker still holds earlier specs' idle clients:
    // PGlite multiplexes every connection onto one session, so a generous cap costs nothing.
    const embedded: EmbeddedPostgres = await startEmbeddedPostgres({ maxConnections: 400 });
    await migrate(embedded.url);
    return { url: embedded.url, dispose: () => embedded.stop() };
  }
  const name = `scout_test_${Date.now()}_${process.pid}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  return {
    url: url.toString(),
    async dispose() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The migrated throwaway database of this jest run (set by the global setup). */
export function testDatabaseUrl(): string {
  const url = process.env.SCOUT_TEST_DATABASE_URL;
  if (!url) throw new Error('SCOUT_TEST_DATABASE_URL is not set: run tests through jest (global setup)');
  return url;
}
