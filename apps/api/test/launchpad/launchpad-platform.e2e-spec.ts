import { SANDBOX_KEYS } from '@scout/sandbox';
import { expectIssueOn, startTokensApp, type Json, type TokensApp } from '../tokens/support';

/**
 * The platform launchpad tools end to end against the sandbox's launchpad: launchpad_stats,
 * launchpad_revenue and launchpad_rewards report what the site serves (read past Scout), and the
 * sums hold: the daily series adds to the total revenue, the per-coin rewards to the overall,
 * each coin's rewards (launchpad_token_rewards) to its platform row. Bad input 400, the site down
 * 502, uncharged.
 */
describe('launchpad platform tools (end to end against the sandbox)', () => {
  let app: TokensApp;

  const site = async (path: string): Promise<Json> => {
    const res = await fetch(`${app.t.sandbox.urls.launchpad}${path}`, { headers: { 'x-api-key': SANDBOX_KEYS.launchpad } });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.json();
  };
  const cents = (usd: number) => Math.round(usd * 100);

  beforeAll(async () => {
    app = await startTokensApp('launchpad-platform');
  });
  afterAll(() => app.t.close());

  describe('launchpad_stats', () => {
    it("reports the site's totals, revenue, burns and config with the shares, charged 250", async () => {
      const served = await site('/api/stats');
      const before = await app.balance();
      const res = await app.call('launchpad_stats', {});
      await app.expectCharged('launchpad_stats', res, before);
      const d = res.body.data;
      expect(d.totals).toMatchObject(served.totals);
      expect(d.totals.graduatedPct).toBeCloseTo((served.totals.graduated / served.totals.tokens) * 100, 10);
      expect(d.totals.rewardLaunchPct).toBeCloseTo((served.totals.rewardLaunches / served.totals.tokens) * 100, 10);
      expect(d.revenue).toMatchObject(served.revenue);
      expect(d.revenue.holdersSharePct + d.revenue.protocolSharePct).toBeCloseTo(100, 6);
      expect(d.burns).toEqual(served.burns);
      expect(d.config.graduationThresholds).toEqual(served.config.graduationThresholds);
      expect(d.config.enabledLaunchPaths).toEqual(Object.keys(served.config.launchPaths).filter((p) => served.config.launchPaths[p]));
      // The token list's total is the stats' count of tokens.
      expect((await site('/api/tokens?pageSize=1')).pagination.total).toBe(d.totals.tokens);
    });

    it('takes no input: an unknown field is a 400', async () => {
      const before = await app.balance();
      await app.expectUncharged(await app.call('launchpad_stats', { limit: 5 }), 400, before);
    });
  });

  describe('launchpad_revenue', () => {
    it("without history: the site's revenue split, buybacks, burns by source and recent rows, charged 250", async () => {
      const served = await site('/api/revenue?limit=10');
      const before = await app.balance();
      const res = await app.call('launchpad_revenue', { limit: 10 });
      await app.expectCharged('launchpad_revenue', res, before);
      const d = res.body.data;
      expect(d.revenue).toMatchObject(served.revenue);
      expect(d.revenue.holdersSharePct).toBeCloseTo((served.revenue.holdersUsd / served.revenue.totalUsd) * 100, 10);
      expect(d.buybacks).toEqual(served.buybacks);
      expect(d.burns.bySource).toEqual(served.burnsBySource);
      expect(d.recent).toEqual(served.recent);
      expect(d.recent.length).toBeLessThanOrEqual(10);
      expect({ daily: d.daily, dailyTotals: d.dailyTotals }).toEqual({ daily: null, dailyTotals: null });
      // The burns by source add to the stats' burn totals.
      const stats = await site('/api/stats');
      expect(cents(d.burns.totalUsd)).toBeCloseTo(cents(stats.burns.totalUsd), -1);
      expect(d.burns.count).toBe(stats.burns.burnCount);
    });

    it('with history: the daily series by UTC day, whose sums are the total revenue and its split', async () => {
      const served = await site('/api/revenue?limit=5&history=true');
      const d = (await app.ok('launchpad_revenue', { limit: 5, history: true })).data;
      expect(d.daily).toEqual(served.daily);
      expect(d.dailyTotals.days).toBe(served.daily.length);
      expect(d.dailyTotals.firstDay).toBe(served.daily[0].day);
      expect(cents(d.dailyTotals.revenueUsd)).toBeCloseTo(cents(d.revenue.totalUsd), -1);
      expect(cents(d.dailyTotals.holdersRevenueUsd)).toBeCloseTo(cents(d.revenue.holdersUsd), -1);
      expect(cents(d.dailyTotals.protocolRevenueUsd)).toBeCloseTo(cents(d.revenue.protocolUsd), -1);
      const best = Math.max(...served.daily.map((r: Json) => r.dailyRevenue));
      expect(d.dailyTotals.bestDay.revenueUsd).toBe(best);
    });
  });

  describe('launchpad_rewards', () => {
    it("per coin from the site's raw amounts, their sums overall, recent up to limit, charged 250", async () => {
      const served = await site('/api/rewards?limit=7');
      const before = await app.balance();
      const res = await app.call('launchpad_rewards', { limit: 7 });
      await app.expectCharged('launchpad_rewards', res, before);
      const d = res.body.data;
      expect(d.coins.map((c: Json) => c.mint)).toEqual(served.coins.map((c: Json) => c.mint));
      for (const [i, c] of d.coins.entries()) {
        const s = served.coins[i];
        expect(c.distributed.raw).toBe(s.distributedRaw);
        expect(c.distributed.tokens).toBeCloseTo(s.distributedTokens, 6);
        expect(c).toMatchObject({ distributedUsd: s.distributedUsd, payoutCount: s.payoutCount, lastPayoutAt: s.lastPayoutAt });
      }
      expect(d.recent).toEqual(served.recent);
      expect(d.recent.length).toBeLessThanOrEqual(7);
      expect(d.overall.coins).toBe(served.coins.length);
      expect(d.overall.payoutCount).toBe(served.coins.reduce((a: number, c: Json) => a + c.payoutCount, 0));
      expect(cents(d.overall.distributedUsd)).toBeCloseTo(cents(served.coins.reduce((a: number, c: Json) => a + c.distributedUsd, 0)), -1);
      for (const q of d.overall.distributedByQuote) {
        const raw = served.coins.filter((c: Json) => c.quote.mint === q.mint).reduce((a: bigint, c: Json) => a + BigInt(c.distributedRaw), 0n);
        expect(q.distributed.raw).toBe(raw.toString());
      }
    });

    it("each reward coin's own rewards (launchpad_token_rewards) are its row here", async () => {
      const d = (await app.ok('launchpad_rewards', { limit: 100 })).data;
      const paying = d.coins.filter((c: Json) => c.payoutCount > 0).slice(0, 3);
      expect(paying.length).toBeGreaterThan(0);
      for (const row of paying) {
        const own = (await app.ok('launchpad_token_rewards', { mint: row.mint, limit: 100 })).data;
        expect(own.rewards.distributed).toEqual(row.distributed);
        expect(own.rewards.payoutCount).toBe(row.payoutCount);
      }
      // The revenue's holders' share is what holders were paid plus what they are still owed.
      const revenue = (await app.ok('launchpad_revenue', {})).data;
      expect(d.overall.distributedUsd).toBeLessThanOrEqual(revenue.revenue.holdersUsd + 0.01 * d.overall.coins);
    });
  });

  describe('the sums across tools', () => {
    /** Every coin the site lists, page by page. */
    const allCoins = async (): Promise<Json[]> => {
      const out: Json[] = [];
      for (let page = 1; ; page++) {
        const body = await site(`/api/tokens?sort=newest&pageSize=100&page=${page}`);
        out.push(...body.tokens);
        if (page >= body.pagination.totalPages) return out;
      }
    };

    it("every coin's burn totals (launchpad_token_burns) add up to the platform's (launchpad_stats)", async () => {
      const stats = (await app.ok('launchpad_stats', {})).data;
      let usd = 0;
      let count = 0;
      for (const coin of await allCoins()) {
        const totals = (await app.ok('launchpad_token_burns', { mint: coin.mint, limit: 1 })).data.totals;
        count += totals.burnCount;
        usd += totals.valueUsdAtBurn ?? 0;
      }
      expect(count).toBeGreaterThan(0);
      expect(count).toBe(stats.burns.burnCount);
      expect(cents(usd)).toBeCloseTo(cents(stats.burns.totalUsd), -1);
    });

    it("every reward coin's rewards (launchpad_token_rewards) add up to launchpad_rewards overall, per quote", async () => {
      const overall = (await app.ok('launchpad_rewards', { limit: 1 })).data.overall;
      const byQuote = new Map<string, bigint>();
      let payouts = 0;
      let rewardCoins = 0;
      for (const coin of (await allCoins()).filter((c) => c.mode === 'reward')) {
        const own = (await app.ok('launchpad_token_rewards', { mint: coin.mint, limit: 1 })).data;
        rewardCoins += 1;
        payouts += own.rewards.payoutCount;
        byQuote.set(own.quote.mint, (byQuote.get(own.quote.mint) ?? 0n) + BigInt(own.rewards.distributed.raw));
      }
      expect(rewardCoins).toBe(overall.coins);
      expect(payouts).toBe(overall.payoutCount);
      const overallByQuote = Object.fromEntries(overall.distributedByQuote.map((q: Json) => [q.mint, q.distributed.raw]));
      expect(overallByQuote).toEqual(Object.fromEntries([...byQuote].map(([mint, raw]) => [mint, raw.toString()])));
    });
  });

  describe('refusals, uncharged', () => {
    it('limit outside 1-100 and a history that is not a boolean are 400s naming the field', async () => {
      const before = await app.balance();
      for (const tool of ['launchpad_revenue', 'launchpad_rewards']) {
        for (const limit of [0, 101, 1.5]) {
          const res = await app.call(tool, { limit });
          await app.expectUncharged(res, 400, before);
          expectIssueOn(res, 'limit');
        }
      }
      const res = await app.call('launchpad_revenue', { history: 'sometimes' });
      await app.expectUncharged(res, 400, before);
      expectIssueOn(res, 'history');
    });

    it('the site down is a 502', async () => {
      await app.freshReads();
      app.t.sandbox.control.add({ provider: 'launchpad', status: 503 });
      try {
        const before = await app.balance();
        for (const tool of ['launchpad_stats', 'launchpad_revenue', 'launchpad_rewards']) await app.expectUncharged(await app.call(tool, {}), 502, before);
      } finally {
        app.t.sandbox.control.clear();
      }
    });
  });
});
