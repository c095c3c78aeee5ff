import type { PoolClient } from 'pg';
import { useTestPool } from '../../../test/test-pool';

/**
 * The billing views read one account without a sequential scan of the ledger tables, and
 * monthly_usage reads no entry at all (it sums the usage rollups). With sequential scans switched
 * off, the planner still picks one only when no index can serve the query: so a Seq Scan in these
 * plans means the read grows with the whole ledger, whatever its size in this test.
 */

/** Tables that grow with every call. */
const LEDGER_TABLES = ['credit_entries', 'credit_allocations', 'credit_holds', 'usage_rollups'];

/** The views the billing team reads per account, and the column that names it. */
const PER_ACCOUNT_VIEWS = ['account_balances', 'monthly_usage', 'daily_usage', 'grant_consumption', 'refunds', 'ledger_entries', 'holds'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

describe('billing views (PostgreSQL): query plans that do not grow with the ledger', () => {
  const testDb = useTestPool({ max: 2 });
  let accountId: string;

  beforeAll(async () => {
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('billing plans') RETURNING id`);
    accountId = rows[0].id;
    await testDb.pool.query(`SELECT * FROM scout_grant($1, 'free', 20000, NULL, 'plans int-spec', 'test')`, [accountId]);
    const { rows: held } = await testDb.pool.query(`SELECT hold_id FROM scout_hold($1, 250, 'tool_a', 'req-plan', 60000, 'rest')`, [accountId]);
    await testDb.pool.query(`SELECT * FROM scout_post($1)`, [held[0].hold_id]);
  });

  /** The relations read by sequential scan in the plan of `sql`, with sequential scans discouraged. */
  async function seqScans(sql: string): Promise<string[]> {
    const client: PoolClient = await testDb.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${sql}`);
      const plan = (rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan;
      return [...nodes(plan)].filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'] ?? '?');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  it('sees a sequential scan where no index serves the query (the check can fail)', async () => {
    await expect(seqScans(`SELECT * FROM credit_entries WHERE reason = 'plans int-spec'`)).resolves.toContain('credit_entries');
  });

  it.each(PER_ACCOUNT_VIEWS)('billing.%s for one account scans no ledger table in full', async (view) => {
    const scanned = await seqScans(`SELECT * FROM billing.${view} WHERE account_id = '${accountId}'`);
    expect(scanned.filter((table) => LEDGER_TABLES.includes(table))).toEqual([]);
  });

  it('billing.monthly_usage of every account reads the rollups, not the entries', async () => {
    const scanned = await seqScans(`SELECT * FROM billing.monthly_usage`);
    expect(scanned).not.toContain('credit_entries');
  });

  it('the usage read of GET /api/v1/me and service_account scans no ledger table in full', async () => {
    // readUsage's statement for "since a moment inside a day, open-ended" (rollup days plus one partial day).
    const { readUsage } = await import('./usage-reads');
    const captured: string[] = [];
    await readUsage(
      {
        query: async (sql: string, params?: unknown[]) => {
          captured.push(sql.replace(/\$(\d+)/g, (_, n: string) => literal(params![Number(n) - 1])));
          return [];
        },
      },
      accountId,
      new Date(Date.now() - 3 * 86_400_000 - 3_600_000),
      null,
    );
    expect(await seqScans(captured[0])).toEqual([]);
  });
});

/** A parameter as an SQL literal, for EXPLAIN of a statement captured with its parameters. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(', ')}]::text[]`;
  if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`no literal for ${typeof value}`);
  return `'${String(value).replace(/'/g, "''")}'`;
}
