import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { backdateEntries } from './test/backdate-entries';
import { useTestPool } from '../../../test/test-pool';
import { markLedger, touchedAccounts } from './ledger-checkpoint';
import { verifyLedger, type LedgerQuery } from './ledger-verify';
import { readAllTimeUsage, readUsage } from './usage-reads';

/**
 * usage_totals (UsageTotals migration) follow usage_rollups through every path that writes them,
 * by the rollups' own statement triggers; readAllTimeUsage answers what readUsage(null, null)
 * answered for GET /api/v1/me; ledger:verify catches a totals row that drifts. Other suites share
 * the database: every account here is this file's, and every corruption is rolled back.
 */

const DAY_MS = 86_400_000;
const COUNTS = 'calls::int, credits::int, refunded_calls::int, refunded_credits::int';

/** An account's totals rows, and its rollups summed over days the same way: the two must be equal. */
async function totalsAndRollups(db: Pool | PoolClient, accounts: string[]) {
  const of = async (sql: string) => (await db.query(sql, [accounts])).rows;
  return {
    totals: await of(`SELECT account_id, tool, channel, ${COUNTS} FROM usage_totals WHERE account_id = ANY($1) ORDER BY 1, 2, 3`),
    rollups: await of(`
      SELECT account_id, tool, channel, ${COUNTS} FROM (
        SELECT account_id, tool, channel, sum(calls) AS calls, sum(credits) AS credits,
               sum(refunded_calls) AS refunded_calls, sum(refunded_credits) AS refunded_credits
          FROM usage_rollups WHERE account_id = ANY($1) GROUP BY 1, 2, 3) s
       ORDER BY 1, 2, 3`),
  };
}

