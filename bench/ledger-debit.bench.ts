/**
 * Debit-path benchmark: how many paid calls per second the ledger takes, with many connections
 * hammering ONE account (every statement serialises on that account's row lock) versus the same
 * load spread over many accounts, for two charge paths:
 *  - direct: one scout_spend per call (the charge before two-phase holds: 1 round trip);
 *  - hold + post: scout_hold before the call, scout_post after it (2 round trips, each its own
 *    transaction; with an Idempotency-Key the answer rides in the post);
 *  - grouped hold + post: what the gateway does, through CreditHoldsService, whose holds and posts of
 *    concurrent calls share transactions (scout_hold_many, scout_post_many);
 *  - grouped charge (cached answer): what the gateway does for a call of a tool that only reads,
 *    answered from cache: one step, no hold (CreditHoldsService.charge, scout_charge_many).
 * Round trips are counted at the pool, not assumed. Throughput and latencies count successful
 * calls only (the charge posted); a call that failed is counted apart and its reason printed.
 * Runs against a throwaway database: embedded PGlite by default, or a fresh database on the server
 * named by DATABASE_URL.
 *
 *   npm run bench:ledger               # embedded
 *   DATABASE_URL=postgres://... npm run bench:ledger
 *
 * Env: BENCH_DEBITS (per scenario, default 4000), BENCH_CONCURRENCY (default 32).
 */
import { Pool } from 'pg';
import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { AppConfig } from '@scout/core';
import { CreditHoldsService } from '@scout/ledger';
import { createTestDatabase } from '../test/test-database';

const DEBITS = Number(process.env.BENCH_DEBITS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

async function openAccounts(pool: Pool, count: number, credits: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { rows } = await pool.query(`INSERT INTO accounts (name) VALUES ($1) RETURNING id`, [`bench ${i}`]);
    await pool.query(`SELECT * FROM scout_grant($1, 'topup', $2, NULL, 'bench', 'bench')`, [rows[0].id, credits]);
    ids.push(rows[0].id);
  }
  return ids;
}

/** One paid call: `'ok'` when the charge posted, otherwise why it did not. */
type ChargePath = (pool: Pool, accountId: string, requestId: string) => Promise<string>;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

function holdsService(pool: Pool): CreditHoldsService {
  const config = AppConfig.fromEnv({ TOOL_DEADLINE_MS: '20000' });
  return new CreditHoldsService({ query: (sql: string, params?: unknown[]) => pool.query(sql, params).then((r) => r.rows) } as unknown as DataSource, config);
}

/** The gateway's charge of a call answered from cache: one grouped step, no hold (scout_charge_many). */
function cachedAnswerPath(pool: Pool): ChargePath {
  const holds = holdsService(pool);
  return (_pool, accountId, requestId) =>
    holds.charge({ accountId, tool: 'bench', amount: 250, requestId, channel: 'rest' }).then(
      () => 'ok' as const,
      (error: unknown) => `charge: ${reason(error)}`,
    );
}

/** The gateway's own service: holds and posts group-committed across concurrent calls. */
function gatewayPath(pool: Pool): ChargePath {
  const holds = holdsService(pool);
  return async (_pool, accountId, requestId) => {
    const hold = await holds.place({ accountId, tool: 'bench', amount: 250, requestId, channel: 'rest' }).catch((error: unknown) => `hold: ${reason(error)}`);
    if (typeof hold === 'string') return hold;
    return holds.post(hold).then(
      () => 'ok' as const,
      (error: unknown) => `post: ${reason(error)}`,
    );
  };
}

