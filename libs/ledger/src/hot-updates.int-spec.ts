import { randomUUID } from 'node:crypto';
import { useTestPool } from '../../../test/test-pool';

const testDb = useTestPool({ max: 2 });

/**
 * A charged call updates the account's balance, the paying grant's remaining and the day's usage
 * rollup. PostgreSQL updates a row in place (HOT, no new index entry) only when no index names a
 * changed column, in its key or its predicate: otherwise every call adds index entries that later
 * reads of the same rows step over until a vacuum (HotGrantUpdates migration). Checked on the
 * indexes themselves, which decide it (HOT counts also depend on free room in the page).
 */
describe('the charge path can update its rows in place (HOT)', () => {
  /** The columns each charge writes, by table. */
  const WRITTEN: Record<string, string[]> = {
    accounts: ['balance', 'updated_at'],
    credit_grants: ['remaining'],
    usage_rollups: ['calls', 'credits', 'refunded_calls', 'refunded_credits'],
  };

  it.each(Object.keys(WRITTEN))('no index of %s names a column a charge writes', async (table) => {
    const { rows } = await testDb.pool.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1`, [table]);
    expect(rows.length).toBeGreaterThan(0);
    for (const { indexdef } of rows) {
      for (const column of WRITTEN[table]) expect(`${indexdef} `).not.toMatch(new RegExp(`\\b${column}\\b`));
    }
  });
});

/**
 * Grouped charges of one account make many versions of its rows in one transaction, and some spill
 * to other pages (LedgerIndexScans migration). The work of a charge must not grow with the number
 * made before it: the buffers its statement reads stay flat.
 */
describe('the work of a charge does not grow with the calls before it', () => {
  it('buffers read by a batch of 8 charges after 2,000 grouped charges and after 8,000 more: the same within a few', async () => {
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('flat charges') RETURNING id`);
    const accountId = rows[0].id;
    await testDb.pool.query(`SELECT * FROM scout_grant($1, 'topup', 100000000, now() + interval '30 days', 'flat', 'test')`, [accountId]);
    const batch = (n: number) => [
      Array(n).fill(accountId),
      Array(n).fill(250),
      Array(n).fill('tool_a'),
      Array(n).fill('req'),
      Array(n).fill('rest'),
      Array.from({ length: n }, () => randomUUID()),
    ];
    const CHARGE_MANY = `SELECT * FROM scout_charge_many($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::uuid[])`;
    const charges = async (n: number) => {
      for (let done = 0; done < n; done += 200) await testDb.pool.query(`SELECT count(*) FROM (${CHARGE_MANY}) c`, batch(200));
    };
    // Statistics from before the charges, as autovacuum's lag leaves them: a plan made from them
    // (the charge-key index looked tiny: a merge join read all of it) must not read what came since.
    await testDb.pool.query(`ANALYZE accounts, credit_entries, credit_grants, credit_allocations, usage_rollups`);
    const buffersOfABatch = async () => {
      const client = await testDb.pool.connect();
      try {
        await client.query('BEGIN');
        // Twice: the first read of a page after the batches may prune it.
        for (let i = 0; i < 2; i++) await client.query(CHARGE_MANY, batch(8));
        const { rows: plan } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${CHARGE_MANY}`, batch(8));
        const top = (plan[0]['QUERY PLAN'] as Array<{ Plan: Record<string, number> }>)[0].Plan;
        return top['Shared Hit Blocks'] + top['Shared Read Blocks'];
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    };
    await charges(2_000);
    const early = await buffersOfABatch();
    await charges(8_000);
    const late = await buffersOfABatch();
    expect(late - early).toBeLessThan(20);
  }, 120_000);
});

/**
 * A SQL-language function with a SET clause is never inlined, and PostgreSQL (before 18) plans its
 * statement again on every call: the balance helpers cost 60-90 µs per charge that way against
 * 6-16 µs in PL/pgSQL, which keeps its plans (PlannedLedgerFunctions migration).
 */
describe('the ledger functions keep their plans', () => {
  it('no SQL-language ledger function has a SET clause, and the per-charge helpers are PL/pgSQL', async () => {
    const { rows } = await testDb.pool.query<{ name: string; language: string; settings: string[] | null }>(`
      SELECT p.proname AS name, l.lanname AS language, p.proconfig AS settings
        FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
       WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'scout\\_%'`);
    expect(rows.filter((f) => f.language === 'sql' && f.settings !== null).map((f) => f.name)).toEqual([]);
    const helpers = ['scout_held', 'scout_spendable_until', 'scout_spendable', 'scout_add_usage', 'scout_mark_voided'];
    expect(
      rows
        .filter((f) => helpers.includes(f.name))
        .map((f) => [f.name, f.language])
        .sort(),
    ).toEqual(helpers.map((h) => [h, 'plpgsql']).sort());
    // GenericLedgerPlans: the entry points (and what they call) plan each statement once.
    const entryPoints = [
      'scout_hold',
      'scout_hold_many',
      'scout_post',
      'scout_post_many',
      'scout_void',
      'scout_charge',
      'scout_charge_many',
      'scout_spend',
      'scout_refund',
      'scout_grant',
    ];
    expect(
      rows
        .filter((f) => entryPoints.includes(f.name) && (f.settings ?? []).includes('plan_cache_mode=force_generic_plan'))
        .map((f) => f.name)
        .sort(),
    ).toEqual([...entryPoints].sort());
  });
});