describe('usage_totals follow usage_rollups', () => {
  const testDb = useTestPool({ max: 3 });
  const query: LedgerQuery = async (sql, params) => (await testDb.pool.query(sql, params)).rows;

  const open = async (name: string, credits = 1_000_000) => {
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ($1) RETURNING id`, [name]);
    await testDb.pool.query(`SELECT * FROM scout_grant($1, 'topup', $2, NULL, 'usage totals', 'test')`, [rows[0].id, credits]);
    return rows[0].id;
  };
  const charge = async (account: string, amount: number, tool: string, channel = 'rest') =>
    Number(
      (await testDb.pool.query(`SELECT entry_id FROM scout_charge($1, $2, $3, 'req', $4, $5)`, [account, amount, tool, channel, randomUUID()])).rows[0]
        .entry_id,
    );
  const hold = async (account: string, amount: number, tool: string, channel = 'rest', ttlMs = 600_000) =>
    Number((await testDb.pool.query(`SELECT hold_id FROM scout_hold($1, $2, $3, 'req', $4, $5)`, [account, amount, tool, ttlMs, channel])).rows[0].hold_id);
  const post = async (holdId: number) =>
    (await testDb.pool.query<{ status: string; entry_id: string | null }>(`SELECT * FROM scout_post($1)`, [holdId])).rows[0];
  const refund = (entryId: number) => testDb.pool.query(`SELECT * FROM scout_refund($1, 'usage totals')`, [entryId]);
  const totals = async (account: string) => (await totalsAndRollups(testDb.pool, [account])).totals.map(({ account_id: _, ...row }) => row);
  /** The totals equal the rollups summed, and ledger:verify finds nothing wrong with these accounts. */
  const expectFollowing = async (accounts: string[]) => {
    const { totals: t, rollups: r } = await totalsAndRollups(testDb.pool, accounts);
    expect(t).toEqual(r);
    await expect(verifyLedger(query, { accountIds: accounts })).resolves.toEqual([]);
  };

  it('a direct charge adds its call; a second one on the same tool and channel adds to the same row', async () => {
    const account = await open('totals direct');
    await charge(account, 250, 'tool_a');
    expect(await totals(account)).toEqual([{ tool: 'tool_a', channel: 'rest', calls: 1, credits: 250, refunded_calls: 0, refunded_credits: 0 }]);
    await charge(account, 100, 'tool_a');
    await charge(account, 40, 'tool_a', 'mcp');
    expect(await totals(account)).toEqual([
      { tool: 'tool_a', channel: 'mcp', calls: 1, credits: 40, refunded_calls: 0, refunded_credits: 0 },
      { tool: 'tool_a', channel: 'rest', calls: 2, credits: 350, refunded_calls: 0, refunded_credits: 0 },
    ]);
    await expectFollowing([account]);
  });

  it('a batch of charges over several accounts, some rows new and some updated in the same statement', async () => {
    const accounts = [await open('totals batch 1'), await open('totals batch 2'), await open('totals batch 3')];
    await charge(accounts[1], 250, 'tool_b');
    // Account 1's tool_b row exists (the upsert updates it) while every other row is new (it inserts them).
    const calls = [
      [0, 'tool_a', 'rest'],
      [1, 'tool_b', 'rest'],
      [2, 'tool_a', 'mcp'],
      [0, 'tool_a', 'rest'],
      [1, 'tool_c', 'mcp'],
      [2, 'tool_a', 'mcp'],
    ] as const;
    const { rows } = await testDb.pool.query<{ status: string }>(
      `SELECT status FROM scout_charge_many($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::uuid[])`,
      [
        calls.map(([a]) => accounts[a]),
        calls.map(() => 250),
        calls.map(([, t]) => t),
        calls.map(() => 'req'),
        calls.map(([, , c]) => c),
        calls.map(() => randomUUID()),
      ],
    );
    expect(rows.map((r) => r.status)).toEqual(calls.map(() => 'ok'));
    expect(await totals(accounts[0])).toEqual([{ tool: 'tool_a', channel: 'rest', calls: 2, credits: 500, refunded_calls: 0, refunded_credits: 0 }]);
    expect(await totals(accounts[1])).toEqual([
      { tool: 'tool_b', channel: 'rest', calls: 2, credits: 500, refunded_calls: 0, refunded_credits: 0 },
      { tool: 'tool_c', channel: 'mcp', calls: 1, credits: 250, refunded_calls: 0, refunded_credits: 0 },
    ]);
    await expectFollowing(accounts);
  });

  it('hold and post add the call; a void, an expired hold and an expired grant add nothing', async () => {
    const account = await open('totals holds');
    expect((await post(await hold(account, 300, 'tool_a', 'mcp'))).status).toBe('posted');
    const voided = await hold(account, 300, 'tool_a', 'mcp');
    await testDb.pool.query(`SELECT * FROM scout_void($1, 'tool_error')`, [voided]);
    const expiring = await hold(account, 300, 'tool_a', 'mcp', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await post(expiring)).status).toBe('expired');
    await testDb.pool.query(`SELECT * FROM scout_grant($1, 'topup', 500, now() + interval '5 milliseconds', 'short', 'test')`, [account]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const expired = await testDb.pool.query(`SELECT * FROM scout_expire_grants(now(), 10, $1)`, [account]);
    expect(expired.rows).toHaveLength(1);
    expect(await totals(account)).toEqual([{ tool: 'tool_a', channel: 'mcp', calls: 1, credits: 300, refunded_calls: 0, refunded_credits: 0 }]);
    await expectFollowing([account]);
  });

  it('a refund counts as refunded on its call row (a later one too, of a call of an earlier day)', async () => {
    const account = await open('totals refunds');
    const first = await charge(account, 250, 'tool_a');
    await charge(account, 250, 'tool_a');
    await backdate([[first, new Date(Date.now() - 3 * DAY_MS)]]);
    await refund(first);
    expect(await totals(account)).toEqual([{ tool: 'tool_a', channel: 'rest', calls: 2, credits: 500, refunded_calls: 1, refunded_credits: 250 }]);
    expect(await readAllTimeUsage(usageSql(), account)).toEqual({
      byTool: [{ tool: 'tool_a', calls: 1, credits: 250 }],
      byChannel: [
        { channel: 'rest', calls: 1, credits: 250 },
        { channel: 'mcp', calls: 0, credits: 0 },
      ],
    });
    await expectFollowing([account]);
  });

  it('on a mixed history spread over days, the all-time read answers what readUsage(null, null) did for /me', async () => {
    const account = await open('totals mixed');
    const moves: Array<[number, Date]> = [];
    for (let i = 0; i < 36; i++) {
      const tool = ['tool_a', 'tool_b', 'tool_c'][i % 3];
      const channel = i % 4 === 0 ? 'mcp' : 'rest';
      const entry =
        i % 3 === 0
          ? await charge(account, 100 + i, tool, channel)
          : i % 3 === 1
            ? Number((await post(await hold(account, 200 + i, tool, channel))).entry_id)
            : Number(
                (await testDb.pool.query(`SELECT entry_id FROM scout_spend($1, $2, 'usage', $3, 'req', NULL, 'test')`, [account, 50 + i, tool])).rows[0]
                  .entry_id,
              );
      if (i % 5 === 2) await refund(entry);
      moves.push([entry, new Date(Date.now() - (i % 6) * DAY_MS - i * 60_000)]);
    }
    // tool_d's one call refunded: /me leaves a tool with neither calls nor credits out.
    const ghost = await charge(account, 70, 'tool_d', 'mcp');
    await refund(ghost);
    await backdate(moves);
    const old = await readUsage(usageSql(), account, null, null);
    const answer = await readAllTimeUsage(usageSql(), account);
    expect(answer).toEqual({ byTool: old.byTool.filter((t) => t.calls > 0 || t.credits > 0), byChannel: old.byChannel });
    expect(answer.byTool.map((t) => t.tool)).toEqual(['tool_a', 'tool_b', 'tool_c']);
    expect(old.byDay.length).toBeGreaterThanOrEqual(6);
    await expectFollowing([account]);
  });

  it('a rollup row deleted or edited by hand moves the totals with it (the statement triggers on usage_rollups)', async () => {
    const account = await open('totals by hand');
    await charge(account, 250, 'tool_a');
    await charge(account, 250, 'tool_b');
    await inTransaction(async (client) => {
      await client.query(`UPDATE usage_rollups SET calls = calls + 2, credits = credits + 10 WHERE account_id = $1`, [account]);
      await client.query(`DELETE FROM usage_rollups WHERE account_id = $1 AND tool = 'tool_b'`, [account]);
      const { totals: t, rollups: r } = await totalsAndRollups(client, [account]);
      expect(t).toEqual([
        { account_id: account, tool: 'tool_a', channel: 'rest', calls: 3, credits: 260, refunded_calls: 0, refunded_credits: 0 },
        { account_id: account, tool: 'tool_b', channel: 'rest', calls: 0, credits: 0, refunded_calls: 0, refunded_credits: 0 },
      ]);
      expect(r).toEqual([t[0]]);
    });
  });

  it('ledger:verify names a totals row that differs from its rollups, one with no rollups, and rollups with no totals row', async () => {
    const account = await open('totals corrupted');
    await charge(account, 250, 'tool_a');
    const row = (tool: string, channel = 'rest') => `usage_totals#${account}/${tool}/${channel}`;
    const detail = (total: string, rollups: string) =>
      `the total says ${total} (calls/credits/refunded calls/refunded credits) but the rollups sum to ${rollups}`;
    const found = (corrupt: string) =>
      inTransaction(async (client) => {
        await client.query(corrupt, [account]);
        return verifyLedger(async (sql, params) => (await client.query(sql, params)).rows, { accountIds: [account] });
      });
    await expect(found(`UPDATE usage_totals SET credits = credits + 1 WHERE account_id = $1`)).resolves.toEqual([
      { invariant: 'usage_totals_equal_rollups', accountId: account, row: row('tool_a'), detail: detail('1/251/0/0', '1/250/0/0') },
    ]);
    await expect(found(`INSERT INTO usage_totals (account_id, tool, channel, calls, credits) VALUES ($1, 'ghost_tool', 'mcp', 1, 250)`)).resolves.toEqual([
      { invariant: 'usage_totals_equal_rollups', accountId: account, row: row('ghost_tool', 'mcp'), detail: detail('1/250/0/0', '0/0/0/0') },
    ]);
    await expect(found(`DELETE FROM usage_totals WHERE account_id = $1`)).resolves.toEqual([
      { invariant: 'usage_totals_equal_rollups', accountId: account, row: row('tool_a'), detail: detail('0/0/0/0', '1/250/0/0') },
    ]);
    await expectFollowing([account]);
  });

  it('a totals row edited by hand since the checkpoint touches its account (--since-checkpoint checks it)', async () => {
    const account = await open('totals checkpoint');
    await charge(account, 250, 'tool_a');
    // Not settled (other suites keep transactions open): the ids and transaction id are what matter here.
    const mark = await markLedger(query, { waitMs: 0 });
    const checkpoint = { ...mark, id: '0', firstPendingHoldId: null };
    expect(await touchedAccounts(query, checkpoint)).not.toContain(account);
    await inTransaction(async (client) => {
      await client.query(`UPDATE usage_totals SET calls = calls + 1 WHERE account_id = $1`, [account]);
      const q: LedgerQuery = async (sql, params) => (await client.query(sql, params)).rows;
      const touched = await touchedAccounts(q, checkpoint);
      expect(touched).toContain(account);
      const violations = await verifyLedger(q, { accountIds: touched!.filter((id) => id === account) });
      expect(violations.map((v) => [v.invariant, v.row])).toEqual([['usage_totals_equal_rollups', `usage_totals#${account}/tool_a/rest`]]);
    });
  });

  it('no index of usage_totals names a count, so its updates stay in place (HOT)', async () => {
    const { rows } = await testDb.pool.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'usage_totals'`);
    expect(rows.map((r) => r.indexdef)).toEqual([expect.stringMatching(/\(account_id, tool, channel\)$/)]);
  });

  /** readUsage and readAllTimeUsage take TypeORM's query (resolving to the rows). */
  function usageSql() {
    return { query: async (sql: string, params?: unknown[]) => (await testDb.pool.query(sql, params)).rows };
  }

  /** Runs `body` in a transaction that is always rolled back. */
  async function inTransaction<T>(body: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await testDb.pool.connect();
    try {
      await client.query('BEGIN');
      return await body(client);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  /** Moves entries to other instants (backdateEntries). */
  function backdate(moves: Array<[number, Date]>): Promise<void> {
    return backdateEntries(testDb.pool, moves);
  }
});
