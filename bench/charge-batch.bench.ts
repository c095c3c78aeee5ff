/**
 * A grouped batch's cost in PostgreSQL by how many accounts it spans (issue 39), for each kind the
 * API groups: direct charges (`scout_charge_many`, cached answers), holds (`scout_hold_many`) and
 * the posts of those holds (`scout_post_many`). BENCH_BATCH calls of 250 credits on one account,
 * then spread over BENCH_BATCH accounts (one call each), timed from this process over one
 * connection, 2 x BENCH_REPS rounds each way, interleaved. Goal per kind: a batch over many
 * accounts costs at most 1.5x a batch on one account (median), since the API's batches carry
 * whatever accounts are calling at once.
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
const KINDS = ['charge', 'hold', 'post'] as const;
type Kind = (typeof KINDS)[number];
const KIND_NAMES: Record<Kind, string> = {
  charge: 'direct charges (scout_charge_many)',
  hold: 'holds (scout_hold_many)',
  post: 'posts of those holds (scout_post_many)',
};

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
    // One round: a batch of each kind, on one account or spread. A hold batch is followed by the
    // post batch of the holds it placed, as the gateway sends them (hold, call, post).
    const ids = (spread: boolean) => Array.from({ length: BATCH }, (_, i) => (spread ? accounts[i] : accounts[0]));
    const timed = async (sql: string, args: unknown[]): Promise<{ ms: number; rows: Record<string, unknown>[] }> => {
      const startedAt = process.hrtime.bigint();
      const { rows } = await pool.query(sql, args);
      return { ms: Number(process.hrtime.bigint() - startedAt) / 1e6, rows };
    };
    const round = async (spread: boolean, rep: number, into: Record<Kind, number[]>): Promise<void> => {
      const batch = ids(spread);
      const charge = await timed(`SELECT * FROM scout_charge_many($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::uuid[])`, [
        batch,
        batch.map(() => 250),
        batch.map(() => 'service_chain_health'),
        batch.map((_, i) => `c${rep}-${i}`),
        batch.map(() => 'rest'),
        batch.map(() => randomUUID()),
      ]);
      const hold = await timed(`SELECT * FROM scout_hold_many($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::int[], $6::text[])`, [
        batch,
        batch.map(() => 250),
        batch.map(() => 'service_fomo_leaderboard'),
        batch.map((_, i) => `h${rep}-${i}`),
        batch.map(() => 30_000),
        batch.map(() => 'rest'),
      ]);
      const holds = hold.rows.map((row) => row.hold_id as string);
      const post = await timed(`SELECT * FROM scout_post_many($1::bigint[], $2::text[], $3::uuid[], $4::int[], $5::json[])`, [
        holds,
        holds.map(() => null),
        holds.map(() => null),
        holds.map(() => null),
        holds.map(() => null),
      ]);
      const refused = [charge, hold, post].flatMap((r) => r.rows).filter((row) => row.status !== 'ok' && row.status !== 'posted');
      if (refused.length > 0) throw new Error(`a batch was refused: ${JSON.stringify(refused[0])}`);
      into.charge.push(charge.ms);
      into.hold.push(hold.ms);
      into.post.push(post.ms);
    };
    const one: Record<Kind, number[]> = { charge: [], hold: [], post: [] };
    const spread: Record<Kind, number[]> = { charge: [], hold: [], post: [] };
    for (let rep = 0; rep < 2 * REPS; rep++) {
      // Interleaved, so a drift of the machine falls on both sides alike.
      await round(false, rep, one);
      await round(true, rep, spread);
    }
    const target = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
    process.stdout.write(`charge batches: ${target}, batches of ${BATCH} calls, ${2 * REPS} of each kind each way (median per batch, per call)\n`);
    const rows = KINDS.map((kind) => {
      const [oneMs, spreadMs] = [median(one[kind]), median(spread[kind])];
      const ratio = spreadMs / oneMs;
      missed ||= ratio > GOAL_SPREAD_VS_ONE;
      return {
        batch: KIND_NAMES[kind],
        '1 account (ms)': oneMs.toFixed(2),
        [`${BATCH} accounts (ms)`]: spreadMs.toFixed(2),
        'µs per call (spread)': ((spreadMs * 1000) / BATCH).toFixed(0),
        ratio: `×${ratio.toFixed(2)}`,
        goal: `<= ×${GOAL_SPREAD_VS_ONE}`,
        met: ratio > GOAL_SPREAD_VS_ONE ? 'NO' : 'yes',
      };
    });
    console.table(rows);
    process.stdout.write(`${BATCH} accounts against 1 account: ${missed ? 'a goal missed' : 'goals met'}\n`);
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
