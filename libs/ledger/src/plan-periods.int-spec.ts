import { ledgerInvariantViolations } from '../../../test/ledger-invariants';
import { ledgerRows } from '../../../test/ledger-rows';
import { useTestPool } from '../../../test/test-pool';

/**
 * Plan subscriptions straight against PostgreSQL (PlanPeriods migration): scout_change_plan and
 * scout_renew_plans with the clock under the test's control (every call passes its own "now"), so
 * periods can be walked across month ends, a 31st and February. Renewals here always name their
 * account, so they never touch another test's accounts.
 */

const PLAN_CREDITS: Record<string, number> = { starter: 375_000, growth: 1_250_000, pro: 4_125_000 };
const PLAN_USD: Record<string, number> = { starter: 29, growth: 79, pro: 199 };

interface PeriodRow {
  plan: string;
  index: number;
  startsAt: string;
  endsAt: string;
  priceUsd: number;
  credits: number;
  grantId: string;
}

const at = (iso: string) => new Date(iso);

describe('plan periods and renewals', () => {
  const testDb = useTestPool({ max: 20 });

  async function newAccount(): Promise<string> {
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('plan periods int-spec') RETURNING id`);
    return rows[0].id;
  }

  async function changePlan(accountId: string, plan: string | null, now: Date, actor = 'key:test') {
    const { rows } = await testDb.pool.query(`SELECT status, change_id, period_id, grant_id FROM scout_change_plan($1, $2, $3, $4, 'int-spec')`, [
      accountId,
      plan,
      now,
      actor,
    ]);
    return rows[0] as { status: string; change_id: string | null; period_id: string | null; grant_id: string | null };
  }

  async function renew(accountId: string, now: Date): Promise<string[]> {
    const { rows } = await testDb.pool.query(`SELECT starts_at FROM scout_renew_plans($1, 100, $2)`, [now, accountId]);
    return rows.map((r) => (r.starts_at as Date).toISOString());
  }

  async function periods(accountId: string): Promise<PeriodRow[]> {
    const { rows } = await testDb.pool.query(
      `SELECT plan_id, period_index, starts_at, ends_at, price_usd, credits, grant_id FROM plan_periods WHERE account_id = $1 ORDER BY id`,
      [accountId],
    );
    return rows.map((r) => ({
      plan: r.plan_id,
      index: r.period_index,
      startsAt: (r.starts_at as Date).toISOString(),
      endsAt: (r.ends_at as Date).toISOString(),
      priceUsd: Number(r.price_usd),
      credits: Number(r.credits),
      grantId: r.grant_id,
    }));
  }

  async function accountRow(accountId: string) {
    const { rows } = await testDb.pool.query(`SELECT plan_id, plan_renews_at, balance FROM accounts WHERE id = $1`, [accountId]);
    return {
      plan: rows[0].plan_id as string | null,
      renewsAt: rows[0].plan_renews_at ? (rows[0].plan_renews_at as Date).toISOString() : null,
      balance: Number(rows[0].balance),
    };
  }

  async function spend(accountId: string, amount: number): Promise<string> {
    const { rows } = await testDb.pool.query(`SELECT status FROM scout_spend($1, $2, 'usage', 'int_tool', 'req', NULL, NULL)`, [accountId, amount]);
    return rows[0].status;
  }

  it('picking a plan opens its first period at once: a plan grant of the monthly credits and a USD charge', async () => {
    const accountId = await newAccount();

    const result = await changePlan(accountId, 'growth', at('2026-03-15T09:30:00Z'));

    expect(result.status).toBe('changed');
    expect(await periods(accountId)).toEqual([
      {
        plan: 'growth',
        index: 0,
        startsAt: '2026-03-15T09:30:00.000Z',
        endsAt: '2026-04-15T09:30:00.000Z',
        priceUsd: 79,
        credits: 1_250_000,
        grantId: result.grant_id,
      },
    ]);
    const { rows: grants } = await testDb.pool.query(`SELECT kind, credits, remaining, expires_at, actor FROM credit_grants WHERE id = $1`, [result.grant_id]);
    expect(grants[0]).toMatchObject({ kind: 'plan', expires_at: null, actor: 'key:test' });
    expect(Number(grants[0].credits)).toBe(1_250_000);
    expect(await accountRow(accountId)).toEqual({ plan: 'growth', renewsAt: '2026-04-15T09:30:00.000Z', balance: 1_250_000 });
    // The next call works at once: the grant is spendable in the same breath.
    expect(await spend(accountId, 250)).toBe('ok');
    expect(await ledgerInvariantViolations(testDb.pool, accountId)).toEqual([]);
  });

  it('renews on the anchor day, clamped to short months without drifting: Jan 31 -> Feb 28 -> Mar 31 -> Apr 30', async () => {
    const accountId = await newAccount();
    await changePlan(accountId, 'starter', at('2027-01-31T10:00:00Z'));

    expect(await renew(accountId, at('2027-02-28T09:59:59Z'))).toEqual([]);
    expect(await renew(accountId, at('2027-02-28T10:00:00Z'))).toEqual(['2027-02-28T10:00:00.000Z']);
    expect(await renew(accountId, at('2027-03-30T12:00:00Z'))).toEqual([]);
    expect(await renew(accountId, at('2027-03-31T10:00:00Z'))).toEqual(['2027-03-31T10:00:00.000Z']);
    expect(await renew(accountId, at('2027-04-30T10:00:01Z'))).toEqual(['2027-04-30T10:00:00.000Z']);

    const rows = await periods(accountId);
    expect(rows.map((p) => [p.index, p.startsAt, p.endsAt])).toEqual([
      [0, '2027-01-31T10:00:00.000Z', '2027-02-28T10:00:00.000Z'],
      [1, '2027-02-28T10:00:00.000Z', '2027-03-31T10:00:00.000Z'],
      [2, '2027-03-31T10:00:00.000Z', '2027-04-30T10:00:00.000Z'],
      [3, '2027-04-30T10:00:00.000Z', '2027-05-31T10:00:00.000Z'],
    ]);
    expect(rows.every((p) => p.priceUsd === 29 && p.credits === 375_000)).toBe(true);
    expect(await accountRow(accountId)).toMatchObject({ renewsAt: '2027-05-31T10:00:00.000Z', balance: 4 * 375_000 });
    expect(await ledgerInvariantViolations(testDb.pool, accountId)).toEqual([]);
  });

  it('uses February 29 in a leap year, and a period starting on the 31st of December crosses the year', async () => {
    const leap = await newAccount();
    await changePlan(leap, 'pro', at('2028-01-31T00:00:00Z'));
    expect(await renew(leap, at('2028-02-29T00:00:00Z'))).toEqual(['2028-02-29T00:00:00.000Z']);
    expect((await periods(leap)).map((p) => p.endsAt)).toEqual(['2028-02-29T00:00:00.000Z', '2028-03-31T00:00:00.000Z']);

    const newYear = await newAccount();
    await changePlan(newYear, 'starter', at('2026-12-31T23:59:59Z'));
    expect(await renew(newYear, at('2027-01-31T23:59:59Z'))).toEqual(['2027-01-31T23:59:59.000Z']);
    expect(await renew(newYear, at('2027-03-01T00:00:00Z'))).toEqual(['2027-02-28T23:59:59.000Z']);
  });

  it('grants every period missed while no renewal ran, each on its own dates, in one run', async () => {
    const accountId = await newAccount();
    await changePlan(accountId, 'starter', at('2027-01-31T10:00:00Z'));

    const opened = await renew(accountId, at('2027-06-01T00:00:00Z'));

    expect(opened).toEqual(['2027-02-28T10:00:00.000Z', '2027-03-31T10:00:00.000Z', '2027-04-30T10:00:00.000Z', '2027-05-31T10:00:00.000Z']);
    expect(await accountRow(accountId)).toMatchObject({ renewsAt: '2027-06-30T10:00:00.000Z', balance: 5 * 375_000 });
  });

  it('running the renewal twice, or eight times at once, opens each period exactly once', async () => {
    const accountId = await newAccount();
    await changePlan(accountId, 'growth', at('2027-01-10T00:00:00Z'));
    const now = at('2027-03-10T00:00:00Z');

    const first = await renew(accountId, now);
    const second = await renew(accountId, now);
    expect(first).toEqual(['2027-02-10T00:00:00.000Z', '2027-03-10T00:00:00.000Z']);
    expect(second).toEqual([]);

    const later = at('2027-06-10T00:00:00Z');
    const concurrent = await Promise.all(Array.from({ length: 8 }, () => renew(accountId, later)));
    expect(concurrent.flat().sort()).toEqual(['2027-04-10T00:00:00.000Z', '2027-05-10T00:00:00.000Z', '2027-06-10T00:00:00.000Z']);

    const rows = await periods(accountId);
    expect(rows.map((p) => p.index)).toEqual([0, 1, 2, 3, 4, 5]);
    const { rows: grants } = await testDb.pool.query(`SELECT count(*)::int AS n FROM credit_grants WHERE account_id = $1 AND kind = 'plan'`, [accountId]);
    expect(grants[0].n).toBe(6);
    expect(await accountRow(accountId)).toMatchObject({ balance: 6 * 1_250_000 });
    expect(await ledgerInvariantViolations(testDb.pool, accountId)).toEqual([]);
  });

  it('unused credits roll over: what is left of a period stays spendable after the next one is granted', async () => {
    const accountId = await newAccount();
    await changePlan(accountId, 'starter', at('2027-01-05T00:00:00Z'));
    expect(await spend(accountId, 100_000)).toBe('ok');
    await renew(accountId, at('2027-02-05T00:00:00Z'));

    const { rows } = await testDb.pool.query(`SELECT scout_spendable($1) AS spendable`, [accountId]);
    expect(Number(rows[0].spendable)).toBe(375_000 - 100_000 + 375_000);
    expect(await spend(accountId, 650_000)).toBe('ok');
    expect(await spend(accountId, 1)).toBe('insufficient');
  });

  it('a change starts the new plan at once (grant, charge, new anchor) and keeps the old credits', async () => {
    const accountId = await newAccount();
    await changePlan(accountId, 'starter', at('2027-01-31T10:00:00Z'));
    expect(await spend(accountId, 75_000)).toBe('ok');

    const upgrade = await changePlan(accountId, 'pro', at('2027-02-10T08:00:00Z'), 'key:admin');

    expect(upgrade.status).toBe('changed');
    expect(await accountRow(accountId)).toEqual({ plan: 'pro', renewsAt: '2027-03-10T08:00:00.000Z', balance: 300_000 + 4_125_000 });
    // The starter anchor (the 28th) is gone: only the pro anchor renews.
    expect(await renew(accountId, at('2027-02-28T10:00:00Z'))).toEqual([]);
    expect(await renew(accountId, at('2027-03-10T08:00:00Z'))).toEqual(['2027-03-10T08:00:00.000Z']);
    const rows = await periods(accountId);
    expect(rows.map((p) => [p.plan, p.index, p.startsAt, p.priceUsd])).toEqual([
      ['starter', 0, '2027-01-31T10:00:00.000Z', PLAN_USD.starter],
      ['pro', 0, '2027-02-10T08:00:00.000Z', PLAN_USD.pro],
      ['pro', 1, '2027-03-10T08:00:00.000Z', PLAN_USD.pro],
    ]);

    const { rows: history } = await testDb.pool.query(`SELECT from_plan, to_plan, effective_at, actor FROM plan_changes WHERE account_id = $1 ORDER BY id`, [
      accountId,
    ]);
    expect(history.map((h) => [h.from_plan, h.to_plan, (h.effective_at as Date).toISOString(), h.actor])).toEqual([
      [null, 'starter', '2027-01-31T10:00:00.000Z', 'key:test'],
      ['starter', 'pro', '2027-02-10T08:00:00.000Z', 'key:admin'],
    ]);
    expect(await ledgerInvariantViolations(testDb.pool, accountId)).toEqual([]);
  });

  it('cancelling stops future grants and keeps the balance; asking again changes nothing', async () => {
    const accountId = await newAccount();
    await changePlan(accountId, 'growth', at('2027-01-15T00:00:00Z'));
    const before = await ledgerRows(testDb.pool, accountId);

    expect((await changePlan(accountId, null, at('2027-01-20T00:00:00Z'))).status).toBe('changed');
    expect((await changePlan(accountId, null, at('2027-01-21T00:00:00Z'))).status).toBe('unchanged');

    expect(await accountRow(accountId)).toEqual({ plan: null, renewsAt: null, balance: PLAN_CREDITS.growth });
    expect(await renew(accountId, at('2027-09-01T00:00:00Z'))).toEqual([]);
    expect(await ledgerRows(testDb.pool, accountId)).toEqual(before);
    const { rows } = await testDb.pool.query(`SELECT count(*)::int AS n FROM plan_changes WHERE account_id = $1`, [accountId]);
    expect(rows[0].n).toBe(2);

    // Picking a plan again starts a fresh period with a fresh anchor.
    await changePlan(accountId, 'starter', at('2027-10-03T00:00:00Z'));
    expect(await accountRow(accountId)).toMatchObject({ plan: 'starter', renewsAt: '2027-11-03T00:00:00.000Z' });
  });

  it('asking for the plan the account already has writes nothing; unknown plans and accounts are refused', async () => {
    const accountId = await newAccount();
    await changePlan(accountId, 'pro', at('2027-01-01T00:00:00Z'));
    const before = await periods(accountId);

    expect((await changePlan(accountId, 'pro', at('2027-01-02T00:00:00Z'))).status).toBe('unchanged');
    expect((await changePlan(accountId, 'platinum', at('2027-01-02T00:00:00Z'))).status).toBe('unknown_plan');
    expect((await changePlan('00000000-0000-4000-8000-000000000000', 'pro', at('2027-01-02T00:00:00Z'))).status).toBe('no_account');

    expect(await periods(accountId)).toEqual(before);
    expect(await accountRow(accountId)).toMatchObject({ plan: 'pro', balance: PLAN_CREDITS.pro });
  });

  it('concurrent picks of the same plan open one period, not two', async () => {
    const accountId = await newAccount();
    const results = await Promise.all(Array.from({ length: 6 }, () => changePlan(accountId, 'starter', at('2027-05-05T00:00:00Z'))));
    expect(results.filter((r) => r.status === 'changed')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'unchanged')).toHaveLength(5);
    expect(await periods(accountId)).toHaveLength(1);
  });

  it('plan changes and periods are append-only, and an account cannot hold a plan without a renewal date', async () => {
    const accountId = await newAccount();
    await changePlan(accountId, 'starter', at('2027-01-01T00:00:00Z'));
    await expect(testDb.pool.query(`UPDATE plan_periods SET price_usd = 0 WHERE account_id = $1`, [accountId])).rejects.toThrow(/append-only/);
    await expect(testDb.pool.query(`DELETE FROM plan_changes WHERE account_id = $1`, [accountId])).rejects.toThrow(/append-only/);
    await expect(testDb.pool.query(`UPDATE accounts SET plan_renews_at = NULL WHERE id = $1`, [accountId])).rejects.toThrow(/ck_accounts_plan_renews/);
  });

  it('a suspended account keeps its subscription: renewals go on until the plan is cancelled, spending stays refused', async () => {
    const accountId = await newAccount();
    await changePlan(accountId, 'starter', at('2027-01-01T00:00:00Z'));
    await testDb.pool.query(`UPDATE accounts SET status = 'suspended' WHERE id = $1`, [accountId]);
    expect(await renew(accountId, at('2027-02-01T00:00:00Z'))).toEqual(['2027-02-01T00:00:00.000Z']);
    expect(await spend(accountId, 250)).toBe('suspended');
  });

  it('the billing views show each change and each period charge in USD', async () => {
    const accountId = await newAccount();
    await changePlan(accountId, 'starter', at('2027-01-31T10:00:00Z'));
    await renew(accountId, at('2027-02-28T10:00:00Z'));
    await changePlan(accountId, 'growth', at('2027-03-05T00:00:00Z'));
    await changePlan(accountId, null, at('2027-03-20T00:00:00Z'));

    const { rows: changes } = await testDb.pool.query(`SELECT change, from_plan, to_plan FROM billing.plan_changes WHERE account_id = $1 ORDER BY change_id`, [
      accountId,
    ]);
    expect(changes).toEqual([
      { change: 'pick', from_plan: null, to_plan: 'starter' },
      { change: 'change', from_plan: 'starter', to_plan: 'growth' },
      { change: 'cancel', from_plan: 'growth', to_plan: null },
    ]);
    const { rows: charges } = await testDb.pool.query(
      `SELECT plan_id, charge_kind, month, price_usd::float8 AS usd FROM billing.plan_charges WHERE account_id = $1 ORDER BY period_id`,
      [accountId],
    );
    expect(charges).toEqual([
      { plan_id: 'starter', charge_kind: 'start', month: '2027-01', usd: 29 },
      { plan_id: 'starter', charge_kind: 'renewal', month: '2027-02', usd: 29 },
      { plan_id: 'growth', charge_kind: 'start', month: '2027-03', usd: 79 },
    ]);
    const { rows: monthly } = await testDb.pool.query(
      `SELECT month, sum(price_usd)::float8 AS usd FROM billing.plan_charges WHERE account_id = $1 GROUP BY month ORDER BY month`,
      [accountId],
    );
    expect(monthly).toEqual([
      { month: '2027-01', usd: 29 },
      { month: '2027-02', usd: 29 },
      { month: '2027-03', usd: 79 },
    ]);
  });
});
