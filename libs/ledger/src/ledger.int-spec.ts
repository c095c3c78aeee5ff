import type { Pool, PoolClient } from 'pg';
import { ledgerRows } from '../../../test/ledger-rows';
import { useTestPool } from '../../../test/test-pool';

/**
 * Integration tests of the ledger straight against PostgreSQL (docs/architecture.md section 5): the
 * tables, triggers and scout_* functions of the LedgerFoundation migration. Accounts are inserted
 * with plain SQL; credits move only through scout_grant / scout_spend / scout_refund.
 */

interface SpendRow {
  entry_id: number | null;
  remaining: number | null;
  status: string;
}

interface GrantRow {
  grant_id: string;
  entry_id: number;
  remaining: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

describe('ledger (PostgreSQL): invariants of the LedgerFoundation migration', () => {
  const testDb = useTestPool({ max: 20 });

  // --- helpers -------------------------------------------------------------------------------

  async function newAccount(name = 'ledger int-spec'): Promise<string> {
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ($1) RETURNING id`, [name]);
    return rows[0].id;
  }

  async function grant(
    accountId: string,
    credits: number,
    options: { kind?: 'free' | 'plan' | 'topup' | 'adjustment'; expiresAt?: Date | null } = {},
  ): Promise<GrantRow> {
    const { rows } = await testDb.pool.query(`SELECT grant_id, entry_id, remaining FROM scout_grant($1, $2, $3, $4, $5, $6)`, [
      accountId,
      options.kind ?? 'topup',
      credits,
      options.expiresAt ?? null,
      'int-spec',
      'test',
    ]);
    return { grant_id: rows[0].grant_id, entry_id: Number(rows[0].entry_id), remaining: Number(rows[0].remaining) };
  }

  async function spend(accountId: string, amount: number, kind: 'usage' | 'adjustment' = 'usage', db: Pool | PoolClient = testDb.pool): Promise<SpendRow> {
    const { rows } = await db.query(`SELECT entry_id, remaining, status FROM scout_spend($1, $2, $3, $4, $5, $6, $7)`, [
      accountId,
      amount,
      kind,
      kind === 'usage' ? 'int_tool' : null,
      kind === 'usage' ? `req-${Math.random().toString(36).slice(2)}` : null,
      kind === 'adjustment' ? 'int-spec deduction' : null,
      kind === 'adjustment' ? 'test' : null,
    ]);
    return {
      entry_id: rows[0].entry_id === null ? null : Number(rows[0].entry_id),
      remaining: rows[0].remaining === null ? null : Number(rows[0].remaining),
      status: rows[0].status,
    };
  }

  async function refund(usageEntryId: number): Promise<{ entry_id: number; remaining: number }> {
    const { rows } = await testDb.pool.query(`SELECT entry_id, remaining FROM scout_refund($1, $2)`, [usageEntryId, 'int-spec refund']);
    return { entry_id: Number(rows[0].entry_id), remaining: Number(rows[0].remaining) };
  }

  async function balanceOf(accountId: string): Promise<number> {
    const { rows } = await testDb.pool.query(`SELECT balance FROM accounts WHERE id = $1`, [accountId]);
    return Number(rows[0].balance);
  }

  async function spendableOf(accountId: string): Promise<number> {
    const { rows } = await testDb.pool.query(`SELECT scout_spendable($1) AS s`, [accountId]);
    return Number(rows[0].s);
  }

  async function remainingOf(grantId: string): Promise<number> {
    const { rows } = await testDb.pool.query(`SELECT remaining FROM credit_grants WHERE id = $1`, [grantId]);
    return Number(rows[0].remaining);
  }

  async function allocationsOf(entryId: number): Promise<Record<string, number>> {
    const { rows } = await testDb.pool.query(`SELECT grant_id, credits FROM credit_allocations WHERE entry_id = $1`, [entryId]);
    return Object.fromEntries(rows.map((r) => [r.grant_id as string, Number(r.credits)]));
  }

  const entriesOf = (accountId: string) => ledgerRows(testDb.pool, accountId);

  async function counts(accountId: string) {
    const { rows } = await testDb.pool.query(
      `SELECT (SELECT count(*) FROM credit_entries WHERE account_id = $1) AS entries,
              (SELECT count(*) FROM credit_allocations a JOIN credit_grants g ON g.id = a.grant_id WHERE g.account_id = $1) AS allocations,
              (SELECT coalesce(sum(remaining), 0) FROM credit_grants WHERE account_id = $1) AS grant_remaining,
              (SELECT balance FROM accounts WHERE id = $1) AS balance`,
      [accountId],
    );
    return {
      entries: Number(rows[0].entries),
      allocations: Number(rows[0].allocations),
      grantRemaining: Number(rows[0].grant_remaining),
      balance: Number(rows[0].balance),
    };
  }

  /** Every ledger invariant that must hold for one account at rest. */
  async function expectInvariants(accountId: string): Promise<void> {
    const entries = await entriesOf(accountId);
    const balance = await balanceOf(accountId);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(entries.reduce((sum, e) => sum + e.amount, 0));

    let running = 0;
    for (const entry of entries) {
      running += entry.amount;
      expect({ id: entry.id, balanceAfter: entry.balanceAfter }).toEqual({ id: entry.id, balanceAfter: running });
      expect(entry.balanceAfter).toBeGreaterThanOrEqual(0);
    }

    // Per grant: remaining equals the sum of its allocations, and stays within [0, credits].
    const { rows: grants } = await testDb.pool.query(
      `SELECT g.id, g.credits, g.remaining, coalesce(sum(a.credits), 0) AS allocated
         FROM credit_grants g LEFT JOIN credit_allocations a ON a.grant_id = g.id
        WHERE g.account_id = $1 GROUP BY g.id`,
      [accountId],
    );
    for (const g of grants) {
      expect({ grant: g.id, remaining: Number(g.remaining) }).toEqual({ grant: g.id, remaining: Number(g.allocated) });
      expect(Number(g.remaining)).toBeGreaterThanOrEqual(0);
      expect(Number(g.remaining)).toBeLessThanOrEqual(Number(g.credits));
    }

    // Per entry: the allocations of an entry add up to its amount (every credit moved has a grant).
    const { rows: perEntry } = await testDb.pool.query(
      `SELECT e.id, e.amount, coalesce(sum(a.credits), 0) AS allocated
         FROM credit_entries e LEFT JOIN credit_allocations a ON a.entry_id = e.id
        WHERE e.account_id = $1 GROUP BY e.id`,
      [accountId],
    );
    for (const e of perEntry) {
      expect({ entry: Number(e.id), allocated: Number(e.allocated) }).toEqual({ entry: Number(e.id), allocated: Number(e.amount) });
    }

    // One refund at most per usage entry, each linked to a usage entry of the same account.
    const refunds = entries.filter((e) => e.kind === 'refund');
    const refundedIds = refunds.map((r) => r.refundOf);
    expect(new Set(refundedIds).size).toBe(refundedIds.length);
    for (const r of refunds) {
      const usage = entries.find((e) => e.id === r.refundOf);
      expect(usage?.kind).toBe('usage');
      expect(r.amount).toBe(-usage!.amount);
    }
  }

  /** Runs sql in a transaction that is always rolled back, so a missing guard cannot destroy data. */
  async function inRolledBackTransaction(sql: string, params: unknown[] = []): Promise<unknown> {
    const client = await testDb.pool.connect();
    try {
      await client.query('BEGIN');
      try {
        await client.query(sql, params);
        return undefined;
      } catch (error) {
        return error;
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  // --- append-only ---------------------------------------------------------------------------

  describe('credit_entries and credit_allocations are append-only', () => {
    let accountId: string;
    let entryId: number;

    beforeAll(async () => {
      accountId = await newAccount('append-only');
      const g = await grant(accountId, 1000, { kind: 'free' });
      const s = await spend(accountId, 250);
      expect(s.status).toBe('ok');
      entryId = s.entry_id!;
      expect(g.entry_id).toBeLessThan(entryId);
    });

    it.each([
      ['UPDATE', 'credit_entries', `UPDATE credit_entries SET amount = -1 WHERE id = $1`],
      ['UPDATE', 'credit_entries', `UPDATE credit_entries SET reason = 'rewritten' WHERE id = $1`],
      ['DELETE', 'credit_entries', `DELETE FROM credit_entries WHERE id = $1`],
      ['UPDATE', 'credit_allocations', `UPDATE credit_allocations SET credits = -1 WHERE entry_id = $1`],
      ['DELETE', 'credit_allocations', `DELETE FROM credit_allocations WHERE entry_id = $1`],
    ])('%s on %s is refused by the trigger: %s', async (op, table, sql) => {
      const error = await inRolledBackTransaction(sql, [entryId]);
      expect(error).toMatchObject({
        code: '42501',
        message: `ledger rows are append-only: ${op} on ${table} is refused`,
      });
      await expect(entriesOf(accountId)).resolves.toEqual([
        expect.objectContaining({ kind: 'grant', amount: 1000 }),
        expect.objectContaining({ id: entryId, kind: 'usage', amount: -250, balanceAfter: 750 }),
      ]);
      await expectInvariants(accountId);
    });

    it('TRUNCATE credit_allocations is refused by the trigger', async () => {
      const error = await inRolledBackTransaction(`TRUNCATE credit_allocations`);
      expect(error).toMatchObject({ code: '42501', message: 'ledger rows are append-only: TRUNCATE on credit_allocations is refused' });
      expect((await counts(accountId)).allocations).toBe(2);
    });

    it('TRUNCATE credit_entries (with CASCADE, past the foreign keys) is refused by the trigger', async () => {
      const error = await inRolledBackTransaction(`TRUNCATE credit_entries CASCADE`);
      expect(error).toMatchObject({
        code: '42501',
        message: expect.stringMatching(/^ledger rows are append-only: TRUNCATE on credit_(entries|allocations) is refused$/),
      });
      expect((await counts(accountId)).entries).toBe(2);
    });

    it('inserting is allowed: the functions append entries and allocations', async () => {
      const before = await counts(accountId);
      expect((await spend(accountId, 250)).status).toBe('ok');
      const after = await counts(accountId);
      expect(after.entries).toBe(before.entries + 1);
      expect(after.allocations).toBe(before.allocations + 1);
    });
  });

  // --- CHECK constraints --------------------------------------------------------------------

  describe('CHECK constraints', () => {
    it('refuse a negative accounts.balance on UPDATE and on INSERT', async () => {
      const accountId = await newAccount('check');
      await grant(accountId, 100);
      const updateError = await inRolledBackTransaction(`UPDATE accounts SET balance = -1 WHERE id = $1`, [accountId]);
      expect(updateError).toMatchObject({ code: '23514', constraint: 'accounts_balance_check' });
      const insertError = await inRolledBackTransaction(`INSERT INTO accounts (name, balance) VALUES ('negative', -5)`);
      expect(insertError).toMatchObject({ code: '23514', constraint: 'accounts_balance_check' });
      expect(await balanceOf(accountId)).toBe(100);
    });

    it('refuse a grant whose remaining exceeds its credits or goes negative', async () => {
      const accountId = await newAccount('check grants');
      const g = await grant(accountId, 100);
      expect(await inRolledBackTransaction(`UPDATE credit_grants SET remaining = -1 WHERE id = $1`, [g.grant_id])).toMatchObject({ code: '23514' });
      expect(await inRolledBackTransaction(`UPDATE credit_grants SET remaining = 101 WHERE id = $1`, [g.grant_id])).toMatchObject({ code: '23514' });
    });

    it('the functions refuse non-positive amounts', async () => {
      const accountId = await newAccount('bad amounts');
      await grant(accountId, 1000);
      await expect(testDb.pool.query(`SELECT * FROM scout_spend($1, 0, 'usage', 't', 'r', NULL, NULL)`, [accountId])).rejects.toThrow(/bad amount/);
      await expect(testDb.pool.query(`SELECT * FROM scout_spend($1, -5, 'usage', 't', 'r', NULL, NULL)`, [accountId])).rejects.toThrow(/bad amount/);
      await expect(testDb.pool.query(`SELECT * FROM scout_spend($1, 5, 'refund', 't', 'r', NULL, NULL)`, [accountId])).rejects.toThrow(/bad amount/);
      await expect(testDb.pool.query(`SELECT * FROM scout_grant($1, 'topup', 0, NULL, NULL, NULL)`, [accountId])).rejects.toThrow(/must be positive/);
      await expect(testDb.pool.query(`SELECT * FROM scout_grant($1, 'topup', -10, NULL, NULL, NULL)`, [accountId])).rejects.toThrow(/must be positive/);
      expect(await counts(accountId)).toMatchObject({ entries: 1, balance: 1000 });
      await expectInvariants(accountId);
    });
  });

  // --- balance equals the sum of entries -----------------------------------------------------

  describe('balance equals the sum of entries', () => {
    it('after a mix of grants, usage, refunds and negative adjustments, with balance_after the running sum', async () => {
      const accountId = await newAccount('mix');
      await grant(accountId, 62_500, { kind: 'free' });
      await grant(accountId, 5_000, { kind: 'topup', expiresAt: inDays(60) });
      await expectInvariants(accountId);

      const usages: number[] = [];
      for (let i = 0; i < 5; i++) {
        const s = await spend(accountId, 250);
        expect(s.status).toBe('ok');
        usages.push(s.entry_id!);
      }
      await refund(usages[1]);
      await refund(usages[3]);
      const deduction = await spend(accountId, 10_000, 'adjustment');
      expect(deduction.status).toBe('ok');
      await grant(accountId, 700, { kind: 'adjustment' });
      expect((await spend(accountId, 1_000)).status).toBe('ok');
      const bigDeduction = await spend(accountId, 50_000, 'adjustment');
      expect(bigDeduction.status).toBe('ok');
      await refund(usages[4]);

      const expected = 62_500 + 5_000 - 5 * 250 + 2 * 250 - 10_000 + 700 - 1_000 - 50_000 + 250;
      expect(await balanceOf(accountId)).toBe(expected);
      expect(await spendableOf(accountId)).toBe(expected);

      const entries = await entriesOf(accountId);
      expect(entries.map((e) => e.kind)).toEqual([
        'grant',
        'grant',
        'usage',
        'usage',
        'usage',
        'usage',
        'usage',
        'refund',
        'refund',
        'adjustment',
        'adjustment',
        'usage',
        'adjustment',
        'refund',
      ]);
      expect(entries.filter((e) => e.kind === 'adjustment').map((e) => e.amount)).toEqual([-10_000, 700, -50_000]);
      expect(entries.at(-1)!.balanceAfter).toBe(expected);
      await expectInvariants(accountId);
    });

    it('a negative adjustment can take the balance to exactly zero, never below', async () => {
      const accountId = await newAccount('to zero');
      await grant(accountId, 1_234);
      const over = await spend(accountId, 1_235, 'adjustment');
      expect(over).toEqual({ entry_id: null, remaining: 1_234, status: 'insufficient' });
      const exact = await spend(accountId, 1_234, 'adjustment');
      expect(exact.status).toBe('ok');
      expect(exact.remaining).toBe(0);
      expect(await balanceOf(accountId)).toBe(0);
      await expectInvariants(accountId);
    });
  });

  // --- insufficient --------------------------------------------------------------------------

  describe('scout_spend when short', () => {
    it("returns 'insufficient' with what is spendable and writes nothing", async () => {
      const accountId = await newAccount('short');
      const g = await grant(accountId, 100);
      const before = await counts(accountId);

      expect(await spend(accountId, 250)).toEqual({ entry_id: null, remaining: 100, status: 'insufficient' });
      expect(await spend(accountId, 101, 'adjustment')).toEqual({ entry_id: null, remaining: 100, status: 'insufficient' });

      expect(await counts(accountId)).toEqual(before);
      expect(await remainingOf(g.grant_id)).toBe(100);
      expect(await balanceOf(accountId)).toBe(100);
      await expectInvariants(accountId);
    });

    it("returns 'insufficient' on an account with no grants at all", async () => {
      const accountId = await newAccount('empty');
      expect(await spend(accountId, 1)).toEqual({ entry_id: null, remaining: 0, status: 'insufficient' });
      expect(await counts(accountId)).toEqual({ entries: 0, allocations: 0, grantRemaining: 0, balance: 0 });
    });

    it("returns 'no_account' for an unknown account and 'suspended' for usage on a suspended one, writing nothing", async () => {
      expect(await spend('00000000-0000-4000-8000-000000000000', 250)).toEqual({ entry_id: null, remaining: null, status: 'no_account' });

      const accountId = await newAccount('suspended');
      await grant(accountId, 1_000);
      await testDb.pool.query(`UPDATE accounts SET status = 'suspended' WHERE id = $1`, [accountId]);
      const before = await counts(accountId);
      expect(await spend(accountId, 250)).toEqual({ entry_id: null, remaining: 1_000, status: 'suspended' });
      expect(await counts(accountId)).toEqual(before);
      await expectInvariants(accountId);
    });
  });

  // --- refunds -------------------------------------------------------------------------------

  describe('scout_refund', () => {
    it('writes one refund entry linked to the usage entry; refunding twice returns the same entry and adds nothing', async () => {
      const accountId = await newAccount('refund');
      await grant(accountId, 1_000);
      const { rows } = await testDb.pool.query(`SELECT entry_id, status FROM scout_spend($1, 250, 'usage', 'some_tool', 'req-refund-1', NULL, NULL)`, [
        accountId,
      ]);
      expect(rows[0].status).toBe('ok');
      const usageId = Number(rows[0].entry_id);
      expect(await balanceOf(accountId)).toBe(750);

      const first = await refund(usageId);
      expect(first.remaining).toBe(1_000);
      const entries = await entriesOf(accountId);
      const refundEntry = entries.find((e) => e.id === first.entry_id)!;
      expect(refundEntry).toEqual(
        expect.objectContaining({ kind: 'refund', amount: 250, balanceAfter: 1_000, refundOf: usageId, tool: 'some_tool', requestId: 'req-refund-1' }),
      );
      expect(entries.filter((e) => e.kind === 'usage')).toHaveLength(1);
      const after = await counts(accountId);

      const second = await refund(usageId);
      expect(second).toEqual({ entry_id: first.entry_id, remaining: 1_000 });
      expect(await counts(accountId)).toEqual(after);
      expect(await balanceOf(accountId)).toBe(1_000);
      await expectInvariants(accountId);
    });

    it('parallel refunds of one usage entry produce exactly one refund entry', async () => {
      const accountId = await newAccount('parallel refund');
      await grant(accountId, 1_000);
      const s = await spend(accountId, 250);
      const results = await Promise.all(Array.from({ length: 10 }, () => refund(s.entry_id!)));
      expect(new Set(results.map((r) => r.entry_id)).size).toBe(1);
      const refunds = (await entriesOf(accountId)).filter((e) => e.kind === 'refund');
      expect(refunds).toHaveLength(1);
      expect(await balanceOf(accountId)).toBe(1_000);
      await expectInvariants(accountId);
    });

    it('refuses to refund an entry that is not a usage entry', async () => {
      const accountId = await newAccount('refund grant');
      const g = await grant(accountId, 1_000);
      await expect(refund(g.entry_id)).rejects.toThrow(/is not a usage entry/);
      const deduction = await spend(accountId, 100, 'adjustment');
      await expect(refund(deduction.entry_id!)).rejects.toThrow(/is not a usage entry/);
      await expect(refund(-1)).rejects.toThrow(/is not a usage entry/);
      expect(await counts(accountId)).toMatchObject({ entries: 2, balance: 900 });
      await expectInvariants(accountId);
    });

    it('returns the credits to the grants that paid', async () => {
      const accountId = await newAccount('refund grants');
      const forever = await grant(accountId, 1_000);
      const soon = await grant(accountId, 300, { expiresAt: inDays(10) });

      const s = await spend(accountId, 500);
      expect(await allocationsOf(s.entry_id!)).toEqual({ [soon.grant_id]: -300, [forever.grant_id]: -200 });
      expect(await remainingOf(soon.grant_id)).toBe(0);
      expect(await remainingOf(forever.grant_id)).toBe(800);

      const r = await refund(s.entry_id!);
      expect(r.remaining).toBe(1_300);
      expect(await allocationsOf(r.entry_id)).toEqual({ [soon.grant_id]: 300, [forever.grant_id]: 200 });
      expect(await remainingOf(soon.grant_id)).toBe(300);
      expect(await remainingOf(forever.grant_id)).toBe(1_000);
      expect(await spendableOf(accountId)).toBe(1_300);
      await expectInvariants(accountId);
    });
  });

  // --- consumption order ---------------------------------------------------------------------

  describe('consumption order', () => {
    it('spends the grant expiring in 10 days first, then the one in 30 days, the non-expiring one last', async () => {
      const accountId = await newAccount('order');
      // Created in the opposite of spending order, so creation time cannot explain the order.
      const forever = await grant(accountId, 1_000, { kind: 'free' });
      const in30 = await grant(accountId, 1_000, { expiresAt: inDays(30) });
      const in10 = await grant(accountId, 1_000, { expiresAt: inDays(10) });

      const first = await spend(accountId, 1_500);
      expect(first).toMatchObject({ status: 'ok', remaining: 1_500 });
      expect(await allocationsOf(first.entry_id!)).toEqual({ [in10.grant_id]: -1_000, [in30.grant_id]: -500 });
      expect([await remainingOf(in10.grant_id), await remainingOf(in30.grant_id), await remainingOf(forever.grant_id)]).toEqual([0, 500, 1_000]);

      const second = await spend(accountId, 800);
      expect(await allocationsOf(second.entry_id!)).toEqual({ [in30.grant_id]: -500, [forever.grant_id]: -300 });
      expect([await remainingOf(in10.grant_id), await remainingOf(in30.grant_id), await remainingOf(forever.grant_id)]).toEqual([0, 0, 700]);

      const third = await spend(accountId, 700);
      expect(await allocationsOf(third.entry_id!)).toEqual({ [forever.grant_id]: -700 });
      expect(third.remaining).toBe(0);
      expect(await spend(accountId, 1)).toMatchObject({ status: 'insufficient', remaining: 0 });
      await expectInvariants(accountId);
    });

    it('an expired grant is not spendable even before any expiry entry is written', async () => {
      const accountId = await newAccount('expired');
      const expiring = await grant(accountId, 5_000, { expiresAt: inDays(1) });
      const forever = await grant(accountId, 300);
      expect(await spendableOf(accountId)).toBe(5_300);

      // UPDATE on credit_grants is allowed (only entries and allocations are append-only).
      await testDb.pool.query(`UPDATE credit_grants SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expiring.grant_id]);

      expect(await spendableOf(accountId)).toBe(300);
      // The entries still say 5,300 until the expiry job writes its entry; nothing may be spent from it.
      expect(await balanceOf(accountId)).toBe(5_300);
      const before = await counts(accountId);
      expect(await spend(accountId, 500)).toEqual({ entry_id: null, remaining: 300, status: 'insufficient' });
      expect(await spend(accountId, 301, 'adjustment')).toEqual({ entry_id: null, remaining: 300, status: 'insufficient' });
      expect(await counts(accountId)).toEqual(before);

      const ok = await spend(accountId, 300);
      expect(ok).toMatchObject({ status: 'ok', remaining: 0 });
      expect(await allocationsOf(ok.entry_id!)).toEqual({ [forever.grant_id]: -300 });
      expect(await remainingOf(expiring.grant_id)).toBe(5_000);
      expect(await remainingOf(forever.grant_id)).toBe(0);
      expect(await spend(accountId, 1)).toMatchObject({ status: 'insufficient', remaining: 0 });
      await expectInvariants(accountId);
    });
  });

  // --- concurrency ---------------------------------------------------------------------------

  describe('concurrency', () => {
    it("100 parallel spends of 250 on 10,000 credits through 20 connections: exactly 40 'ok', balance 0, nothing negative", async () => {
      const accountId = await newAccount('concurrency');
      const soon = await grant(accountId, 4_000, { expiresAt: inDays(10) });
      const forever = await grant(accountId, 6_000);

      const results = await Promise.all(Array.from({ length: 100 }, () => spend(accountId, 250)));

      const ok = results.filter((r) => r.status === 'ok');
      const short = results.filter((r) => r.status === 'insufficient');
      expect(ok).toHaveLength(40);
      expect(short).toHaveLength(60);
      for (const r of short) expect(r).toEqual({ entry_id: null, remaining: 0, status: 'insufficient' });
      // Each successful spend saw a distinct balance: 9,750, 9,500, ..., 0.
      expect(ok.map((r) => r.remaining!).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i * 250));
      expect(new Set(ok.map((r) => r.entry_id)).size).toBe(40);

      expect(await balanceOf(accountId)).toBe(0);
      expect(await spendableOf(accountId)).toBe(0);
      expect(await remainingOf(soon.grant_id)).toBe(0);
      expect(await remainingOf(forever.grant_id)).toBe(0);

      const entries = await entriesOf(accountId);
      expect(entries.filter((e) => e.kind === 'usage')).toHaveLength(40);
      expect(entries.every((e) => e.balanceAfter >= 0)).toBe(true);
      const { rows } = await testDb.pool.query(
        `SELECT (SELECT count(*) FROM credit_entries WHERE account_id = $1 AND balance_after < 0) AS negative_entries,
                (SELECT count(*) FROM credit_grants WHERE account_id = $1 AND remaining < 0) AS negative_grants,
                (SELECT count(*) FROM accounts WHERE id = $1 AND balance < 0) AS negative_accounts`,
        [accountId],
      );
      expect([rows[0].negative_entries, rows[0].negative_grants, rows[0].negative_accounts].map(Number)).toEqual([0, 0, 0]);
      await expectInvariants(accountId);
    });
  });
});
