import { createServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool, type PoolClient } from 'pg';
import { startDatabaseProcess } from '../../../test/embedded-db-process';
import { migrate } from '../../../test/test-database';
import { useTestPool } from '../../../test/test-pool';
import { LEDGER_INVARIANTS, verifyLedger, type LedgerQuery, type LedgerViolation } from './ledger-verify';
import { freshDatabase, runCli, scriptHistory, type FreshDatabase } from './test/ledger-verify-cli';

/**
 * verifyLedger and `npm run ledger:verify` against PostgreSQL. Other test files write to the same
 * database at the same time, so checks there are scoped to this file's accounts and every
 * corruption happens inside a transaction that is rolled back (the verifier runs inside it). The
 * CLI checks a whole database, so it runs against a fresh database of its own.
 */

const queryOf =
  (db: Pool | PoolClient): LedgerQuery =>
  async (sql, params) =>
    (await db.query(sql, params)).rows;

/** An account with one hold of each outcome: posted (charged, an MCP call), voided, and pending within its deadline. */
async function scriptHolds(db: Pool) {
  const { rows } = await db.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('verify holds') RETURNING id`);
  const accountId = rows[0].id;
  await db.query(`SELECT * FROM scout_grant($1, 'topup', 5000, NULL, 'verify int-spec', 'test')`, [accountId]);
  const hold = async (channel = 'rest') =>
    Number((await db.query(`SELECT hold_id FROM scout_hold($1, 250, 'tool_a', 'req', 600000, $2)`, [accountId, channel])).rows[0].hold_id);
  const posted = await hold('mcp');
  await db.query(`SELECT * FROM scout_post($1)`, [posted]);
  const voided = await hold();
  await db.query(`SELECT * FROM scout_void($1, 'tool_error')`, [voided]);
  return { accountId, posted, voided, pending: await hold() };
}

describe('verifyLedger (PostgreSQL)', () => {
  const testDb = useTestPool({ max: 5 });
  let history: Awaited<ReturnType<typeof scriptHistory>>;
  let other: Awaited<ReturnType<typeof scriptHistory>>;
  let planned: { accountId: string; periodId: number };
  let held: { accountId: string; posted: number; voided: number; pending: number };
  let scope: { accountIds: string[] };

  beforeAll(async () => {
    history = await scriptHistory(testDb.pool, 'verify history');
    other = await scriptHistory(testDb.pool, 'verify other');
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('verify planned') RETURNING id`);
    await testDb.pool.query(`SELECT * FROM scout_change_plan($1, 'starter', '2027-01-31T10:00:00Z', 'test', NULL)`, [rows[0].id]);
    const renewed = await testDb.pool.query(`SELECT period_id FROM scout_renew_plans('2027-02-28T10:00:00Z', 10, $1)`, [rows[0].id]);
    planned = { accountId: rows[0].id, periodId: Number(renewed.rows[0].period_id) };
    held = await scriptHolds(testDb.pool);
    scope = { accountIds: [history.accountId, other.accountId, planned.accountId, held.accountId] };
  });

  /** Corrupts inside a transaction, verifies inside it (seeing the corruption), then rolls back. */
  async function verifyCorrupted(corrupt: (client: PoolClient) => Promise<void>): Promise<LedgerViolation[]> {
    const client = await testDb.pool.connect();
    try {
      await client.query('BEGIN');
      await corrupt(client);
      return await verifyLedger(queryOf(client), scope);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  /** Writes to the append-only tables with their trigger set aside, within the caller's transaction. */
  async function rewrite(client: PoolClient, table: 'credit_entries' | 'credit_allocations' | 'plan_periods', sql: string, params: unknown[]): Promise<void> {
    await client.query(`ALTER TABLE ${table} DISABLE TRIGGER trg_${table}_append_only`);
    const { rowCount } = await client.query(sql, params);
    expect(rowCount).toBe(1);
    await client.query(`ALTER TABLE ${table} ENABLE TRIGGER trg_${table}_append_only`);
  }

  afterEach(async () => {
    // Every corruption was rolled back: the accounts are clean again.
    await expect(verifyLedger(queryOf(testDb.pool), scope)).resolves.toEqual([]);
  });

  it('names every invariant it checks', () => {
    expect(LEDGER_INVARIANTS.map((i) => i.invariant)).toEqual([
      'balance_not_negative',
      'balance_equals_entries',
      'balance_after_running_sum',
      'refund_links_usage',
      'one_refund_per_usage',
      'grant_remaining_equals_allocations',
      'grant_remaining_within_credits',
      'entry_allocations_equal_amount',
      'allocation_same_account',
      'spendable_within_balance',
      'plan_period_grant',
      'plan_renewal_date',
      'hold_resolved_by_deadline',
      'posted_hold_one_usage',
      'unposted_hold_charges_nothing',
      'usage_channel_matches_hold',
      'refund_channel_matches_usage',
      'usage_rollups_equal_entries',
      'usage_totals_equal_rollups',
      'append_only_triggers',
    ]);
  });

  it('a usage rollup edited by hand: usage_rollups_equal_entries names its row, both sums side by side', async () => {
    const { rows } = await testDb.pool.query(
      `SELECT day::text, tool, channel, calls::int, credits::int, refunded_calls::int, refunded_credits::int
         FROM usage_rollups WHERE account_id = $1 AND calls > 0 ORDER BY day, tool LIMIT 1`,
      [history.accountId],
    );
    const r = rows[0];
    const violations = await verifyCorrupted((c) =>
      c
        .query(`UPDATE usage_rollups SET calls = calls + 1 WHERE account_id = $1 AND day = $2 AND tool = $3 AND channel = $4`, [
          history.accountId,
          r.day,
          r.tool,
          r.channel,
        ])
        .then(() => undefined),
    );
    const sums = (calls: number) => `${calls}/${r.credits}/${r.refunded_calls}/${r.refunded_credits}`;
    expect(violations).toEqual([
      {
        invariant: 'usage_rollups_equal_entries',
        accountId: history.accountId,
        row: `usage_rollups#${history.accountId}/${r.day}/${r.tool}/${r.channel}`,
        detail: `the rollup says ${sums(r.calls + 1)} (calls/credits/refunded calls/refunded credits) but the entries sum to ${sums(r.calls)}`,
      },
    ]);
  });

  it('a rollup row with no entries behind it: usage_rollups_equal_entries names it', async () => {
    const violations = await verifyCorrupted((c) =>
      c
        .query(`INSERT INTO usage_rollups (account_id, day, tool, channel, calls, credits) VALUES ($1, '2020-01-01', 'ghost_tool', 'rest', 1, 250)`, [
          other.accountId,
        ])
        .then(() => undefined),
    );
    expect(violations).toEqual([
      expect.objectContaining({ invariant: 'usage_rollups_equal_entries', row: `usage_rollups#${other.accountId}/2020-01-01/ghost_tool/rest` }),
    ]);
  });

  it('finds nothing wrong with a history of grants, usage, refunds and adjustments', async () => {
    const { rows } = await testDb.pool.query(`SELECT balance::int FROM accounts WHERE id = $1`, [history.accountId]);
    expect(rows[0].balance).toBe(history.balance);
    await expect(verifyLedger(queryOf(testDb.pool), scope)).resolves.toEqual([]);
  });

  it('accounts.balance edited by hand: balance_equals_entries names the account', async () => {
    const violations = await verifyCorrupted((c) =>
      c.query(`UPDATE accounts SET balance = balance + 5 WHERE id = $1`, [history.accountId]).then(() => undefined),
    );
    expect(violations).toEqual([
      {
        invariant: 'balance_equals_entries',
        accountId: history.accountId,
        row: `accounts#${history.accountId}`,
        detail: `balance is ${history.balance + 5} but its 8 entries sum to ${history.balance}`,
      },
    ]);
  });

  it('a balance lowered below what the grants hold: also spendable_within_balance', async () => {
    const violations = await verifyCorrupted((c) =>
      c.query(`UPDATE accounts SET balance = balance - 100 WHERE id = $1`, [history.accountId]).then(() => undefined),
    );
    expect(violations).toEqual([
      expect.objectContaining({ invariant: 'balance_equals_entries', accountId: history.accountId }),
      {
        invariant: 'spendable_within_balance',
        accountId: history.accountId,
        row: `accounts#${history.accountId}`,
        detail: `spendable ${history.balance} exceeds the balance ${history.balance - 100}`,
      },
    ]);
  });

  it('a negative balance (its CHECK dropped inside the transaction): balance_not_negative', async () => {
    const violations = await verifyCorrupted(async (c) => {
      await c.query(`ALTER TABLE accounts DROP CONSTRAINT accounts_balance_check`);
      await c.query(`UPDATE accounts SET balance = -7 WHERE id = $1`, [other.accountId]);
    });
    expect(violations.filter((v) => v.invariant === 'balance_not_negative')).toEqual([
      { invariant: 'balance_not_negative', accountId: other.accountId, row: `accounts#${other.accountId}`, detail: 'balance is -7' },
    ]);
    expect(violations.map((v) => v.invariant)).toEqual(['balance_not_negative', 'balance_equals_entries', 'spendable_within_balance']);
  });

  it('the amount of a refunded usage entry rewritten: every invariant it breaks, at that entry', async () => {
    const violations = await verifyCorrupted((c) =>
      rewrite(c, 'credit_entries', `UPDATE credit_entries SET amount = amount - 1 WHERE id = $1`, [history.refunded]),
    );
    const sumAfter = history.balance - 1;
    expect(violations).toEqual([
      expect.objectContaining({ invariant: 'balance_equals_entries', detail: `balance is ${history.balance} but its 8 entries sum to ${sumAfter}` }),
      {
        invariant: 'balance_after_running_sum',
        accountId: history.accountId,
        row: `credit_entries#${history.refunded}`,
        detail: `balance_after is ${12_000 - 250 - 2_500} but the running sum is ${12_000 - 250 - 2_501} (first of 5 diverging entries of this account)`,
      },
      {
        invariant: 'refund_links_usage',
        accountId: history.accountId,
        row: `credit_entries#${history.refundEntry}`,
        detail: `amount 2500 does not reverse entry ${history.refunded}'s -2501`,
      },
      {
        invariant: 'entry_allocations_equal_amount',
        accountId: history.accountId,
        row: `credit_entries#${history.refunded}`,
        detail: 'usage of -2501 but its allocations sum to -2500',
      },
    ]);
    expect(violations.every((v) => v.accountId === history.accountId)).toBe(true);
  });

  it("one entry's balance_after rewritten: balance_after_running_sum names that entry only", async () => {
    const violations = await verifyCorrupted((c) =>
      rewrite(c, 'credit_entries', `UPDATE credit_entries SET balance_after = balance_after + 1 WHERE id = $1`, [other.deduction]),
    );
    expect(violations).toEqual([
      {
        invariant: 'balance_after_running_sum',
        accountId: other.accountId,
        row: `credit_entries#${other.deduction}`,
        detail: `balance_after is ${12_000 - 250 - 500 + 1} but the running sum is ${12_000 - 250 - 500}`,
      },
    ]);
  });

  it("a grant's remaining edited by hand: grant_remaining_equals_allocations names the grant", async () => {
    const violations = await verifyCorrupted((c) =>
      c.query(`UPDATE credit_grants SET remaining = remaining - 10 WHERE id = $1`, [history.freeGrant]).then(() => undefined),
    );
    expect(violations).toEqual([
      {
        invariant: 'grant_remaining_equals_allocations',
        accountId: history.accountId,
        row: `credit_grants#${history.freeGrant}`,
        detail: 'remaining is 9990 but its allocations sum to 10000',
      },
    ]);
  });

  it('a grant holding more than it was granted (its CHECK dropped): grant_remaining_within_credits', async () => {
    const violations = await verifyCorrupted(async (c) => {
      await c.query(`ALTER TABLE credit_grants DROP CONSTRAINT credit_grants_check`);
      await c.query(`UPDATE credit_grants SET remaining = credits + 1 WHERE id = $1`, [other.topupGrant]);
    });
    expect(violations).toContainEqual({
      invariant: 'grant_remaining_within_credits',
      accountId: other.accountId,
      row: `credit_grants#${other.topupGrant}`,
      detail: 'remaining 2001 is outside 0..2000',
    });
  });

  it("an allocation moved to another account's grant: allocation_same_account", async () => {
    const violations = await verifyCorrupted((c) =>
      rewrite(c, 'credit_allocations', `UPDATE credit_allocations SET grant_id = $2 WHERE entry_id = $1`, [history.last, other.freeGrant]),
    );
    expect(violations).toContainEqual({
      invariant: 'allocation_same_account',
      accountId: history.accountId,
      row: `credit_entries#${history.last}`,
      detail: `allocated to grant ${other.freeGrant} of account ${other.accountId}`,
    });
  });

  it('a refund credited to another account: refund_links_usage names the refund', async () => {
    // A well-formed movement on `other` in every other respect: balance, balance_after, allocation, grant.
    let refundId = '';
    const violations = await verifyCorrupted(async (c) => {
      const { rows } = await c.query(`UPDATE accounts SET balance = balance + 250 WHERE id = $1 RETURNING balance`, [other.accountId]);
      const { rows: entry } = await c.query(
        `INSERT INTO credit_entries (account_id, kind, amount, balance_after, tool, refund_of) VALUES ($1, 'refund', 250, $2, 'tool_a', $3) RETURNING id::text`,
        [other.accountId, rows[0].balance, history.used],
      );
      refundId = entry[0].id;
      await c.query(`INSERT INTO credit_allocations (entry_id, grant_id, credits) VALUES ($1, $2, 250)`, [refundId, other.topupGrant]);
      await c.query(`UPDATE credit_grants SET remaining = remaining + 250 WHERE id = $1`, [other.topupGrant]);
    });
    expect(violations).toEqual([
      {
        invariant: 'refund_links_usage',
        accountId: other.accountId,
        row: `credit_entries#${refundId}`,
        detail: `refunds entry ${history.used} of account ${history.accountId}`,
      },
    ]);
  });

  it('a plan period rewritten to more credits than its grant gave: plan_period_grant names the period', async () => {
    const violations = await verifyCorrupted((c) =>
      rewrite(c, 'plan_periods', `UPDATE plan_periods SET credits = credits + 1 WHERE id = $1`, [planned.periodId]),
    );
    expect(violations).toEqual([
      {
        invariant: 'plan_period_grant',
        accountId: planned.accountId,
        row: `plan_periods#${planned.periodId}`,
        detail: `period of 375001 credits paid by a plan grant of 375000 to account ${planned.accountId}`,
      },
    ]);
  });

  it('a plan or renewal date edited by hand: plan_renewal_date names the account', async () => {
    const moved = await verifyCorrupted((c) =>
      c.query(`UPDATE accounts SET plan_renews_at = plan_renews_at + interval '1 day' WHERE id = $1`, [planned.accountId]).then(() => undefined),
    );
    expect(moved).toEqual([
      {
        invariant: 'plan_renewal_date',
        accountId: planned.accountId,
        row: `accounts#${planned.accountId}`,
        detail: 'plan starter renewing at 2027-04-01T10:00:00.000Z, but its latest period is starter ending 2027-03-31T10:00:00.000Z',
      },
    ]);
    const upgraded = await verifyCorrupted((c) => c.query(`UPDATE accounts SET plan_id = 'pro' WHERE id = $1`, [planned.accountId]).then(() => undefined));
    expect(upgraded.map((v) => [v.invariant, v.detail])).toEqual([
      ['plan_renewal_date', 'plan pro renewing at 2027-03-31T10:00:00.000Z, but its latest period is starter ending 2027-03-31T10:00:00.000Z'],
    ]);
  });

  it('a hold left pending long past its deadline (the sweep stopped): hold_resolved_by_deadline names it', async () => {
    let holdId = 0;
    const violations = await verifyCorrupted(async (c) => {
      const { rows } = await c.query(
        `INSERT INTO credit_holds (account_id, amount, tool, created_at, expires_at)
         VALUES ($1, 250, 'tool_a', now() - interval '10 minutes', now() - interval '5 minutes') RETURNING id`,
        [held.accountId],
      );
      holdId = Number(rows[0].id);
    });
    expect(violations).toEqual([
      {
        invariant: 'hold_resolved_by_deadline',
        accountId: held.accountId,
        row: `credit_holds#${holdId}`,
        detail: expect.stringMatching(/^pending, deadline was \d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  it('a hold marked posted with no usage entry: posted_hold_one_usage names it', async () => {
    let holdId = 0;
    const violations = await verifyCorrupted(async (c) => {
      const { rows } = await c.query(
        `INSERT INTO credit_holds (account_id, amount, tool, state, resolved_at, expires_at)
         VALUES ($1, 250, 'tool_a', 'posted', now(), now() + interval '1 minute') RETURNING id`,
        [held.accountId],
      );
      holdId = Number(rows[0].id);
    });
    expect(violations).toEqual([
      {
        invariant: 'posted_hold_one_usage',
        accountId: held.accountId,
        row: `credit_holds#${holdId}`,
        detail: 'posted for 250 credits but no usage entry names it',
      },
    ]);
  });

  it('a usage entry pinned on a voided hold: unposted_hold_charges_nothing names the hold', async () => {
    const { rows } = await testDb.pool.query(`SELECT id FROM credit_entries WHERE hold_id = $1`, [held.posted]);
    const entryId = Number(rows[0].id);
    const violations = await verifyCorrupted((c) =>
      rewrite(c, 'credit_entries', `UPDATE credit_entries SET hold_id = $1 WHERE id = $2`, [held.voided, entryId]),
    );
    expect(violations).toEqual([
      expect.objectContaining({ invariant: 'posted_hold_one_usage', row: `credit_holds#${held.posted}` }),
      {
        invariant: 'unposted_hold_charges_nothing',
        accountId: held.accountId,
        row: `credit_holds#${held.voided}`,
        detail: `voided but charged by entries ${entryId}`,
      },
      // The entry of an MCP call now names a REST hold.
      expect.objectContaining({ invariant: 'usage_channel_matches_hold', row: `credit_entries#${entryId}` }),
    ]);
  });

  it("a usage entry on another channel than its hold's: usage_channel_matches_hold names the entry", async () => {
    const { rows } = await testDb.pool.query(`SELECT id, channel FROM credit_entries WHERE hold_id = $1`, [held.posted]);
    expect(rows[0].channel).toBe('mcp');
    const entryId = Number(rows[0].id);
    const violations = await verifyCorrupted((c) => rewrite(c, 'credit_entries', `UPDATE credit_entries SET channel = 'rest' WHERE id = $1`, [entryId]));
    expect(violations).toEqual([
      {
        invariant: 'usage_channel_matches_hold',
        accountId: held.accountId,
        row: `credit_entries#${entryId}`,
        detail: `channel rest but its hold ${held.posted} came by mcp`,
      },
    ]);
    // The same mismatch made from the other side: the hold's channel rewritten past its guard.
    const fromHold = await verifyCorrupted(async (c) => {
      await c.query(`ALTER TABLE credit_holds DISABLE TRIGGER trg_credit_holds_transition`);
      await c.query(`UPDATE credit_holds SET channel = 'rest' WHERE id = $1`, [held.posted]);
      await c.query(`ALTER TABLE credit_holds ENABLE TRIGGER trg_credit_holds_transition`);
    });
    expect(fromHold).toEqual([
      expect.objectContaining({ invariant: 'usage_channel_matches_hold', detail: `channel mcp but its hold ${held.posted} came by rest` }),
    ]);
  });

  it('a refund on another channel than the call it reverses: refund_channel_matches_usage names the refund', async () => {
    const violations = await verifyCorrupted((c) =>
      rewrite(c, 'credit_entries', `UPDATE credit_entries SET channel = 'mcp' WHERE id = $1`, [history.refundEntry]),
    );
    expect(violations).toEqual([
      {
        invariant: 'refund_channel_matches_usage',
        accountId: history.accountId,
        row: `credit_entries#${history.refundEntry}`,
        detail: `channel mcp but the usage entry ${history.refunded} it refunds is rest`,
      },
    ]);
  });

  it('the append-only trigger disabled (or replica-only): append_only_triggers names the table and operations', async () => {
    const disabled = await verifyCorrupted((c) =>
      c.query(`ALTER TABLE credit_allocations DISABLE TRIGGER trg_credit_allocations_append_only`).then(() => undefined),
    );
    const triggers = 'trg_credit_allocations_append_only (disabled), trg_credit_allocations_no_truncate (enabled)';
    expect(disabled).toEqual(
      ['UPDATE', 'DELETE'].map((op) => ({
        invariant: 'append_only_triggers',
        accountId: null,
        row: 'pg_trigger#credit_allocations',
        detail: `no enabled trigger refuses ${op} on credit_allocations (triggers: ${triggers})`,
      })),
    );

    const replica = await verifyCorrupted((c) =>
      c.query(`ALTER TABLE credit_entries ENABLE REPLICA TRIGGER trg_credit_entries_no_truncate`).then(() => undefined),
    );
    expect(replica).toEqual([
      expect.objectContaining({
        invariant: 'append_only_triggers',
        row: 'pg_trigger#credit_entries',
        detail: expect.stringMatching(/^no enabled trigger refuses TRUNCATE on credit_entries .*trg_credit_entries_no_truncate \(replica only\)/),
      }),
    ]);
  });
});

// --- the CLI ---------------------------------------------------------------------------------

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('npm run ledger:verify (the CLI, over a whole fresh database)', () => {
  let database: FreshDatabase;
  let pool: Pool;
  let history: Awaited<ReturnType<typeof scriptHistory>>;

  beforeAll(async () => {
    database = await freshDatabase();
    pool = new Pool({ connectionString: database.url, max: 2 });
    history = await scriptHistory(pool, 'cli history');
    await scriptHistory(pool, 'cli other');
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await database?.dispose();
  });

  it('exits 0 and says every invariant holds on a clean ledger', async () => {
    const run = await runCli([database.url]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    for (const { invariant } of LEDGER_INVARIANTS) expect(run.stdout).toMatch(new RegExp(`^ok +${invariant} `, 'm'));
    expect(run.stdout).toContain(`All ${LEDGER_INVARIANTS.length} invariants hold.`);
  }, 60_000);

  it('exits 1 and names the hand-corrupted row once a balance is edited', async () => {
    await pool.query(`UPDATE accounts SET balance = balance + 5 WHERE id = $1`, [history.accountId]);
    const run = await runCli([database.url]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL +balance_equals_entries /m);
    expect(run.stdout).toContain(`accounts#${history.accountId}: balance is ${history.balance + 5} but its 8 entries sum to ${history.balance}`);
    expect(run.stdout).toMatch(/^ok +balance_after_running_sum /m);
    expect(run.stdout).toContain(`1 violation(s) of 1 of ${LEDGER_INVARIANTS.length} invariants.`);
  }, 60_000);

  it('exits 2 when the database cannot be reached', async () => {
    const port = await closedPort();
    const run = await runCli([`postgres://postgres:secret@127.0.0.1:${port}/postgres`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`ledger:verify could not run: cannot connect to postgres://postgres:***@127.0.0.1:${port}/postgres`);
    expect(run.stderr).not.toContain('secret');
  }, 60_000);

  it('exits 2 without DATABASE_URL when DATA_DIR holds no embedded database; uses EMBEDDED_DB_PORT when set', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'scout-verify-empty-'));
    const none = await runCli([], { DATA_DIR: empty });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`DATA_DIR (${empty}) holds no embedded database`);

    const port = await closedPort();
    const embedded = await runCli([], { EMBEDDED_DB_PORT: String(port) });
    expect(embedded.code).toBe(2);
    expect(embedded.stderr).toContain(`cannot connect to postgres://postgres@127.0.0.1:${port}/postgres`);
  }, 60_000);

  it('checks the embedded database of DATA_DIR by itself, and through the Scout serving it while one runs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scout-verify-data-'));
    const served = await startDatabaseProcess(dataDir);
    try {
      await migrate(served.url);
      const db = new Pool({ connectionString: served.url, max: 1 });
      await scriptHistory(db, 'data dir history');
      await db.end();
      const throughServer = await runCli([], { DATA_DIR: dataDir });
      expect(throughServer).toMatchObject({ code: 0, stderr: '' });
      expect(throughServer.stdout).toContain(`Ledger verification of ${served.url}`);
    } finally {
      await served.kill();
    }
    const opened = await runCli([], { DATA_DIR: dataDir });
    expect(opened).toMatchObject({ code: 0, stderr: '' });
    expect(opened.stdout).toContain(`All ${LEDGER_INVARIANTS.length} invariants hold.`);
  }, 120_000);

  it('exits 2 on a bad argument', async () => {
    const run = await runCli(['--fix']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage: npm run ledger:verify');
  }, 60_000);
});
