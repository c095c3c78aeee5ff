import { ledgerInvariantViolations } from '../../../../test/ledger-invariants';
import { ledgerRows } from '../../../../test/ledger-rows';
import { useTestPool } from '../../../../test/test-pool';

/**
 * scout_expire_grants (GrantExpiry migration) straight against PostgreSQL: what is left of a grant
 * past its expiry is written off once, as its own entry, and the ledger still adds up. Every call
 * here names its account (p_account) so it never touches the grants other test files leave
 * expired on purpose.
 */

interface ExpiredRow {
  grant_id: string;
  account_id: string;
  entry_id: number;
  credits: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe('scout_expire_grants', () => {
  const testDb = useTestPool({ max: 20 });

  async function newAccount(): Promise<string> {
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('grant expiry int-spec') RETURNING id`);
    return rows[0].id;
  }

  async function grant(accountId: string, credits: number, expiresAt: Date | null, kind = 'topup'): Promise<string> {
    const { rows } = await testDb.pool.query(`SELECT grant_id FROM scout_grant($1, $2, $3, $4, 'int-spec', 'test')`, [accountId, kind, credits, expiresAt]);
    return rows[0].grant_id as string;
  }

  async function spend(accountId: string, amount: number): Promise<{ entryId: number | null; status: string }> {
    const { rows } = await testDb.pool.query(`SELECT entry_id, status FROM scout_spend($1, $2, 'usage', 'int_tool', $3, NULL, NULL)`, [
      accountId,
      amount,
      `req-${Math.random().toString(36).slice(2)}`,
    ]);
    return { entryId: rows[0].entry_id === null ? null : Number(rows[0].entry_id), status: rows[0].status as string };
  }

  async function expire(accountId: string, limit = 100, now: Date | 'clock' = new Date()): Promise<ExpiredRow[]> {
    const at = now === 'clock' ? 'clock_timestamp()' : '$3';
    const { rows } = await testDb.pool.query(
      `SELECT grant_id, account_id, entry_id, credits FROM scout_expire_grants(${at}, $2, $1)`,
      now === 'clock' ? [accountId, limit] : [accountId, limit, now],
    );
    return rows.map((r) => ({ grant_id: r.grant_id, account_id: r.account_id, entry_id: Number(r.entry_id), credits: Number(r.credits) }));
  }

  const pastDue = (grantId: string) => testDb.pool.query(`UPDATE credit_grants SET expires_at = now() - interval '1 minute' WHERE id = $1`, [grantId]);

  async function balanceOf(accountId: string): Promise<number> {
    const { rows } = await testDb.pool.query(`SELECT balance FROM accounts WHERE id = $1`, [accountId]);
    return Number(rows[0].balance);
  }

  async function remainingOf(grantId: string): Promise<number> {
    const { rows } = await testDb.pool.query(`SELECT remaining FROM credit_grants WHERE id = $1`, [grantId]);
    return Number(rows[0].remaining);
  }

  it('writes off exactly what is left of a due top-up, as one expiry entry linked to the grant', async () => {
    const accountId = await newAccount();
    const topup = await grant(accountId, 10_000, new Date(Date.now() + 30 * DAY_MS));
    const forever = await grant(accountId, 500, null, 'adjustment');
    expect((await spend(accountId, 3_000)).status).toBe('ok'); // soonest expiry first: all from the top-up
    await pastDue(topup);
    expect(await balanceOf(accountId)).toBe(7_500);

    const expired = await expire(accountId);

    expect(expired).toEqual([{ grant_id: topup, account_id: accountId, entry_id: expect.any(Number), credits: 7_000 }]);
    const entries = await ledgerRows(testDb.pool, accountId);
    expect(entries.filter((e) => e.kind === 'expiry')).toEqual([
      expect.objectContaining({ id: expired[0].entry_id, amount: -7_000, balanceAfter: 500, grantId: topup }),
    ]);
    const { rows: allocations } = await testDb.pool.query(`SELECT grant_id, credits FROM credit_allocations WHERE entry_id = $1`, [expired[0].entry_id]);
    expect(allocations.map((a) => ({ grant: a.grant_id, credits: Number(a.credits) }))).toEqual([{ grant: topup, credits: -7_000 }]);
    expect(await balanceOf(accountId)).toBe(500);
    expect(await remainingOf(topup)).toBe(0);
    expect(await remainingOf(forever)).toBe(500);
    expect(await ledgerInvariantViolations(testDb.pool, accountId)).toEqual([]);
  });

  it('is idempotent: a second run finds nothing and writes nothing', async () => {
    const accountId = await newAccount();
    const topup = await grant(accountId, 2_000, new Date(Date.now() + DAY_MS));
    await pastDue(topup);
    expect(await expire(accountId)).toHaveLength(1);
    const entriesAfterFirst = await ledgerRows(testDb.pool, accountId);

    expect(await expire(accountId)).toEqual([]);
    expect(await expire(accountId)).toEqual([]);

    expect(await ledgerRows(testDb.pool, accountId)).toEqual(entriesAfterFirst);
    expect(await balanceOf(accountId)).toBe(0);
    expect(await ledgerInvariantViolations(testDb.pool, accountId)).toEqual([]);
  });

  it('leaves grants that are not yet due, non-expiring grants and used-up grants alone', async () => {
    const accountId = await newAccount();
    const later = await grant(accountId, 1_000, new Date(Date.now() + DAY_MS));
    await grant(accountId, 1_000, null, 'adjustment');
    const usedUp = await grant(accountId, 250, new Date(Date.now() + 60_000));
    await spend(accountId, 250); // takes the soonest-expiring grant whole
    expect(await remainingOf(usedUp)).toBe(0);
    await pastDue(usedUp);

    expect(await expire(accountId)).toEqual([]);
    // A grant expiring after p_now is not due yet, even though it expires.
    expect(await expire(accountId, 100, new Date(Date.now() + DAY_MS - 60_000))).toEqual([]);
    expect(await remainingOf(later)).toBe(1_000);
    expect((await expire(accountId, 100, new Date(Date.now() + 2 * DAY_MS))).map((r) => r.grant_id)).toEqual([later]);
    expect(await balanceOf(accountId)).toBe(1_000);
    expect(await ledgerInvariantViolations(testDb.pool, accountId)).toEqual([]);
  });

  it('touches only the named account when p_account is given', async () => {
    const mine = await newAccount();
    const theirs = await newAccount();
    const myGrant = await grant(mine, 100, new Date(Date.now() + DAY_MS));
    const theirGrant = await grant(theirs, 100, new Date(Date.now() + DAY_MS));
    await pastDue(myGrant);
    await pastDue(theirGrant);

    expect((await expire(mine)).map((r) => r.grant_id)).toEqual([myGrant]);
    expect(await remainingOf(theirGrant)).toBe(100);
    expect(await balanceOf(theirs)).toBe(100);
  });

  it('works in batches of p_limit grants', async () => {
    const accountId = await newAccount();
    const grants: string[] = [];
    for (let i = 0; i < 5; i++) grants.push(await grant(accountId, 100 * (i + 1), new Date(Date.now() + DAY_MS)));
    for (const id of grants) await pastDue(id);

    const batches = [await expire(accountId, 2), await expire(accountId, 2), await expire(accountId, 2), await expire(accountId, 2)];

    expect(batches.map((b) => b.length)).toEqual([2, 2, 1, 0]);
    expect(
      batches
        .flat()
        .map((r) => r.grant_id)
        .sort(),
    ).toEqual([...grants].sort());
    expect(batches.flat().reduce((sum, r) => sum + r.credits, 0)).toBe(1_500);
    expect(await balanceOf(accountId)).toBe(0);
    expect(await ledgerInvariantViolations(testDb.pool, accountId)).toEqual([]);
  });

  it('writes off credits refunded onto an already expired grant by the next run, once', async () => {
    const accountId = await newAccount();
    const topup = await grant(accountId, 1_000, new Date(Date.now() + DAY_MS));
    const usage = await spend(accountId, 400);
    await pastDue(topup);
    expect((await expire(accountId)).map((r) => r.credits)).toEqual([600]);

    // The refund puts the 400 back on the grant that paid, which has expired: never spendable.
    await testDb.pool.query(`SELECT * FROM scout_refund($1, 'int-spec')`, [usage.entryId]);
    expect(await remainingOf(topup)).toBe(400);
    expect((await spend(accountId, 1)).status).toBe('insufficient');

    expect((await expire(accountId)).map((r) => r.credits)).toEqual([400]);
    expect(await expire(accountId)).toEqual([]);
    const expiries = (await ledgerRows(testDb.pool, accountId)).filter((e) => e.kind === 'expiry').map((e) => e.amount);
    expect(expiries).toEqual([-600, -400]);
    expect(await balanceOf(accountId)).toBe(0);
    expect(await ledgerInvariantViolations(testDb.pool, accountId)).toEqual([]);
  });

  it('refuses a missing p_now or a limit below 1', async () => {
    await expect(testDb.pool.query(`SELECT * FROM scout_expire_grants(now(), 0)`)).rejects.toThrow(/bad arguments/);
    await expect(testDb.pool.query(`SELECT * FROM scout_expire_grants(NULL, 10)`)).rejects.toThrow(/bad arguments/);
  });

  it('racing 50 debits and repeated sweeps around the moment the only grant expires: every credit is spent or written off exactly once', async () => {
    const accountId = await newAccount();
    const credits = 10_000;
    const topup = await grant(accountId, credits, new Date(Date.now() + DAY_MS));
    // The grant expires 150 ms from now, in the middle of the debits below.
    await testDb.pool.query(`UPDATE credit_grants SET expires_at = clock_timestamp() + interval '150 milliseconds' WHERE id = $1`, [topup]);

    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const spends = Array.from({ length: 50 }, async (_, i) => {
      await pause(i * 6);
      return spend(accountId, 250);
    });
    const sweeps = Array.from({ length: 12 }, async (_, i) => {
      await pause(i * 30);
      return expire(accountId, 100, 'clock');
    });
    const [spent, swept] = await Promise.all([Promise.all(spends), Promise.all(sweeps)]);
    await pause(200);
    const last = await expire(accountId, 100, 'clock');

    const ok = spent.filter((s) => s.status === 'ok').length;
    expect(ok + spent.filter((s) => s.status === 'insufficient').length).toBe(50);
    const written = [...swept.flat(), ...last];
    // One grant, so at most one write-off, and only of what the debits left.
    expect(written.length).toBeLessThanOrEqual(1);
    const writtenOff = written.reduce((sum, r) => sum + r.credits, 0);
    expect(ok * 250 + writtenOff).toBe(credits);
    if (ok * 250 < credits) expect(written).toHaveLength(1);

    const entries = await ledgerRows(testDb.pool, accountId);
    expect(entries.filter((e) => e.kind === 'usage')).toHaveLength(ok);
    expect(entries.filter((e) => e.kind === 'expiry').map((e) => e.amount)).toEqual(writtenOff > 0 ? [-writtenOff] : []);
    expect(entries.every((e) => e.balanceAfter >= 0)).toBe(true);
    expect(await balanceOf(accountId)).toBe(0);
    expect(await remainingOf(topup)).toBe(0);
    // No debit was taken from the grant after it had expired.
    const { rows: late } = await testDb.pool.query(
      `SELECT count(*)::int AS n FROM credit_entries e JOIN credit_grants g ON g.id = $2
        WHERE e.account_id = $1 AND e.kind = 'usage' AND e.created_at >= g.expires_at`,
      [accountId, topup],
    );
    expect(late[0].n).toBe(0);
    expect(await ledgerInvariantViolations(testDb.pool, accountId)).toEqual([]);
  });
});
