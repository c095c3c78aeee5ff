/**
 * A grouped charge's cost in PostgreSQL by how many accounts it spans (issue 39): one
 * `scout_charge_many` call of BENCH_BATCH charges (250 credits each, cached direct charges as the
 * gateway groups them) on one account, then spread over BENCH_BATCH accounts (one charge each),
 * timed from this process over one connection, BENCH_REPS batches each way, twice interleaved.
 * Goal: a batch over many accounts costs at most 1.5x a batch on one account (median), since the
 * API's grouped charges carry whatever accounts are calling at once.
 *
 *   DATABASE_URL=postgres://... npm run bench:charges     # a fresh database on the server
 *   npm run bench:charges                                 # embedded PGlite in this process
 *
 * Env: BENCH_BATCH (64), BENCH_REPS (150).
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase } from '../test/test-database';
import { median } from './support/load';

const BATCH = Number(process.env.BENCH_BATCH ?? 64);
const REPS = Number(process.env.BENCH_REPS ?? 150);
const GOAL_SPREAD_VS_ONE = 1.5;

async function main(): Promise<void> {
  const database = await createTestDatabase(process.env.DATABASE_URL);
  const pool = new Pool({ connectionString: database.url, max: 1 });
  let missed = false;
  try {
    const accounts: string[] = [];
    for (let i = 0; i < BATCH; i++) {
      const { rows } = await pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ($1) RETURNING id`, [`charge bench ${i}`]);
      await pool.query(`SELECT * FROM scout_grant($1, 'topup', 1000000000, NULL, 'bench', 'bench')`, [rows[0].id]);
      accounts.push(rows[0].id);
    }
    const timeBatches = async (spread: boolean): Promise<number[]> => {
      const times: number[] = [];
      for (let rep = 0; rep < REPS; rep++) {
        const ids = Array.from({ length: BATCH }, (_, i) => (spread ? accounts[i] : accounts[0]));
        const args = [
          ids,
          ids.map(() => 250),
          ids.map(() => 'service_chain_health'),
          ids.map((_, i) => `r${rep}-${i}`),
          ids.map(() => 'rest'),
          ids.map(() => randomUUID()),
        ];
        const startedAt = process.hrtime.bigint();
        await pool.query(`SELECT * FROM scout_charge_many($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::uuid[])`, args);
        times.push(Number(process.hrtime.bigint() - startedAt) / 1e6);
      }
      return times;
    };
    const one: number[] = [];
    const spread: number[] = [];
    for (let round = 0; round < 2; round++) {
      one.push(...(await timeBatches(false)));
      spread.push(...(await timeBatches(true)));
    }
    const [oneMs, spreadMs] = [median(one), median(spread)];
    const ratio = spreadMs / oneMs;
    const target = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
    process.stdout.write(`charge batches: ${target}, batches of ${BATCH} charges, ${2 * REPS} each way (median per batch, per charge)\n`);
    console.table([
      { batch: '1 account', 'ms per batch': oneMs.toFixed(2), 'µs per charge': ((oneMs * 1000) / BATCH).toFixed(0) },
      { batch: `${BATCH} accounts`, 'ms per batch': spreadMs.toFixed(2), 'µs per charge': ((spreadMs * 1000) / BATCH).toFixed(0) },
    ]);
    missed = ratio > GOAL_SPREAD_VS_ONE;
    process.stdout.write(`${BATCH} accounts / 1 account: ×${ratio.toFixed(2)} (goal <= ×${GOAL_SPREAD_VS_ONE}): ${missed ? 'NO' : 'met'}\n`);
  } finally {
    await pool.end();
    await database.dispose();
  }
  if (missed) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
