import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { testDatabaseUrl } from '../../../test/test-database';

/**
 * A charged call updates the account's balance, the paying grant's remaining and the day's usage
 * rollup. Each must be a HOT update (in place, no new index entry): otherwise every call adds index
 * entries that later reads of the same rows step over until a vacuum, and the charge path slows as
 * the ledger grows (HotGrantUpdates migration). The transaction's own statistics count them.
 */
describe('the charge path updates its rows in place (HOT)', () => {
  let pool: Pool;

  beforeAll(() => {
    pool = new Pool({ connectionString: testDatabaseUrl(), max: 2 });
  });
  afterAll(async () => {
    await pool.end();
  });

  it('20 holds posted in one transaction: every update of accounts, credit_grants and usage_rollups is HOT', async () => {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('hot updates') RETURNING id`);
      const accountId = rows[0].id;
      // An expiring grant too: the expiry sweep's index covers grants with an expiry.
      await client.query(`SELECT * FROM scout_grant($1, 'topup', 100000, now() + interval '30 days', 'hot', 'test')`, [accountId]);
      await client.query('BEGIN');
      for (let i = 0; i < 20; i++) {
        const held = await client.query(`SELECT hold_id FROM scout_hold($1, 250, 'tool_a', $2, 60000, 'rest')`, [accountId, `hot-${i}`]);
        await client.query(`SELECT * FROM scout_post($1)`, [held.rows[0].hold_id]);
      }
      const { rows: stats } = await client.query<{ relname: string; updates: number; hot: number }>(
        `SELECT relname, n_tup_upd::int AS updates, n_tup_hot_upd::int AS hot FROM pg_stat_xact_user_tables
          WHERE relname IN ('accounts', 'credit_grants', 'usage_rollups') ORDER BY relname`,
      );
      await client.query('COMMIT');
      // Every post updates the account and the grant; the first inserts the day's rollup row, the
      // other 19 update it.
      expect(stats.map((s) => s.relname)).toEqual(['accounts', 'credit_grants', 'usage_rollups']);
      expect(stats.map((s) => s.updates >= (s.relname === 'usage_rollups' ? 19 : 20))).toEqual([true, true, true]);
      expect(stats.map((s) => s.hot)).toEqual(stats.map((s) => s.updates));
    } finally {
      client.release();
    }
  });
});

/**
 * Grouped charges of one account make many versions of its rows in one transaction, and some spill
 * to other pages (LedgerIndexScans migration). The work of a charge must not grow with the number
 * made before it: the buffers its statement reads stay flat.
 */
describe('the work of a charge does not grow with the calls before it', () => {
  let pool: Pool;

  beforeAll(() => {
    pool = new Pool({ connectionString: testDatabaseUrl(), max: 2 });
  });
  afterAll(async () => {
    await pool.end();
  });

  it('buffers read by one charge after 2,000 grouped charges and after 8,000 more: the same within a few', async () => {
    const { rows } = await pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('flat charges') RETURNING id`);
    const accountId = rows[0].id;
    await pool.query(`SELECT * FROM scout_grant($1, 'topup', 100000000, now() + interval '30 days', 'flat', 'test')`, [accountId]);
    const charges = async (n: number) => {
      for (let done = 0; done < n; done += 200) {
        await pool.query(`SELECT count(*) FROM scout_charge_many($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::uuid[])`, [
          Array(200).fill(accountId),
          Array(200).fill(250),
          Array(200).fill('tool_a'),
          Array(200).fill('req'),
          Array(200).fill('rest'),
          Array.from({ length: 200 }, () => randomUUID()),
        ]);
      }
    };
    const buffersOfOneCharge = async () => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // Twice: the first read of a page after the batches may prune it.
        for (let i = 0; i < 2; i++) await client.query(`SELECT * FROM scout_charge($1, 250, 'tool_a', 'probe', 'rest', $2)`, [accountId, randomUUID()]);
        const { rows: plan } = await client.query(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT * FROM scout_charge($1, 250, 'tool_a', 'probe', 'rest', $2)`,
          [accountId, randomUUID()],
        );
        const top = (plan[0]['QUERY PLAN'] as Array<{ Plan: Record<string, number> }>)[0].Plan;
        return top['Shared Hit Blocks'] + top['Shared Read Blocks'];
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    };
    await charges(2_000);
    const early = await buffersOfOneCharge();
    await charges(8_000);
    const late = await buffersOfOneCharge();
    expect(late - early).toBeLessThan(20);
  }, 120_000);
});
