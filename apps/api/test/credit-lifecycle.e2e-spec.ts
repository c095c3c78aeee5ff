import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { startTestApp, type TestApp } from './support/test-app';
import { ledgerInvariantViolations } from '../../../test/ledger-invariants';

/**
 * Credits moving while calls are in flight, through HTTP: top-ups landing between concurrent
 * debits, and the order grants of every kind are spent in, with the grant that paid each call.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

describe('credit lifecycle under load (end to end)', () => {
  let t: TestApp;
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
  const admin = () => bearer(t.adminKey);

  beforeAll(async () => {
    t = await startTestApp({ modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS, env: { DB_POOL_MAX: '30' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const callPaid = (key: string, delayMs = 0) =>
    t
      .http()
      .post('/api/v1/tools/fixture_paid')
      .set(bearer(key))
      .send(delayMs ? { delayMs } : {});
  const topUp = (accountId: string, credits: number, expiresAt?: string) =>
    t
      .http()
      .post(`/api/v1/admin/accounts/${accountId}/credits`)
      .set(admin())
      .send({ credits, kind: 'topup', reason: 'credit lifecycle e2e', ...(expiresAt ? { expiresAt } : {}) });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('a top-up landing while 40 calls are in flight: every credit is spent once or still there, none lost', async () => {
    const { accountId, apiKey } = await t.createAccount('top-up in flight');
    await t.setBalance(accountId, 1_000); // 4 calls' worth

    const calls = Array.from({ length: 40 }, async (_, i) => {
      await pause(i * 8);
      return callPaid(apiKey, 150);
    });
    const topped = (async () => {
      await pause(100);
      return topUp(accountId, 5_000); // 20 calls' worth, arriving mid-stream
    })();
    const [responses, topup] = await Promise.all([Promise.all(calls), topped]);

    expect(topup.status).toBe(201);
    const ok = responses.filter((r) => r.status === 200).length;
    const refused = responses.filter((r) => r.status === 402);
    expect(ok + refused.length).toBe(40);
    for (const r of refused) expect(r.body.error.code).toBe('out_of_credits');
    // 4 before the top-up plus 20 from it can be paid at most; with 40 asking, all 24 are.
    expect(ok).toBe(24);
    expect(await t.usageEntryCount(accountId)).toBe(ok);
    expect(await t.spendable(accountId)).toBe(0);
    expect(await ledgerInvariantViolations(t.sql, accountId)).toEqual([]);

    // The next call after another top-up works at once.
    expect((await callPaid(apiKey)).status).toBe(402);
    expect((await topUp(accountId, 250)).status).toBe(201);
    expect((await callPaid(apiKey)).status).toBe(200);
  });

  it('spends the grant that expires soonest first and plan and free credits last, naming the grant that paid each call', async () => {
    const { accountId, apiKey } = await t.createAccount('spend order', 'starter');
    const later = await topUp(accountId, 500, new Date(Date.now() + 60 * DAY_MS).toISOString());
    const sooner = await topUp(accountId, 300, new Date(Date.now() + 10 * DAY_MS).toISOString());
    expect([later.status, sooner.status]).toEqual([201, 201]);

    for (let i = 0; i < 4; i++) expect((await callPaid(apiKey)).status).toBe(200);

    const { rows } = await t.sql.query(
      `SELECT e.id, g.kind, g.expires_at IS NOT NULL AS expiring, a.credits::int AS credits, a.grant_id
         FROM credit_entries e JOIN credit_allocations a ON a.entry_id = e.id JOIN credit_grants g ON g.id = a.grant_id
        WHERE e.account_id = $1 AND e.kind = 'usage' ORDER BY e.id, g.expires_at NULLS LAST`,
      [accountId],
    );
    // 300 (soonest top-up) + 500 (later top-up) + 200 of the never-expiring grants.
    expect(rows.map((r) => [r.grant_id, r.credits])).toEqual([
      [sooner.body.grantId, -250],
      [sooner.body.grantId, -50],
      [later.body.grantId, -200],
      [later.body.grantId, -250],
      [later.body.grantId, -50],
      [expect.any(String), -200],
    ]);
    // The non-expiring grants (free, then plan) are spent in the order they were granted.
    const lastPayer = rows[5].grant_id;
    const { rows: grants } = await t.sql.query(`SELECT id, kind FROM credit_grants WHERE account_id = $1 AND expires_at IS NULL ORDER BY created_at, seq`, [
      accountId,
    ]);
    expect(grants.map((g) => g.kind)).toEqual(['free', 'plan']);
    expect(lastPayer).toBe(grants[0].id);
    expect(await ledgerInvariantViolations(t.sql, accountId)).toEqual([]);
  });
});
