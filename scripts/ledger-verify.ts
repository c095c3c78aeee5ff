import { Client } from 'pg';
// Relative imports, not @scout/*: this script also runs under plain ts-node (npm run ledger:verify).
import { AppConfig } from '../libs/core/src/config/app-config';
import { hasEmbeddedDatabase, runningEmbeddedPostgres, startEmbeddedPostgres } from '../libs/database/src/embedded-postgres';
import { LEDGER_INVARIANTS, verifyLedger, type LedgerQuery, type LedgerViolation } from '../libs/ledger/src/ledger-verify';
import { firstPendingHold, markLedger, readCheckpoint, recordCheckpoint, touchedAccounts, type LedgerCheckpoint } from '../libs/ledger/src/ledger-checkpoint';

/**
 * Checks every ledger invariant of docs/architecture.md section 5 over the whole database and prints a
 * report. Without a URL or DATABASE_URL it checks the embedded database of DATA_DIR, through the
 * Scout serving it or, when none runs, by opening the directory itself. Exit status: 0 clean, 1 at least one violation, 2 the checks could not run (bad usage,
 * no database, connection or query error). The checks are one REPEATABLE READ READ ONLY transaction;
 * after a clean run it records its checkpoint (libs/ledger/src/ledger-checkpoint.ts), the one row it
 * writes. With --since-checkpoint it checks only the accounts touched since the last checkpoint
 * (every invariant for them, and the database-wide ones), or everything when there is none yet.
 */

const USAGE = 'usage: npm run ledger:verify [-- [--since-checkpoint] [postgres://user:password@host:port/database]]';
const SINCE_CHECKPOINT = '--since-checkpoint';
/** Invariants that time alone can break (no write shows it): checked over every account in a checkpointed run too. */
const TIMED_INVARIANTS = ['hold_resolved_by_deadline'] as const;
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

function report(target: string, violations: LedgerViolation[], scope: string): string {
  const lines = [`Ledger verification of ${target}`, scope, ''];
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

/** Which accounts a checkpointed run checks: those touched since the checkpoint, or null (all) without a usable one. */
async function scopeOf(query: LedgerQuery, checkpoint: LedgerCheckpoint | null): Promise<{ accountIds: string[] | null; says: string }> {
  if (!checkpoint) return { accountIds: null, says: 'No checkpoint yet: every account checked.' };
  const accountIds = await touchedAccounts(query, checkpoint);
  const since = `the checkpoint of ${checkpoint.at.toISOString()} (entry #${checkpoint.lastEntryId}, hold #${checkpoint.lastHoldId})`;
  if (accountIds === null) return { accountIds, says: `Too many transactions since ${since}: every account checked.` };
  return { accountIds, says: `Checked ${accountIds.length} account(s) touched since ${since}, and the database-wide invariants.` };
}

async function main(args: string[]): Promise<number> {
  const since = args.includes(SINCE_CHECKPOINT);
  const { url, close } = await target(args.filter((arg) => arg !== SINCE_CHECKPOINT));
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000, application_name: 'scout-ledger-verify' });
  const query: LedgerQuery = async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows;
  try {
    try {
      await client.connect();
    } catch (error) {
      throw new Error(`cannot connect to ${redacted(url)}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const started = Date.now();
    const mark = await markLedger(query);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const scope = since ? await scopeOf(query, await readCheckpoint(query)) : { accountIds: null, says: 'Every account checked.' };
    const violations = await verifyLedger(query, scope.accountIds ? { accountIds: scope.accountIds, wholeDatabase: TIMED_INVARIANTS } : {});
    const [{ accounts }] = await query(`SELECT count(*)::int AS accounts FROM accounts`);
    const pending = await firstPendingHold(query);
    await client.query('COMMIT');
    process.stdout.write(report(redacted(url), violations, scope.says));
    if (violations.length > 0) return EXIT.violations;
    if (!mark.settled) {
      process.stdout.write('Checkpoint not moved: a transaction open when the run started was still open a while later.\n');
      return EXIT.clean;
    }
    const checked = scope.accountIds?.length ?? Number(accounts);
    await recordCheckpoint(query, mark, {
      scope: scope.accountIds ? 'since_checkpoint' : 'full',
      firstPendingHoldId: pending,
      accountsChecked: checked,
      durationMs: Date.now() - started,
    }).then(
      () => process.stdout.write(`Checkpoint moved to ${mark.at.toISOString()} (entry #${mark.lastEntryId}, hold #${mark.lastHoldId}).\n`),
      (error: unknown) => process.stderr.write(`ledger:verify: the checkpoint was not recorded: ${error instanceof Error ? error.message : String(error)}\n`),
    );
    return EXIT.clean;
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
