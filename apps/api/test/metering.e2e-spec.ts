import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { startTestApp, type TestApp } from './support/test-app';

describe('metering: the debit path under concurrency (docs/architecture.md section 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS });
  });
  afterAll(() => t.close());

  it('200 parallel 250-credit calls on 12,500 credits: exactly 50 succeed, 150 get 402, balance 0', async () => {
    const { accountId, apiKey } = await t.createAccount('concurrency');
    await t.setBalance(accountId, 12_500);

    const responses = await Promise.all(
      Array.from({ length: 200 }, () => t.http().post('/api/v1/tools/fixture_paid').set('Authorization', `Bearer ${apiKey}`).send({})),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 402)).toHaveLength(150);
    for (const r of responses.filter((r) => r.status === 402)) {
      expect(r.body.error.code).toBe('out_of_credits');
      expect(Number(r.headers['x-credits-remaining'])).toBeGreaterThanOrEqual(0);
    }

    const { rows } = await t.sql.query(
      `SELECT a.balance, scout_spendable(a.id) AS spendable,
              (SELECT sum(amount) FROM credit_entries e WHERE e.account_id = a.id) AS entry_sum,
              (SELECT count(*) FROM credit_entries e WHERE e.account_id = a.id AND kind = 'usage') AS usage_entries
         FROM accounts a WHERE a.id = $1`,
      [accountId],
    );
    expect(Number(rows[0].balance)).toBe(0);
    expect(Number(rows[0].spendable)).toBe(0);
    expect(Number(rows[0].entry_sum)).toBe(0);
    expect(Number(rows[0].usage_entries)).toBe(50);
  });
});
