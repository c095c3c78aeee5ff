import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Pool } from 'pg';
import { createTestDatabase, migrate } from '../../../../test/test-database';

/**
 * What the specs of `npm run ledger:verify` share (ledger-verify.int-spec.ts,
 * ledger-checkpoint.int-spec.ts): a fresh database for the CLI to check whole, the CLI run as its
 * own process, and a history touching every kind of movement.
 */

const ROOT = join(__dirname, '..', '..', '..', '..');

/** One history touching every kind of movement: grants, usage, refunds, both adjustments. */
export async function scriptHistory(db: Pool, name: string) {
  const { rows } = await db.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ($1) RETURNING id`, [name]);
  const accountId = rows[0].id;
  const grant = async (kind: string, credits: number, expiresAt: Date | null = null) =>
    (await db.query(`SELECT grant_id, entry_id FROM scout_grant($1, $2, $3, $4, 'verify int-spec', 'test')`, [accountId, kind, credits, expiresAt]))
      .rows[0] as { grant_id: string; entry_id: string | number };
  const spend = async (credits: number, kind: 'usage' | 'adjustment' = 'usage') => {
    const { rows: spent } = await db.query(`SELECT entry_id, status FROM scout_spend($1, $2, $3, $4, $5, $6, 'test')`, [
      accountId,
      credits,
      kind,
      kind === 'usage' ? 'tool_a' : null,
      kind === 'usage' ? `req-${Math.random().toString(36).slice(2)}` : null,
      kind === 'usage' ? null : 'verify int-spec',
    ]);
    expect(spent[0].status).toBe('ok');
    return Number(spent[0].entry_id);
  };
  const refund = async (entryId: number) => Number((await db.query(`SELECT entry_id FROM scout_refund($1, 'x')`, [entryId])).rows[0].entry_id);

  const free = await grant('free', 10_000);
  const topup = await grant('topup', 2_000, new Date(Date.now() + 30 * 24 * 60 * 60 * 1000));
  const used = await spend(250);
  const refunded = await spend(2_500);
  const refundEntry = await refund(refunded);
  const deduction = await spend(500, 'adjustment');
  await grant('adjustment', 300);
  const last = await spend(250);
  return {
    accountId,
    freeGrant: free.grant_id,
    topupGrant: topup.grant_id,
    used,
    refunded,
    refundEntry,
    deduction,
    last,
    balance: 10_000 + 2_000 - 250 - 2_500 + 2_500 - 500 + 300 - 250,
  };
}

export interface FreshDatabase {
  url: string;
  dispose(): Promise<void>;
}

/**
 * A fresh migrated database for the CLI to check whole: a new database on the server under test,
 * or an embedded PostgreSQL in a child process (PGlite cannot start inside jest's module sandbox).
 */
export async function freshDatabase(): Promise<FreshDatabase> {
  if (process.env.DATABASE_URL) return createTestDatabase(process.env.DATABASE_URL);
  const child: ChildProcess = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', join(ROOT, 'test', 'embedded-db.child.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`embedded database exited early (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
  });
  await migrate(url);
  return {
    url,
    dispose: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run ledger:verify`'s command with args, outside any database settings of this shell. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const { DATABASE_URL: _url, EMBEDDED_DB_PORT: _port, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', join(ROOT, 'scripts', 'ledger-verify.ts'), ...args],
      { cwd: ROOT, env: { ...inherited, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
