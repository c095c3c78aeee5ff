import type { Pool } from 'pg';
import { useTestPool } from '../../../test/test-pool';
import { backdateEntries } from './test/backdate-entries';
import { readUsage } from './usage-reads';
import { verifyLedger } from './ledger-verify';

/**
 * readUsage (the rollups, plus the entries of partial days) against the same figures summed from
 * the entries themselves, over a history spread across days by backdating, for many periods.
 */

const DAY_MS = 86_400_000;
const BASE = Date.parse('2026-03-10T00:00:00Z');

/** The old read: every usage entry of the period, its refund whenever it came. */
async function fromEntries(pool: Pool, accountId: string, from: Date | null, to: Date | null) {
  const net = (group: string) =>
    pool
      .query(
        `SELECT ${group} AS key, (count(*) - count(r.id))::int AS calls, (-sum(u.amount) - coalesce(sum(r.amount), 0))::int AS credits
           FROM credit_entries u LEFT JOIN credit_entries r ON r.refund_of = u.id
          WHERE u.account_id = $1 AND u.kind = 'usage'
            AND ($2::timestamptz IS NULL OR u.created_at >= $2) AND ($3::timestamptz IS NULL OR u.created_at < $3)
          GROUP BY 1 ORDER BY 1`,
        [accountId, from, to],
      )
      .then((r) => r.rows as { key: string; calls: number; credits: number }[]);
  const [byTool, byDay, byChannel] = await Promise.all([net('u.tool'), net(`to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`), net('u.channel')]);
  return {
    byTool: byTool.map(({ key, calls, credits }) => ({ tool: key, calls, credits })),
    byDay: byDay.map(({ key, calls, credits }) => ({ day: key, calls, credits })),
    byChannel: ['rest', 'mcp'].map((channel) => {
      const row = byChannel.find((r) => r.key === channel);
      return { channel, calls: row?.calls ?? 0, credits: row?.credits ?? 0 };
    }),
  };
}

describe('readUsage (usage rollups)', () => {
  const testDb = useTestPool({ max: 4 });
  /** readUsage takes TypeORM's query (resolving to the rows). */
  const db = { query: async (sql: string, params?: unknown[]) => (await testDb.pool.query(sql, params)).rows };
  let accountId: string;

  beforeAll(async () => {
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('usage rollups') RETURNING id`);
    accountId = rows[0].id;
    await testDb.pool.query(`SELECT * FROM scout_grant($1, 'topup', 10000000, NULL, 'rollups', 'test')`, [accountId]);
    // 60 calls over 3 tools and both channels, every 7th refunded; then each moved to one of
    // 6 days, at hours that fall on both sides of the partial-day edges read below.
    const instants: Array<[number, string]> = [];
    for (let i = 0; i < 60; i++) {
      const tool = ['tool_a', 'tool_b', 'tool_c'][i % 3];
      const channel = i % 4 === 0 ? 'mcp' : 'rest';
      const hold = await testDb.pool.query(`SELECT hold_id FROM scout_hold($1, $2, $3, $4, 600000, $5)`, [
        accountId,
        250 * (1 + (i % 3)),
        tool,
        `r${i}`,
        channel,
      ]);
      const posted = await testDb.pool.query(`SELECT entry_id FROM scout_post($1)`, [hold.rows[0].hold_id]);
      const entryId = Number(posted.rows[0].entry_id);
      if (i % 7 === 3) await testDb.pool.query(`SELECT * FROM scout_refund($1, 'rollups')`, [entryId]);
      instants.push([entryId, new Date(BASE + (i % 6) * DAY_MS + ((i * 5) % 24) * 3_600_000 + i * 1000).toISOString()]);
    }
    await backdateEntries(testDb.pool, instants);
  });

  it('the rollups follow the history, backdating included: ledger:verify finds them equal to the entries', async () => {
    await expect(verifyLedger(async (sql, params) => (await testDb.pool.query(sql, params)).rows, { accountIds: [accountId] })).resolves.toEqual([]);
    const { rows } = await testDb.pool.query(
      `SELECT count(*)::int AS days FROM (SELECT DISTINCT day FROM usage_rollups WHERE account_id = $1 AND calls > 0) d`,
      [accountId],
    );
    expect(rows[0].days).toBe(6);
  });

  it('over the life of the account, and over whole and partial days, equals the sums of the entries', async () => {
    const hour = (h: number) => new Date(BASE + h * 3_600_000);
    const periods: Array<[Date | null, Date | null]> = [
      [null, null],
      [hour(0), hour(6 * 24)],
      [hour(5), null],
      [null, hour(50)],
      [hour(13), hour(101)],
      [hour(30), hour(40)],
      [hour(47), hour(49)],
      [hour(24), hour(48)],
      [hour(-100), hour(1000)],
      [hour(7), hour(7)],
    ];
    for (const [from, to] of periods) {
      const expected = await fromEntries(testDb.pool, accountId, from, to);
      await expect(readUsage(db, accountId, from, to)).resolves.toEqual(expected);
    }
  });

  it('a refund counts on the day of the call it refunds, not the day it came', async () => {
    const { rows } = await testDb.pool.query(
      `SELECT u.id, (u.created_at AT TIME ZONE 'UTC')::date::text AS day, u.amount::int AS amount FROM credit_entries u
        WHERE u.account_id = $1 AND u.kind = 'usage' AND EXISTS (SELECT 1 FROM credit_entries r WHERE r.refund_of = u.id) LIMIT 1`,
      [accountId],
    );
    const day = new Date(`${rows[0].day}T00:00:00Z`);
    const usage = await readUsage(db, accountId, day, new Date(day.getTime() + DAY_MS));
    const expected = await fromEntries(testDb.pool, accountId, day, new Date(day.getTime() + DAY_MS));
    expect(usage.byDay).toEqual(expected.byDay);
    // The refunds were written long after (today), yet nothing of them lands on today.
    const today = await readUsage(db, accountId, new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS), null);
    expect(today.byTool).toEqual([]);
  });
});
