import { verifyLedger } from '@scout/ledger';
import { startTestApp, type TestApp } from './support/test-app';
import { SANDBOX_NOW } from './support/fixed-time';

/**
 * A call of a tool that only reads, answered from cached upstream answers, is charged once without
 * a hold (ToolCallService.answerFromCache, DirectCharges migration); a call that needs the upstream
 * still places a hold first. What the caller is charged and answered is the same either way.
 */
describe('paid calls answered from cache: one debit, no hold', () => {
  let t: TestApp;
  let apiKey: string;
  let accountId: string;
  const auth = () => ({ Authorization: `Bearer ${apiKey}` });

  beforeAll(async () => {
    t = await startTestApp({ sandbox: { now: () => SANDBOX_NOW } });
    ({ apiKey, accountId } = await t.createAccount('cache-hit charges'));
    await t.setBalance(accountId, 10_000);
  });
  afterAll(() => t.close());

  /** The account's usage entries, oldest first, with whether each posted a hold. */
  async function usage(): Promise<Array<{ requestId: string; held: boolean; channel: string; amount: number }>> {
    const { rows } = await t.sql.query(
      `SELECT request_id, hold_id IS NOT NULL AS held, channel, amount::int AS amount FROM credit_entries
        WHERE account_id = $1 AND kind = 'usage' ORDER BY id`,
      [accountId],
    );
    return rows.map((r) => ({ requestId: r.request_id, held: r.held, channel: r.channel, amount: r.amount }));
  }
  const holds = async () => Number((await t.sql.query(`SELECT count(*) FROM credit_holds WHERE account_id = $1`, [accountId])).rows[0].count);

  it('the first call fetches with a hold; the same call again is answered from cache and charged without one', async () => {
    const cold = await t.http().get('/api/v1/tools/service_chain_health').set(auth());
    expect(cold.status).toBe(200);
    expect(cold.body.credits.calls).toBeGreaterThan(0);
    expect(await holds()).toBe(1);

    const warm = await t.http().get('/api/v1/tools/service_chain_health').set(auth());
    expect(warm.status).toBe(200);
    expect(warm.body.credits).toMatchObject({ creditsSpent: 250, calls: 0 });
    expect(warm.body.credits.cachedCalls).toBeGreaterThan(0);
    expect(warm.body.data).toEqual(cold.body.data);
    expect(await holds()).toBe(1);
    expect(await usage()).toEqual([
      { requestId: cold.headers['x-request-id'], held: true, channel: 'rest', amount: -250 },
      { requestId: warm.headers['x-request-id'], held: false, channel: 'rest', amount: -250 },
    ]);
    expect(Number(warm.headers['x-credits-remaining'])).toBe(10_000 - 500);
    expect(warm.body.credits.remaining).toBe(10_000 - 500);
    expect(await t.spendable(accountId)).toBe(10_000 - 500);
  });

  it('with too few credits a cached answer is not given: 402, nothing charged', async () => {
    await t.setBalance(accountId, 100);
    const before = await usage();
    const res = await t.http().get('/api/v1/tools/service_chain_health').set(auth());
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('out_of_credits');
    expect(res.body.data).toBeUndefined();
    expect(await usage()).toEqual(before);
    expect(await t.spendable(accountId)).toBe(100);
    await t.setBalance(accountId, 10_000);
  });

  it('a call with an Idempotency-Key keeps the hold path: its answer is stored with its charge', async () => {
    const res = await t.http().get('/api/v1/tools/service_chain_health').set(auth()).set('Idempotency-Key', 'cache-hit-key-1');
    expect(res.status).toBe(200);
    const last = (await usage()).at(-1)!;
    expect(last).toMatchObject({ requestId: res.headers['x-request-id'], held: true });
  });

  it('after the caller clears their cache, the next call fetches again, with a hold', async () => {
    const cleared = await t.http().get('/api/v1/tools/service_usage?clearCache=true').set(auth());
    expect(cleared.status).toBe(200);
    const res = await t.http().get('/api/v1/tools/service_chain_health').set(auth());
    expect(res.status).toBe(200);
    expect(res.body.credits.calls).toBeGreaterThan(0);
    expect((await usage()).at(-1)).toMatchObject({ requestId: res.headers['x-request-id'], held: true });
  });

  it('50 concurrent cached calls on 12 calls of credits: 12 answered and charged, 38 get 402', async () => {
    await t.setBalance(accountId, 12 * 250);
    const before = (await usage()).length;
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.http().get('/api/v1/tools/service_chain_health').set(auth())));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(12);
    expect(statuses.filter((s) => s === 402)).toHaveLength(38);
    expect((await usage()).length - before).toBe(12);
    expect(await t.spendable(accountId)).toBe(0);
  });

  it('the ledger holds its invariants for the account', async () => {
    await expect(verifyLedger(async (sql, params) => (await t.sql.query(sql, params)).rows, { accountIds: [accountId] })).resolves.toEqual([]);
  });
});
