/**
 * Debit-path benchmark: how many usage debits per second the ledger takes, with many connections
 * hammering ONE account (every debit serialises on that account's row lock) versus the same load
 * spread over many accounts. Runs against a throwaway database: embedded PGlite by default, or a
 * fresh database on the server named by DATABASE_URL.
 *
 *   npm run bench                      # embedded
 *   DATABASE_URL=postgres://... npm run bench
 *
 * Env: BENCH_DEBITS (per scenario, default 4000), BENCH_CONCURRENCY (default 32).
 */
import { Pool } from 'pg';
import { performance } from 'node:perf_hooks';
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

async function run(pool: Pool, accounts: string[]) {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < DEBITS) {
        const i = next++;
        const t0 = performance.now();
        const { rows } = await pool.query(`SELECT status FROM scout_spend($1, 250, 'usage', 'bench', $2, NULL, NULL)`, [
          accounts[i % accounts.length],
          `bench-${i}`,
        ]);
        latencies.push(performance.now() - t0);
        if (rows[0].status !== 'ok') failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
  return { perSecond: Math.round(DEBITS / seconds), p50: pct(0.5), p99: pct(0.99), failed };
}

async function main() {
  const database = await createTestDatabase(process.env.DATABASE_URL);
  const pool = new Pool({ connectionString: database.url, max: CONCURRENCY });
  // An idle client cut off while the throwaway database is dropped must not crash the report.
  pool.on('error', () => undefined);
  try {
    const credits = DEBITS * 250;
    const hot = await openAccounts(pool, 1, credits);
    const spread = await openAccounts(pool, CONCURRENCY, credits);
    await run(pool, spread.slice(0, 4)); // warm-up: connections, plans, caches
    const rows = [
      { scenario: 'one hot account', ...(await run(pool, hot)) },
      { scenario: `${CONCURRENCY} accounts`, ...(await run(pool, spread)) },
    ];
    const target = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
    process.stdout.write(`\nledger debit path: ${DEBITS} debits per scenario, ${CONCURRENCY} connections, ${target}\n`);
    console.table(rows.map((r) => ({ scenario: r.scenario, 'debits/s': r.perSecond, 'p50 ms': r.p50, 'p99 ms': r.p99, 'not ok': r.failed })));
  } finally {
    await pool.end();
    await database.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
