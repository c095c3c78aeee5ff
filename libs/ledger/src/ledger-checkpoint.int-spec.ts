import { Pool, type PoolClient } from 'pg';
import { readCheckpoint, touchedAccounts } from './ledger-checkpoint';
import type { LedgerQuery } from './ledger-verify';
import { freshDatabase, runCli, scriptHistory, type FreshDatabase } from './test/ledger-verify-cli';

/**
 * `npm run ledger:verify -- --since-checkpoint`: a clean run records its checkpoint, and a
 * checkpointed run checks only the accounts touched since then. Each test runs the CLI on a fresh
 * database of its own (a new database on the server under test, or an embedded PostgreSQL), since
 * it checks and records for the whole database.
 */

const SINCE = '--since-checkpoint';

describe('npm run ledger:verify -- --since-checkpoint', () => {
  let database: FreshDatabase;
  let pool: Pool;
  let a: Awaited<ReturnType<typeof scriptHistory>>;
  let b: Awaited<ReturnType<typeof scriptHistory>>;

  const checkpoints = async () =>
    (
      await pool.query<{ n: number; entry: string; hold: string }>(
        `SELECT count(*)::int AS n, (SELECT last_entry_id::text FROM ledger_verify_checkpoints ORDER BY id DESC LIMIT 1) AS entry,
              (SELECT last_hold_id::text FROM ledger_verify_checkpoints ORDER BY id DESC LIMIT 1) AS hold
         FROM ledger_verify_checkpoints`,
      )
    ).rows[0];
  const lastEntryId = async () => (await pool.query<{ id: string }>(`SELECT max(id)::text AS id FROM credit_entries`)).rows[0].id;
  /** Writes with the table's append-only trigger set aside, in one transaction. */
  const rewrite = async (table: string, sql: string, params: unknown[]): Promise<void> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`ALTER TABLE ${table} DISABLE TRIGGER trg_${table}_append_only`);
      await client.query(sql, params);
      await client.query(`ALTER TABLE ${table} ENABLE TRIGGER trg_${table}_append_only`);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  };

  beforeAll(async () => {
    database = await freshDatabase();
    pool = new Pool({ connectionString: database.url, max: 3 });
    a = await scriptHistory(pool, 'checkpoint a');
    b = await scriptHistory(pool, 'checkpoint b');
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await database?.dispose();
  });

  it('without a checkpoint checks everything; a clean run records one at the ids given out; with nothing since, it checks no account', async () => {
    expect((await checkpoints()).n).toBe(0);
    const first = await runCli([database.url, SINCE]);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain('No checkpoint yet: every account checked.');
    expect(first.stdout).toMatch(/^Checkpoint moved to \S+ \(entry #\d+, hold #\d+\)\.$/m);
    expect(await checkpoints()).toEqual({ n: 1, entry: await lastEntryId(), hold: '0' });

    const again = await runCli([database.url, SINCE]);
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toMatch(/^Checked 0 account\(s\) touched since the checkpoint of \S+ \(entry #\d+, hold #0\)/m);
    expect((await checkpoints()).n).toBe(2);
  }, 60_000);

  it('a balance edited after the checkpoint: the checkpointed run finds it and leaves the checkpoint; once repaired, a clean run moves it', async () => {
    await runCli([database.url]);
    const before = await checkpoints();
    await pool.query(`UPDATE accounts SET balance = balance + 5 WHERE id = $1`, [a.accountId]);
    const found = await runCli([database.url, SINCE]);
    expect(found.code).toBe(1);
    expect(found.stdout).toMatch(/^Checked 1 account\(s\) touched since/m);
    expect(found.stdout).toContain(`accounts#${a.accountId}: balance is ${a.balance + 5} but its 8 entries sum to ${a.balance}`);
    expect(found.stdout).not.toContain('Checkpoint moved');
    expect(await checkpoints()).toEqual(before);

    await pool.query(`UPDATE accounts SET balance = balance - 5 WHERE id = $1`, [a.accountId]);
    const repaired = await runCli([database.url, SINCE]);
    expect(repaired).toMatchObject({ code: 0, stderr: '' });
    expect(repaired.stdout).toMatch(/^Checked 1 account\(s\) touched since/m);
    expect((await checkpoints()).n).toBe(before.n + 1);
  }, 60_000);

  it('an entry written by hand after the checkpoint (its account row untouched) is found by its id', async () => {
    await runCli([database.url]);
    const before = await checkpoints();
    // The append-only trigger refuses updates and deletes, not inserts.
    const [entry] = (
      await pool.query<{ id: string }>(
        `INSERT INTO credit_entries (account_id, kind, amount, balance_after, reason) VALUES ($1, 'adjustment', -1, $2, 'by hand') RETURNING id::text`,
        [b.accountId, b.balance - 1],
      )
    ).rows;
    const found = await runCli([database.url, SINCE]);
    expect(found.code).toBe(1);
    expect(found.stdout).toMatch(/^FAIL +balance_equals_entries /m);
    expect(found.stdout).toContain(`credit_entries#${entry.id} (account ${b.accountId}): adjustment of -1 but its allocations sum to 0`);
    expect(await checkpoints()).toEqual(before);

    await rewrite('credit_entries', `DELETE FROM credit_entries WHERE id = $1`, [entry.id]);
    expect((await runCli([database.url])).code).toBe(0);
    expect((await checkpoints()).n).toBe(before.n + 1);
  }, 60_000);

  it('holds placed, and holds resolved since, touch their accounts (a hold writes no entry and leaves the account row alone)', async () => {
    const { rows } = await pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('checkpoint holds') RETURNING id`);
    const accountId = rows[0].id;
    await pool.query(`SELECT * FROM scout_grant($1, 'topup', 5000, NULL, 'checkpoint int-spec', 'test')`, [accountId]);
    expect((await runCli([database.url])).code).toBe(0);
    const placed = await pool.query<{ hold_id: string }>(`SELECT hold_id::text FROM scout_hold($1, 250, 'tool_a', 'req', 600000, 'rest')`, [accountId]);
    expect(await touched()).toEqual([accountId]);

    // The hold is pending at this checkpoint; voiding it afterwards changes only its own row.
    expect((await runCli([database.url, SINCE])).code).toBe(0);
    expect(await touched()).toEqual([]);
    await pool.query(`SELECT * FROM scout_void($1, 'tool_error')`, [placed.rows[0].hold_id]);
    expect(await touched()).toEqual([accountId]);
  }, 60_000);

  it('waits for a transaction open when it starts: an entry it commits later is checked by that run, not left behind the checkpoint', async () => {
    const client: PoolClient = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`INSERT INTO credit_entries (account_id, kind, amount, balance_after, reason) VALUES ($1, 'adjustment', -1, 0, 'in flight')`, [
        a.accountId,
      ]);
      const run = runCli([database.url]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await client.query('COMMIT');
      const result = await run;
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^FAIL +balance_after_running_sum /m);
    } finally {
      client.release();
    }
  }, 60_000);

  /** The accounts a checkpointed run would check now. */
  async function touched(): Promise<string[] | null> {
    const client = await pool.connect();
    const query: LedgerQuery = async (sql, params) => (await client.query(sql, params)).rows;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const checkpoint = await readCheckpoint(query);
      return checkpoint && (await touchedAccounts(query, checkpoint));
    } finally {
      await client.query('COMMIT');
      client.release();
    }
  }
});