const PATHS: Record<string, ChargePath> = {
  direct: async (pool, accountId, requestId) => {
    const { rows } = await pool.query(`SELECT status FROM scout_spend($1, 250, 'usage', 'bench', $2, NULL, NULL)`, [accountId, requestId]);
    return rows[0].status === 'ok' ? 'ok' : `spend: ${rows[0].status}`;
  },
  'hold + post': async (pool, accountId, requestId) => {
    const { rows } = await pool.query(`SELECT hold_id, status FROM scout_hold($1, 250, 'bench', $2, 30000)`, [accountId, requestId]);
    if (rows[0].status !== 'ok') return `hold: ${rows[0].status}`;
    const posted = await pool.query(`SELECT status FROM scout_post($1)`, [rows[0].hold_id]);
    return posted.rows[0].status === 'posted' ? 'ok' : `post: ${posted.rows[0].status}`;
  },
};

/** Counts the statements sent through the pool: round trips to the database. */
function countRoundTrips(pool: Pool): { count: number } {
  const counter = { count: 0 };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    counter.count++;
    return query(...args);
  };
  return counter;
}

async function run(pool: Pool, path: ChargePath, accounts: string[], roundTrips: { count: number }) {
  const latencies: number[] = [];
  let next = 0;
  /** Failed calls by reason. */
  const failures = new Map<string, number>();
  const tripsBefore = roundTrips.count;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < DEBITS) {
        const i = next++;
        const t0 = performance.now();
        const outcome = await path(pool, accounts[i % accounts.length], `bench-${i}`).catch((error: unknown) => `error: ${reason(error)}`);
        if (outcome === 'ok') latencies.push(performance.now() - t0);
        else failures.set(outcome, (failures.get(outcome) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => (latencies.length === 0 ? '-' : latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1));
  // Only calls whose charge posted count in the throughput.
  const succeeded = latencies.length;
  return {
    perSecond: Math.round(succeeded / seconds),
    p50: pct(0.5),
    p99: pct(0.99),
    succeeded,
    failures,
    tripsPerCall: (roundTrips.count - tripsBefore) / DEBITS,
  };
}

async function main() {
  const database = await createTestDatabase(process.env.DATABASE_URL);
  const pool = new Pool({ connectionString: database.url, max: CONCURRENCY });
  // An idle client cut off while the throwaway database is dropped must not crash the report.
  pool.on('error', () => undefined);
  try {
    const credits = DEBITS * 250 * (Object.keys(PATHS).length + 2);
    const hot = await openAccounts(pool, 1, credits);
    const spread = await openAccounts(pool, CONCURRENCY, credits);
    const roundTrips = countRoundTrips(pool);
    const warmUp = await run(pool, PATHS.direct, spread.slice(0, 4), roundTrips); // warm-up: connections, plans, caches
    const rows = [];
    const paths = { ...PATHS, 'grouped hold + post': gatewayPath(pool), 'grouped charge (cached answer)': cachedAnswerPath(pool) };
    for (const [name, path] of Object.entries(paths)) {
      rows.push({ path: name, scenario: 'one hot account', ...(await run(pool, path, hot, roundTrips)) });
      rows.push({ path: name, scenario: `${CONCURRENCY} accounts`, ...(await run(pool, path, spread, roundTrips)) });
    }
    const target = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
    process.stdout.write(
      `\nledger charge path: ${DEBITS} paid calls per scenario, ${CONCURRENCY} connections, ${target}; calls/s and latencies count successful calls only\n`,
    );
    console.table(
      rows.map((r) => ({
        path: r.path,
        scenario: r.scenario,
        'calls/s': r.perSecond,
        'round trips/call': r.tripsPerCall,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        succeeded: r.succeeded,
        failed: DEBITS - r.succeeded,
      })),
    );
    const failed = [{ path: 'direct (warm-up)', scenario: '4 accounts', failures: warmUp.failures }, ...rows].filter((r) => r.failures.size > 0);
    if (failed.length === 0) process.stdout.write('failed calls: none\n');
    for (const r of failed) {
      process.stdout.write(`failed calls, ${r.path}, ${r.scenario}: ${[...r.failures].map(([why, n]) => `${n} × ${why}`).join('; ')}\n`);
    }
  } finally {
    await pool.end();
    await database.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
