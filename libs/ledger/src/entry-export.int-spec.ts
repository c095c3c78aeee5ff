import { randomUUID } from 'node:crypto';
import { useTestPool } from '../../../test/test-pool';
import { backdateEntries } from './test/backdate-entries';
import { readEntriesInPeriod, type ExportedEntry } from './entry-export';

/**
 * The exports' read (readEntriesInPeriod) against a plain query of the same entries: three accounts'
 * calls interleaved and backdated over a day of 2011 (no other suite writes there), read in small
 * batches for periods that cut the history at both ends, for one account and for all of them.
 */

const BASE = Date.parse('2011-06-01T00:00:00Z');
const MINUTE = 60_000;

describe('readEntriesInPeriod (ledger exports)', () => {
  const testDb = useTestPool({ max: 4 });
  const db = { query: async (sql: string, params?: unknown[]) => (await testDb.pool.query(sql, params)).rows };
  const accounts: string[] = [];

  beforeAll(async () => {
    for (const name of ['export a', 'export b', 'export c']) {
      const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ($1) RETURNING id`, [name]);
      accounts.push(rows[0].id);
      await testDb.pool.query(`SELECT * FROM scout_grant($1, 'topup', 100000, NULL, 'export', 'test')`, [rows[0].id]);
    }
    // 45 calls, the accounts in turn; call i is moved to minute 1,440 - 30 i, so ids run against time.
    const moved: Array<[number, string]> = [];
    for (let i = 0; i < 45; i++) {
      const { rows } = await testDb.pool.query<{ entry_id: string }>(`SELECT entry_id FROM scout_charge($1, $2, $3, $4, 'rest', $5)`, [
        accounts[i % 3],
        1 + (i % 4),
        ['tool_a', 'tool_b'][i % 2],
        `export-${i}`,
        randomUUID(),
      ]);
      // Microseconds too (.xxx987): the export writes milliseconds, cut as JavaScript's dates cut them.
      moved.push([Number(rows[0].entry_id), new Date(BASE + (1_440 - 30 * i) * MINUTE + i * 7).toISOString().replace('Z', '987Z')]);
    }
    await backdateEntries(testDb.pool, moved);
  });

  /** The same entries by a plain query, created_at written by JavaScript from the Date pg parses. */
  async function expected(accountId: string | null, from: Date, to: Date): Promise<ExportedEntry[]> {
    const rows = (await db.query(
      `SELECT account_id, id, created_at, kind, amount, balance_after, tool, grant_id, refund_of, request_id, reason, actor, channel
         FROM credit_entries WHERE ($1::uuid IS NULL OR account_id = $1) AND created_at >= $2 AND created_at < $3 ORDER BY id`,
      [accountId, from, to],
    )) as Array<Omit<ExportedEntry, 'created_at'> & { created_at: Date }>;
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  async function read(accountId: string | null, from: Date, to: Date, batchSize: number): Promise<ExportedEntry[][]> {
    const batches: ExportedEntry[][] = [];
    for await (const batch of readEntriesInPeriod(db, accountId, from, to, batchSize)) batches.push(batch);
    return batches;
  }

  const at = (minute: number) => new Date(BASE + minute * MINUTE);
  const periods: Array<[Date, Date]> = [
    [at(0), at(1_441)],
    [at(100), at(1_000)],
    [at(-60), at(95)],
    [at(1_290), at(2_000)],
    [at(500), at(530)],
    [at(501), at(509)],
  ];

  it.each(periods)('one account, %s to %s: its entries of the period, by id, every batch full but the last', async (from, to) => {
    for (const accountId of accounts) {
      for (const batchSize of [1, 2, 5, 1_000]) {
        const batches = await read(accountId, from, to, batchSize);
        expect(batches.flat()).toEqual(await expected(accountId, from, to));
        expect(batches.slice(0, -1).every((batch) => batch.length === batchSize)).toBe(true);
      }
    }
  });

  it.each(periods)('every account, %s to %s: the entries of the period, by id', async (from, to) => {
    for (const batchSize of [1, 4, 1_000]) {
      const rows = (await read(null, from, to, batchSize)).flat();
      expect(rows).toEqual(await expected(null, from, to));
    }
  });

  it('a period with no entries reads nothing, and the whole day lists all 45 calls once', async () => {
    await expect(read(accounts[0], at(2_000), at(3_000), 10)).resolves.toEqual([]);
    const all = (await read(null, at(0), at(1_441), 7)).flat().filter((e) => accounts.includes(e.account_id));
    expect(all).toHaveLength(45);
    expect(new Set(all.map((e) => e.request_id)).size).toBe(45);
  });
});
