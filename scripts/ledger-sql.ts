import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
// Relative imports, not @scout/*: this script runs under plain ts-node (npm run ledger:sql).
import { dataSourceOptions } from '../libs/database/src/data-source-options';
import { startEmbeddedPostgres } from '../libs/database/src/embedded-postgres';
import { LEDGER_SQL_FILE, ledgerSql } from '../libs/ledger/src/ledger-sql';

/** Applies every migration, as the tests' databases get them (test/test-database.ts). */
async function migrate(url: string): Promise<void> {
  const dataSource = new DataSource(dataSourceOptions({ url, poolMax: 2, entities: [] }));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Writes libs/ledger/sql/current.sql: the scout_* functions, triggers and views as the migrations
 * leave them, read back from a database migrated here from nothing: an in-memory embedded
 * PostgreSQL (PGlite, the version package.json pins), whatever DATABASE_URL says. PostgreSQL
 * prints a view's query differently from one major version to the next (15 qualifies the columns of
 * a one-table view, 16 and later do not), so the file is made on the one PostgreSQL every checkout
 * has, and comes out byte for byte the same for everyone. Writes nothing else. With --stdout it
 * prints the SQL instead of writing the file (the test that compares it with the committed file).
 */
async function main(args: string[]): Promise<void> {
  if (args.length > 1 || (args.length === 1 && args[0] !== '--stdout')) throw new Error('usage: npm run ledger:sql [-- --stdout]');
  const embedded = await startEmbeddedPostgres();
  try {
    await migrate(embedded.url);
    const client = new Client({ connectionString: embedded.url, application_name: 'scout-ledger-sql' });
    await client.connect();
    try {
      const sql = await ledgerSql(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows);
      if (args[0] === '--stdout') {
        process.stdout.write(sql);
        return;
      }
      writeFileSync(join(__dirname, '..', LEDGER_SQL_FILE), sql);
      process.stdout.write(`Wrote ${LEDGER_SQL_FILE} (${sql.split('\n').length - 1} lines).\n`);
    } finally {
      await client.end();
    }
  } finally {
    await embedded.stop();
  }
}

// exitCode, not exit(): a piped stdout gets the whole SQL before the process ends.
main(process.argv.slice(2)).then(
  () => {
    process.exitCode = 0;
  },
  (error: unknown) => {
    process.stderr.write(`ledger:sql failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
