import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PoolClient } from 'pg';
import { verifyLedger } from './ledger-verify';
import { backdateEntries } from './test/backdate-entries';
import { useTestPool } from '../../../test/test-pool';

/**
 * The billing views and the read-only role of the BillingViews migration (docs/ledger.md), against
 * PostgreSQL. Each test scripts its own accounts' history through the scout_* functions and reads
 * the views filtered to those accounts, so other test files writing at the same time do not matter.
 */

const READER = 'scout_billing_reader';
const VIEWS = ['account_balances', 'monthly_usage', 'daily_usage', 'grant_consumption', 'refunds', 'ledger_entries', 'plan_changes', 'plan_charges', 'holds'];
const LEDGER_TABLES = [
  'plans',
  'accounts',
  'api_keys',
  'credit_grants',
  'credit_entries',
  'credit_allocations',
  'plan_changes',
  'plan_periods',
  'credit_holds',
];
const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

describe('billing views (PostgreSQL): schema billing and the scout_billing_reader role', () => {
  const testDb = useTestPool({ max: 10 });

  // --- helpers -------------------------------------------------------------------------------

  async function newAccount(name: string): Promise<string> {
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ($1) RETURNING id`, [name]);
    return rows[0].id;
  }

  async function grant(accountId: string, credits: number, kind: string, expiresAt: Date | null = null): Promise<string> {
    const { rows } = await testDb.pool.query(`SELECT grant_id FROM scout_grant($1, $2, $3, $4, 'billing int-spec', 'test')`, [
      accountId,
      kind,
      credits,
      expiresAt,
    ]);
    return rows[0].grant_id as string;
  }

  async function use(accountId: string, tool: string, credits: number, requestId = `req-${Math.random().toString(36).slice(2)}`): Promise<number> {
    const { rows } = await testDb.pool.query(`SELECT entry_id, status FROM scout_spend($1, $2, 'usage', $3, $4, NULL, NULL)`, [
      accountId,
      credits,
      tool,
      requestId,
    ]);
    expect(rows[0].status).toBe('ok');
    return Number(rows[0].entry_id);
  }

  async function deduct(accountId: string, credits: number): Promise<void> {
    const { rows } = await testDb.pool.query(`SELECT status FROM scout_spend($1, $2, 'adjustment', NULL, NULL, 'billing int-spec', 'test')`, [
      accountId,
      credits,
    ]);
    expect(rows[0].status).toBe('ok');
  }

  async function refund(usageEntryId: number, reason = 'upstream failed'): Promise<number> {
    const { rows } = await testDb.pool.query(`SELECT entry_id FROM scout_refund($1, $2)`, [usageEntryId, reason]);
    return Number(rows[0].entry_id);
  }

  async function inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await testDb.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * What an expiry sweep (scout_expire_grants) writes, by hand so this file depends on the
   * BillingViews migration only: what is left of an expired grant leaves as one expiry entry with
   * its allocation, like every other credit movement. Runs in the caller's transaction, which
   * holds the account row.
   */
  async function writeOffExpired(client: PoolClient, accountId: string, grantId: string): Promise<void> {
    const { rows } = await client.query(`SELECT remaining FROM credit_grants WHERE id = $1 AND expires_at <= now() FOR UPDATE`, [grantId]);
    const left = Number(rows[0].remaining);
    const { rows: balance } = await client.query(`UPDATE accounts SET balance = balance - $2 WHERE id = $1 RETURNING balance`, [accountId, left]);
    const { rows: entry } = await client.query(
      `INSERT INTO credit_entries (account_id, kind, amount, balance_after, grant_id, reason, actor)
       VALUES ($1, 'expiry', $2, $3, $4, 'grant expired', 'test') RETURNING id`,
      [accountId, -left, balance[0].balance, grantId],
    );
    await client.query(`INSERT INTO credit_allocations (entry_id, grant_id, credits) VALUES ($1, $2, $3)`, [entry[0].id, grantId, -left]);
    await client.query(`UPDATE credit_grants SET remaining = 0 WHERE id = $1`, [grantId]);
  }

  /** Moves an account's entries to the given instants (by entry id), to script a history across months. */
  function backdate(instants: Record<number, string>): Promise<void> {
    return backdateEntries(
      testDb.pool,
      Object.entries(instants).map(([id, at]) => [Number(id), at]),
    );
  }

  async function view(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    return (await testDb.pool.query(sql, params)).rows;
  }

  // --- the views -----------------------------------------------------------------------------

  describe('after grants, usage, refunds and adjustments', () => {
    let accountId: string;
    let free: string;
    let topup: string;
    let bonus: string;
    const usage: Record<string, number> = {};

    beforeAll(async () => {
      accountId = await newAccount('billing views mix');
      free = await grant(accountId, 62_500, 'free');
      topup = await grant(accountId, 5_000, 'topup', inDays(30));
      usage.a1 = await use(accountId, 'tool_a', 250, 'req-a1');
      usage.a2 = await use(accountId, 'tool_a', 250, 'req-a2');
      usage.a3 = await use(accountId, 'tool_a', 250, 'req-a3');
      usage.b1 = await use(accountId, 'tool_b', 2_500, 'req-b1');
      await refund(usage.a2, 'upstream timed out');
      await refund(usage.b1, 'upstream 502');
      await deduct(accountId, 1_000);
      bonus = await grant(accountId, 700, 'adjustment');
    });

    it('account_balances: ledger balance, spendable, calls left at 250 credits, last entry', async () => {
      const [row] = await view(
        `SELECT name, plan_id, status, balance::int, spendable::int, calls_left::int, expired_pending::int,
                last_entry_at = (SELECT max(created_at) FROM credit_entries WHERE account_id = $1) AS last_entry_matches
           FROM billing.account_balances WHERE account_id = $1`,
        [accountId],
      );
      const balance = 62_500 + 5_000 - 3 * 250 - 2_500 + 250 + 2_500 - 1_000 + 700;
      expect(row).toEqual({
        name: 'billing views mix',
        plan_id: null,
        status: 'active',
        balance,
        spendable: balance,
        calls_left: Math.floor(balance / 250),
        expired_pending: 0,
        last_entry_matches: true,
      });
      expect(balance).toBe(66_700);
    });

    it('monthly_usage: calls and credits per tool in the current UTC month, net of refunds', async () => {
      const rows = await view(
        `SELECT month::text, tool, calls::int, credits::int, gross_calls::int, gross_credits::int,
                refunded_calls::int, refunded_credits::int
           FROM billing.monthly_usage WHERE account_id = $1 ORDER BY tool`,
        [accountId],
      );
      const month = `${new Date().toISOString().slice(0, 7)}-01`;
      expect(rows).toEqual([
        { month, tool: 'tool_a', calls: 2, credits: 500, gross_calls: 3, gross_credits: 750, refunded_calls: 1, refunded_credits: 250 },
        { month, tool: 'tool_b', calls: 0, credits: 0, gross_calls: 1, gross_credits: 2_500, refunded_calls: 1, refunded_credits: 2_500 },
      ]);
    });

    it('grant_consumption: the top-up, spent first, paid the usage net of refunds and the deduction', async () => {
      const rows = await view(
        `SELECT grant_id, kind, credits::int, consumed::int, deducted::int, expired_written::int, expired_pending::int,
                remaining::int, expires_at IS NOT NULL AS expires, state
           FROM billing.grant_consumption WHERE account_id = $1 ORDER BY credits DESC`,
        [accountId],
      );
      expect(rows).toEqual([
        {
          grant_id: free,
          kind: 'free',
          credits: 62_500,
          consumed: 0,
          deducted: 0,
          expired_written: 0,
          expired_pending: 0,
          remaining: 62_500,
          expires: false,
          state: 'active',
        },
        {
          grant_id: topup,
          kind: 'topup',
          credits: 5_000,
          consumed: 500,
          deducted: 1_000,
          expired_written: 0,
          expired_pending: 0,
          remaining: 3_500,
          expires: true,
          state: 'active',
        },
        {
          grant_id: bonus,
          kind: 'adjustment',
          credits: 700,
          consumed: 0,
          deducted: 0,
          expired_written: 0,
          expired_pending: 0,
          remaining: 700,
          expires: false,
          state: 'active',
        },
      ]);
    });

    it('refunds: one row per refunded call, linked to its usage entry, with the delay', async () => {
      const rows = await view(
        `SELECT usage_entry_id::int, tool, credits::int, request_id, reason, refunded_at >= charged_at AS ordered,
                delay = refunded_at - charged_at AS delay_matches,
                (SELECT kind FROM credit_entries WHERE id = refund_entry_id) AS refund_kind
           FROM billing.refunds WHERE account_id = $1 ORDER BY refund_entry_id`,
        [accountId],
      );
      expect(rows).toEqual([
        {
          usage_entry_id: usage.a2,
          tool: 'tool_a',
          credits: 250,
          request_id: 'req-a2',
          reason: 'upstream timed out',
          ordered: true,
          delay_matches: true,
          refund_kind: 'refund',
        },
        {
          usage_entry_id: usage.b1,
          tool: 'tool_b',
          credits: 2_500,
          request_id: 'req-b1',
          reason: 'upstream 502',
          ordered: true,
          delay_matches: true,
          refund_kind: 'refund',
        },
      ]);
    });

    it('ledger_entries: every entry of the account as written', async () => {
      const rows = await view(`SELECT kind, amount::int, balance_after::int, tool FROM billing.ledger_entries WHERE account_id = $1 ORDER BY entry_id`, [
        accountId,
      ]);
      expect(rows.map((r) => [r.kind, r.amount, r.balance_after, r.tool])).toEqual([
        ['grant', 62_500, 62_500, null],
        ['grant', 5_000, 67_500, null],
        ['usage', -250, 67_250, 'tool_a'],
        ['usage', -250, 67_000, 'tool_a'],
        ['usage', -250, 66_750, 'tool_a'],
        ['usage', -2_500, 64_250, 'tool_b'],
        ['refund', 250, 64_500, 'tool_a'],
        ['refund', 2_500, 67_000, 'tool_b'],
        ['adjustment', -1_000, 66_000, null],
        ['adjustment', 700, 66_700, null],
      ]);
    });
  });

  describe('grants past their expiry', () => {
    it('used_up, expired with the rest pending (not yet written off), and expired once written off', async () => {
      const accountId = await newAccount('billing views expiry');
      const soon = await grant(accountId, 200, 'topup', inDays(5));
      const later = await grant(accountId, 1_000, 'topup', inDays(10));
      const forever = await grant(accountId, 300, 'free');
      await use(accountId, 'tool_a', 200); // all of `soon`
      await use(accountId, 'tool_a', 400); // from `later`

      // One transaction holding the account row, as an expiry sweep would: a sweep running
      // meanwhile (another test, a worker) waits for it, then finds nothing left to write off.
      await inTransaction(async (client) => {
        await client.query(`SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE`, [accountId]);
        // Both top-ups pass their expiry (UPDATE on grants is allowed; only entries are append-only).
        await client.query(`UPDATE credit_grants SET expires_at = now() - interval '1 minute' WHERE id = ANY($1)`, [[soon, later]]);

        // In the order they were granted: made in one transaction, they share created_at.
        const granted = [soon, later, forever];
        const grants = async () =>
          (
            await client.query(
              `SELECT grant_id, consumed::int, expired_written::int, expired_pending::int, remaining::int, state
                 FROM billing.grant_consumption WHERE account_id = $1`,
              [accountId],
            )
          ).rows.sort((a: { grant_id: string }, b: { grant_id: string }) => granted.indexOf(a.grant_id) - granted.indexOf(b.grant_id));
        const balances = async () =>
          (
            await client.query(
              `SELECT balance::int, spendable::int, calls_left::int, expired_pending::int FROM billing.account_balances WHERE account_id = $1`,
              [accountId],
            )
          ).rows;

        expect(await grants()).toEqual([
          { grant_id: soon, consumed: 200, expired_written: 0, expired_pending: 0, remaining: 0, state: 'used_up' },
          { grant_id: later, consumed: 400, expired_written: 0, expired_pending: 600, remaining: 600, state: 'expired' },
          { grant_id: forever, consumed: 0, expired_written: 0, expired_pending: 0, remaining: 300, state: 'active' },
        ]);
        // Before the write-off the balance still holds the expired 600, which cannot be spent.
        expect(await balances()).toEqual([{ balance: 900, spendable: 300, calls_left: 1, expired_pending: 600 }]);

        await writeOffExpired(client, accountId, later);
        expect(await grants()).toEqual([
          { grant_id: soon, consumed: 200, expired_written: 0, expired_pending: 0, remaining: 0, state: 'used_up' },
          { grant_id: later, consumed: 400, expired_written: 600, expired_pending: 0, remaining: 0, state: 'expired' },
          { grant_id: forever, consumed: 0, expired_written: 0, expired_pending: 0, remaining: 300, state: 'active' },
        ]);
        expect(await balances()).toEqual([{ balance: 300, spendable: 300, calls_left: 1, expired_pending: 0 }]);
        // The scripted write-off is a valid ledger movement, not a shortcut around the invariants.
        await expect(verifyLedger(async (sql, params) => (await client.query(sql, params)).rows, { accountIds: [accountId] })).resolves.toEqual([]);
      });
    });
  });

  describe('months are UTC calendar months, refunds count in the month of the refunded call', () => {
    let accountId: string;

    beforeAll(async () => {
      accountId = await newAccount('billing views months');
      const g = await testDb.pool.query(`SELECT entry_id FROM scout_grant($1, 'topup', 10000, NULL, NULL, NULL)`, [accountId]);
      const jan = await use(accountId, 'tool_x', 250);
      const lastSecond = await use(accountId, 'tool_x', 250, 'req-new-year');
      const refunded = await refund(lastSecond, 'upstream 502');
      const feb = await use(accountId, 'tool_x', 250);
      const march = await use(accountId, 'tool_y', 1_250);
      await backdate({
        [Number(g.rows[0].entry_id)]: '2025-01-10T00:00:00Z',
        [jan]: '2025-01-20T12:00:00Z',
        [lastSecond]: '2025-01-31T23:59:59.900Z',
        [refunded]: '2025-02-01T00:00:00.100Z',
        [feb]: '2025-02-14T12:00:00Z',
        // 21:00 on 28 February in New York, already March in UTC.
        [march]: '2025-03-01T02:00:00Z',
      });
    });

    it('monthly_usage splits by UTC month whatever the session time zone', async () => {
      const client = await testDb.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SET LOCAL TIME ZONE 'America/New_York'`);
        const { rows } = await client.query(
          `SELECT month::text, tool, calls::int, credits::int, gross_calls::int, gross_credits::int,
                  refunded_calls::int, refunded_credits::int
             FROM billing.monthly_usage WHERE account_id = $1 ORDER BY month, tool`,
          [accountId],
        );
        expect(rows).toEqual([
          { month: '2025-01-01', tool: 'tool_x', calls: 1, credits: 250, gross_calls: 2, gross_credits: 500, refunded_calls: 1, refunded_credits: 250 },
          { month: '2025-02-01', tool: 'tool_x', calls: 1, credits: 250, gross_calls: 1, gross_credits: 250, refunded_calls: 0, refunded_credits: 0 },
          { month: '2025-03-01', tool: 'tool_y', calls: 1, credits: 1_250, gross_calls: 1, gross_credits: 1_250, refunded_calls: 0, refunded_credits: 0 },
        ]);
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    });

    it('refunds shows the charge and the refund across the month boundary, 200 ms apart', async () => {
      const rows = await view(
        `SELECT request_id, charged_at, refunded_at, (extract(epoch FROM delay) * 1000)::int AS delay_ms
           FROM billing.refunds WHERE account_id = $1`,
        [accountId],
      );
      expect(rows).toEqual([
        {
          request_id: 'req-new-year',
          charged_at: new Date('2025-01-31T23:59:59.900Z'),
          refunded_at: new Date('2025-02-01T00:00:00.100Z'),
          delay_ms: 200,
        },
      ]);
      const [balance] = await view(`SELECT last_entry_at FROM billing.account_balances WHERE account_id = $1`, [accountId]);
      expect(balance.last_entry_at).toEqual(new Date('2025-03-01T02:00:00Z'));
    });
  });

  // --- the read-only role --------------------------------------------------------------------

  describe('scout_billing_reader', () => {
    let accountId: string;
    let usageEntryId: number;

    beforeAll(async () => {
      accountId = await newAccount('billing reader');
      await grant(accountId, 1_000, 'free');
      usageEntryId = await use(accountId, 'tool_a', 250);
      await refund(usageEntryId);
    });

    /**
     * Runs work as the reader in a transaction that is always rolled back, so a missing grant can
     * never change data. attempt() runs one statement in a savepoint and returns its error.
     */
    async function asReader(work: (attempt: (sql: string, params?: unknown[]) => Promise<unknown>, client: PoolClient) => Promise<void>): Promise<void> {
      const client = await testDb.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SET ROLE ${READER}`);
        const attempt = async (sql: string, params: unknown[] = []) => {
          await client.query('SAVEPOINT attempt');
          try {
            await client.query(sql, params);
            await client.query('RELEASE SAVEPOINT attempt');
            return undefined;
          } catch (error) {
            await client.query('ROLLBACK TO SAVEPOINT attempt');
            return error;
          }
        };
        await work(attempt, client);
      } finally {
        await client.query('ROLLBACK');
        await client.query('RESET ROLE');
        client.release();
      }
    }

    it('runs every query docs/ledger.md gives the billing team, as the reader', async () => {
      const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'ledger.md'), 'utf8');
      const queries = [...doc.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]).filter((q) => /^\s*(SELECT|WITH)\b/i.test(q));
      expect(queries.length).toBeGreaterThanOrEqual(8);
      await asReader(async (attempt) => {
        for (const query of queries) expect({ query, error: await attempt(query) }).toEqual({ query, error: undefined });
      });
    });

    it('is a NOLOGIN role', async () => {
      const { rows } = await testDb.pool.query(`SELECT rolcanlogin, rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = $1`, [READER]);
      expect(rows).toEqual([{ rolcanlogin: false, rolsuper: false, rolcreaterole: false, rolcreatedb: false }]);
    });

    it('may SELECT every view of schema billing, and sees the same numbers as the owner', async () => {
      const { rows: granted } = await testDb.pool.query(
        `SELECT c.relname, has_table_privilege($1, c.oid, 'SELECT') AS can_select
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'billing' ORDER BY c.relname`,
        [READER],
      );
      expect(granted).toEqual([...VIEWS].sort().map((relname) => ({ relname, can_select: true })));

      const asOwner = await view(`SELECT balance::int, spendable::int FROM billing.account_balances WHERE account_id = $1`, [accountId]);
      await asReader(async (attempt, client) => {
        expect((await client.query('SELECT current_user AS who')).rows).toEqual([{ who: READER }]);
        for (const name of VIEWS) expect(await attempt(`SELECT * FROM billing.${name} LIMIT 1`)).toBeUndefined();
        const { rows } = await client.query(`SELECT balance::int, spendable::int FROM billing.account_balances WHERE account_id = $1`, [accountId]);
        expect(rows).toEqual(asOwner);
        expect(rows).toEqual([{ balance: 1_000, spendable: 1_000 }]);
        const { rows: refunds } = await client.query(`SELECT usage_entry_id::int FROM billing.refunds WHERE account_id = $1`, [accountId]);
        expect(refunds).toEqual([{ usage_entry_id: usageEntryId }]);
      });
    });

    it.each(LEDGER_TABLES)('is refused INSERT, UPDATE, DELETE and TRUNCATE on %s', async (table) => {
      await asReader(async (attempt) => {
        for (const sql of [`INSERT INTO ${table} DEFAULT VALUES`, `UPDATE ${table} SET created_at = created_at`, `DELETE FROM ${table}`, `TRUNCATE ${table}`]) {
          const error = await attempt(table === 'credit_allocations' ? sql.replace('created_at = created_at', 'credits = credits') : sql);
          expect({ sql, error }).toEqual({ sql, error: expect.objectContaining({ code: '42501', message: `permission denied for table ${table}` }) });
        }
      });
    });

    it('is refused SELECT on every table of schema public, and holds no privilege on any of them', async () => {
      const { rows: tables } = await testDb.pool.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
      const names = tables.map((t) => t.tablename as string);
      expect(names).toEqual(expect.arrayContaining([...LEDGER_TABLES, 'schema_migrations']));

      const { rows: privileges } = await testDb.pool.query(
        `SELECT tablename, privilege FROM pg_tables,
                unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) AS privilege
          WHERE schemaname = 'public' AND has_table_privilege($1, format('public.%I', tablename), privilege)`,
        [READER],
      );
      expect(privileges).toEqual([]);

      await asReader(async (attempt) => {
        for (const table of names) {
          const error = await attempt(`SELECT * FROM public.${table} LIMIT 1`);
          expect({ table, error }).toEqual({ table, error: expect.objectContaining({ code: '42501', message: `permission denied for table ${table}` }) });
        }
      });
    });

    it('cannot move credits through the scout_* functions, write through a view, or add objects to schema billing', async () => {
      await asReader(async (attempt) => {
        expect(await attempt(`SELECT * FROM scout_grant($1, 'topup', 1000, NULL, NULL, NULL)`, [accountId])).toMatchObject({ code: '42501' });
        expect(await attempt(`SELECT * FROM scout_spend($1, 250, 'usage', 'tool_a', 'r', NULL, NULL)`, [accountId])).toMatchObject({ code: '42501' });
        expect(await attempt(`SELECT * FROM scout_refund($1, 'x')`, [usageEntryId])).toMatchObject({ code: '42501' });
        expect(await attempt(`SELECT scout_spendable($1)`, [accountId])).toMatchObject({ code: '42501' });
        // ledger_entries is a simple (auto-updatable) view: only the missing privilege stops writes.
        expect(
          await attempt(`INSERT INTO billing.ledger_entries (account_id, kind, amount, balance_after) VALUES ($1, 'grant', 5, 5)`, [accountId]),
        ).toMatchObject({ code: '42501', message: 'permission denied for view ledger_entries' });
        expect(await attempt(`UPDATE billing.ledger_entries SET reason = 'x'`)).toMatchObject({ code: '42501' });
        expect(await attempt(`DELETE FROM billing.ledger_entries`)).toMatchObject({ code: '42501' });
        for (const name of VIEWS.filter((v) => v !== 'ledger_entries')) {
          expect(await attempt(`DELETE FROM billing.${name}`)).toBeInstanceOf(Error);
        }
        expect(await attempt(`CREATE VIEW billing.mine AS SELECT 1 AS one`)).toMatchObject({ code: '42501', message: 'permission denied for schema billing' });
      });
      const { rows } = await testDb.pool.query(`SELECT count(*)::int AS n, sum(amount)::int AS total FROM credit_entries WHERE account_id = $1`, [accountId]);
      expect(rows).toEqual([{ n: 3, total: 1_000 }]);
    });
  });
});
