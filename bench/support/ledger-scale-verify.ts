import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { REPO_ROOT } from '../../test/processes/child-processes';

/** `npm run ledger:verify` and what a day of traffic since its checkpoint looks like, for bench/ledger-scale.bench.ts. */

export interface VerifyRun {
  ms: number;
  code: number;
  /** The CLI's line saying what it checked. */
  scope: string;
  stdout: string;
}

/** Runs the CLI (scripts/ledger-verify.ts) on a database, with --since-checkpoint or not, timed from spawn to exit. */
export function runVerify(url: string, sinceCheckpoint: boolean): Promise<VerifyRun> {
  const started = performance.now();
  const args = [
    '-r',
    'ts-node/register/transpile-only',
    join(REPO_ROOT, 'scripts', 'ledger-verify.ts'),
    url,
    ...(sinceCheckpoint ? ['--since-checkpoint'] : []),
  ];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 3_600_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      const scope = stdout.split('\n')[1] ?? '';
      resolve({ ms: performance.now() - started, code, scope, stdout: stdout + stderr });
    });
  });
}

/**
 * Calls charged on `accounts` accounts picked at random (one cached call each, scout_charge), and
 * the hold of one more call voided on each: the accounts a checkpointed run must find.
 */
export async function touchAccounts(pool: Pool, accounts: number): Promise<void> {
  const { rows } = await pool.query<{ id: string }>(`SELECT id FROM accounts WHERE status = 'active' AND balance > 10000 ORDER BY random() LIMIT $1`, [
    accounts,
  ]);
  for (const { id } of rows) {
    await pool.query(`SELECT status FROM scout_charge($1, 250, 'service_chain_health', 'bench-touch', 'rest', gen_random_uuid())`, [id]);
    const { rows: held } = await pool.query<{ hold_id: string | null }>(
      `SELECT hold_id::text FROM scout_hold($1, 250, 'service_fomo_leaderboard', 'bench-touch', 30000, 'mcp')`,
      [id],
    );
    if (held[0].hold_id) await pool.query(`SELECT * FROM scout_void($1, 'tool_error: bench')`, [held[0].hold_id]);
  }
}
