import { Client } from 'pg';
// Relative imports, not @scout/*: this script also runs under plain ts-node (npm run ledger:verify).
import { AppConfig } from '../libs/core/src/config/app-config';
import { hasEmbeddedDatabase, runningEmbeddedPostgres, startEmbeddedPostgres } from '../libs/database/src/embedded-postgres';
import { LEDGER_INVARIANTS, verifyLedger, type LedgerViolation } from '../libs/ledger/src/ledger-verify';

/**
 * Checks every ledger invariant of docs/architecture.md section 5 over the whole database and prints a
 * report. Without a URL or DATABASE_URL it checks the embedded database of DATA_DIR, through the
 * Scout serving it or, when none runs, by opening the directory itself. Exit status: 0 clean, 1 at least one violation, 2 the checks could not run (bad usage,
 * no database, connection or query error). Read-only: one REPEATABLE READ READ ONLY transaction.
 */

const USAGE = 'usage: npm run ledger:verify [-- postgres://user:password@host:port/database]';
const EXIT = { clean: 0, violations: 1, cannotRun: 2 } as const;

/** Where the ledger to check is, and what to close once it has been checked. */
interface Target {
  url: string;
  close: () => Promise<void>;
}

const nothingToClose = (): Promise<void> => Promise.resolve();

/**
 * The database named on the command line, else DATABASE_URL, else the embedded database: the one
 * a running Scout serves from DATA_DIR (or on EMBEDDED_DB_PORT), or, with none running, DATA_DIR
 * opened here for the length of the check.
 */
async function target(args: string[]): Promise<Target> {
  if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) throw new Error(USAGE);
  const [url] = args;
  if (url !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`not a postgres:// URL: ${url}\n${USAGE}`);
    return { url, close: nothingToClose };
  }
  const config = AppConfig.fromEnv(process.env);
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, close: nothingToClose };
  if (config.EMBEDDED_DB_PORT > 0) return { url: `postgres://postgres@127.0.0.1:${config.EMBEDDED_DB_PORT}/postgres`, close: nothingToClose };
  const running = runningEmbeddedPostgres(config.DATA_DIR);
  if (running) return { url: running.url, close: nothingToClose };
  if (!hasEmbeddedDatabase(config.DATA_DIR)) {
    throw new Error(
      [
        `DATABASE_URL is not set and DATA_DIR (${config.DATA_DIR}) holds no embedded database.`,
        'Run it where `npm start` keeps its data (DATA_DIR), or name the database:',
        '  npm run ledger:verify -- postgres://user@host:5432/scout',
      ].join('\n'),
    );
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR });
  return { url: embedded.url, close: () => embedded.stop() };
}

/** The URL without its password, for the report. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

function report(target: string, violations: LedgerViolation[]): string {
  const lines = [`Ledger verification of ${target}`, ''];
  const width = Math.max(...LEDGER_INVARIANTS.map((i) => i.invariant.length));
  for (const { invariant, description } of LEDGER_INVARIANTS) {
    const found = violations.filter((v) => v.invariant === invariant);
    lines.push(`${found.length === 0 ? 'ok  ' : 'FAIL'}  ${invariant.padEnd(width)}  ${description}`);
    for (const v of found) {
      lines.push(`        ${v.row}${v.accountId && !v.row.endsWith(v.accountId) ? ` (account ${v.accountId})` : ''}: ${v.detail}`);
    }
  }
  const failed = new Set(violations.map((v) => v.invariant)).size;
  lines.push(
    '',
    violations.length === 0
      ? `All ${LEDGER_INVARIANTS.length} invariants hold.`
      : `${violations.length} violation(s) of ${failed} of ${LEDGER_INVARIANTS.length} invariants.`,
  );
  return `${lines.join('\n')}\n`;
}

async function main(args: string[]): Promise<number> {
  const { url, close } = await target(args);
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000, application_name: 'scout-ledger-verify' });
  try {
    try {
      await client.connect();
    } catch (error) {
      throw new Error(`cannot connect to ${redacted(url)}: ${error instanceof Error ? error.message : String(error)}`);
    }
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const violations = await verifyLedger(async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows);
    await client.query('COMMIT');
    process.stdout.write(report(redacted(url), violations));
    return violations.length === 0 ? EXIT.clean : EXIT.violations;
  } finally {
    await client.end().catch(() => undefined);
    await close();
  }
}

// exitCode, not exit(): the report reaches a piped stdout in full before the process ends.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`ledger:verify could not run: ${message}\n`);
    process.exitCode = EXIT.cannotRun;
  },
);
