import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { MIGRATIONS } from '@scout/database';
import { testDatabaseUrl } from '../../../test/test-database';
import { LEDGER_SQL_FILE, ledgerSql } from './ledger-sql';

const ROOT = join(__dirname, '..', '..', '..');
const committed = () => readFileSync(join(ROOT, LEDGER_SQL_FILE), 'utf8');
const STALE = `${LEDGER_SQL_FILE} is not what the migrations make: run \`npm run ledger:sql\` and commit the file`;

/** The ledger's SQL (ledgerSql) of the database at `url`. */
async function sqlOf(url: string): Promise<string> {
  const client = new Client({ connectionString: url, application_name: 'scout-ledger-sql-spec' });
  await client.connect();
  try {
    return await ledgerSql(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows);
  } finally {
    await client.end();
  }
}

/** The functions and triggers of a ledgerSql text: what PostgreSQL prints alike from one major version to the next. */
const functionsAndTriggers = (sql: string) => sql.slice(sql.indexOf('-- === Functions'), sql.indexOf('-- === Views'));

/** Fails with the first line that differs, which says what a migration changed. */
function expectSame(file: string, migrated: string): void {
  if (migrated === file) return;
  const [a, b] = [file.split('\n'), migrated.split('\n')];
  const line = a.findIndex((text, i) => text !== b[i]);
  throw new Error(`${STALE}\nfirst difference at line ${line + 1}:\n  file:     ${a[line]}\n  migrated: ${b[line]}`);
}

/**
 * libs/ledger/sql/current.sql is what `npm run ledger:sql` writes from a freshly migrated embedded
 * PostgreSQL (PGlite): a migration that changes a scout_* function, a trigger or a view without
 * the file regenerated fails here.
 */
describe(`${LEDGER_SQL_FILE}: the ledger's SQL as the migrations leave it`, () => {
  it('is what `npm run ledger:sql` makes from a freshly migrated database, byte for byte', async () => {
    // In a child process: PGlite does not start inside jest's module sandbox.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', join(ROOT, 'scripts', 'ledger-sql.ts'), '--stdout'],
      {
        cwd: ROOT,
        env: { ...process.env, TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    expectSame(committed(), stdout);
  }, 120_000);

  it("is what this run's migrated database has (on a PostgreSQL server: its functions and triggers; views print differently on 15)", async () => {
    const migrated = await sqlOf(testDatabaseUrl());
    if (process.env.DATABASE_URL) expectSame(functionsAndTriggers(committed()), functionsAndTriggers(migrated));
    else expectSame(committed(), migrated);
  });

  it('names the last migration, and lists the scout_* functions, the triggers and the billing views', () => {
    const file = committed();
    const last = new MIGRATIONS[MIGRATIONS.length - 1]();
    expect(file).toMatch(/^-- The ledger's SQL as the migrations leave it/);
    expect(file).toContain(`from a database migrated through ${last.name}.`);
    expect(file).toContain('CREATE OR REPLACE FUNCTION public.scout_hold_many(');
    expect(file).toContain('CREATE TRIGGER trg_credit_entries_append_only BEFORE DELETE OR UPDATE ON credit_entries');
    expect(file).toContain('CREATE OR REPLACE VIEW billing.monthly_usage AS');
  });
});
