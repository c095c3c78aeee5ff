import { TOOL_CATALOG } from '@scout/core';
import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { callOverMcp } from './support/mcp-charge';
import { startTestApp, type TestApp } from './support/test-app';

describe('account tools: service_account, service_usage, /api/v1/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS });
  });
  afterAll(() => t.close());

  const call = (key: string, tool: string, body: object = {}) => t.http().post(`/api/v1/tools/${tool}`).set('Authorization', `Bearer ${key}`).send(body);

  it('service_account: plan, credits, allowance, used this month, top-ups and expiry', async () => {
    const { accountId, apiKey } = await t.createAccount('acct', 'starter');
    await call(apiKey, 'fixture_paid');
    await call(apiKey, 'fixture_paid');
    await call(apiKey, 'fixture_paid', { mode: 'upstream_error' }); // refunded: not "used"
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await t
      .http()
      .post(`/api/v1/admin/accounts/${accountId}/credits`)
      .set('Authorization', `Bearer ${t.adminKey}`)
      .send({ credits: 1000, kind: 'topup', expiresAt, reason: 'account tools e2e' });

    const res = await call(apiKey, 'service_account');
    expect(res.status).toBe(200);
    expect(res.body.credits.creditsSpent).toBe(0);
    expect(res.body.data).toMatchObject({
      accountId,
      plan: { id: 'starter', name: 'Starter', priceUsd: 29, callsPerMonth: 1500, creditsPerMonth: 375000 },
      // The free grant, the Starter period granted at sign-up, two paid calls, the top-up.
      creditsRemaining: 62_500 + 375_000 - 500 + 1000,
      callsRemaining: Math.floor((62_500 + 375_000 - 500 + 1000) / 250),
      monthlyAllowance: 375000,
      usedThisMonth: 500,
      periodStart: expect.any(String),
      renewsAt: expect.any(String),
      prepaidTopups: [expect.objectContaining({ credits: 1000, remaining: 1000, expiresAt, expired: false })],
      expiry: { nextExpiresAt: expiresAt, credits: 1000 },
    });
    expect(res.headers['x-credits-remaining']).toBe(String(62_500 + 375_000 - 500 + 1000));
    const { periodStart, renewsAt } = res.body.data;
    const periodDays = (new Date(renewsAt).getTime() - new Date(periodStart).getTime()) / 86_400_000;
    expect(periodDays).toBeGreaterThanOrEqual(28);
    expect(periodDays).toBeLessThanOrEqual(31);
    expect(Date.now() - new Date(periodStart).getTime()).toBeLessThan(60_000);
  });

  it('service_usage: this session only, per tool, cache rate, price table; clearCache accepted', async () => {
    const { apiKey } = await t.createAccount('usage');
    await call(apiKey, 'fixture_paid');
    await call(apiKey, 'fixture_free');
    const res = await t.http().get('/api/v1/tools/service_usage?clearCache=true').set('Authorization', `Bearer ${apiKey}`);
    expect(res.status).toBe(200);
    const { session, priceTable, upstreamKeys } = res.body.data;
    expect(session).toMatchObject({
      creditsSpent: 250,
      calls: 2,
      byTool: { fixture_free: { calls: 1, credits: 0 }, fixture_paid: { calls: 1, credits: 250 } },
      // Both calls came through REST.
      byChannel: { rest: { calls: 2, credits: 250 }, mcp: { calls: 0, credits: 0 } },
      upstreamCalls: 2,
      cachedCalls: 0,
      cacheHitRate: 0,
    });
    expect(new Date(session.cacheClearedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body.notes[0]).toMatch(/Cache cleared/);
    expect(upstreamKeys).toEqual({ exhausted: [], invalid: [] });
    expect(Object.keys(priceTable.tools)).toHaveLength(80);
    expect(priceTable.tools.service_milestone_study).toBe(TOOL_CATALOG.service_milestone_study.cost);
    expect(priceTable.creditsPerCall).toBe(250);
  });

  it('service_usage of one account never shows another account', async () => {
    const a = await t.createAccount('a');
    const b = await t.createAccount('b');
    await call(a.apiKey, 'fixture_paid');
    const res = await call(b.apiKey, 'service_usage');
    expect(res.body.data.session).toMatchObject({
      creditsSpent: 0,
      calls: 0,
      byTool: {},
      byChannel: { rest: { calls: 0, credits: 0 }, mcp: { calls: 0, credits: 0 } },
    });
  });

  it('/api/v1/me: balance, calls left and usage by tool net of refunds', async () => {
    const { accountId, apiKey } = await t.createAccount('me');
    await call(apiKey, 'fixture_paid');
    await call(apiKey, 'fixture_paid', { mode: 'upstream_error' });
    const res = await t.http().get('/api/v1/me').set('Authorization', `Bearer ${apiKey}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      account: { id: accountId, name: 'me', plan: null, status: 'active' },
      balance: 62_250,
      callsLeft: 249,
      usageByTool: [{ tool: 'fixture_paid', calls: 1, credits: 250 }],
      usageByChannel: [
        { channel: 'rest', calls: 1, credits: 250 },
        { channel: 'mcp', calls: 0, credits: 0 },
      ],
    });
    expect(res.headers['x-credits-remaining']).toBe('62250');
  });

  it('/api/v1/me: usage by channel, REST calls as rest and calls over /mcp as mcp, one balance', async () => {
    const { apiKey } = await t.createAccount('me channels');
    await call(apiKey, 'fixture_paid');
    await call(apiKey, 'fixture_paid');
    await callOverMcp(t, apiKey, 'fixture_paid');
    await callOverMcp(t, apiKey, 'fixture_paid');
    const res = await t.http().get('/api/v1/me').set('Authorization', `Bearer ${apiKey}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      balance: 62_500 - 500 - 500,
      // The tools count every call whatever its channel; the channels add up to the same totals.
      usageByTool: [{ tool: 'fixture_paid', calls: 4, credits: 1_000 }],
      usageByChannel: [
        { channel: 'rest', calls: 2, credits: 500 },
        { channel: 'mcp', calls: 2, credits: 500 },
      ],
    });
    const ledger = await t.http().get('/api/v1/me/ledger').set('Authorization', `Bearer ${apiKey}`);
    expect(ledger.body.entries.map((e: { kind: string; channel: string }) => [e.kind, e.channel])).toEqual([
      ['usage', 'mcp'],
      ['usage', 'mcp'],
      ['usage', 'rest'],
      ['usage', 'rest'],
      ['grant', 'rest'],
    ]);
  });

  it('free grant follows configuration', async () => {
    const custom = await startTestApp({ env: { FREE_GRANT_USD: '1', PAYG_USD_PER_CALL: '0.02' } });
    try {
      const { apiKey } = await custom.createAccount('configured');
      const res = await custom.http().get('/api/v1/me').set('Authorization', `Bearer ${apiKey}`);
      expect(res.body.balance).toBe(12_500);
    } finally {
      await custom.close();
    }
  });
});
