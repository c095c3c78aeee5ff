import {
  NOW,
  UNKNOWN_EVM,
  UNKNOWN_MINT,
  busiestSoldToken,
  expectAddressRules,
  expectIssueOn,
  sandboxSells,
  startTokensApp,
  storeSandboxFeed,
  trendingBoard,
  type Json,
  type TokensApp,
} from './support';

/**
 * Tracked holders, KOL holders, sell pressure and flow stats end to end against the sandbox FOMO
 * provider: every figure recomputed from what the sandbox itself serves, each input at its bounds,
 * unknown tokens, and the composites losing one part (null plus a note, charged) or all (502, free).
 */

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

describe('token holders, KOL holders, sell pressure and stats (end to end against the sandbox)', () => {
  let app: TokensApp;
  /** Trending tokens; the Solana ones are numbered so each test takes its own and Scout's cache never answers for another. */
  let board: Json[];
  const token = (i: number): string => board.filter((r) => r.network === 'solana')[i].token.address;
  const evmRow = (): Json => board.find((r) => r.token.address.startsWith('0x') && r.network === 'ethereum');

  beforeAll(async () => {
    app = await startTokensApp('token holders');
    board = await trendingBoard(app);
    expect(board.filter((r) => r.network === 'solana').length).toBeGreaterThan(12);
  });
  afterAll(() => app.t.close());
  afterEach(() => app.t.sandbox.control.clear());

  describe("200: the answer is the sandbox's, recomputed", () => {
    it('service_fomo_token_holders lists every tracked holder by value, with shares of the tracked total', async () => {
      const address = token(0);
      const before = await app.balance();
      const res = await app.call('service_fomo_token_holders', { address, limit: 200 });
      await app.expectCharged('service_fomo_token_holders', res, before);
      const upstream = await app.fomo(`/token/${address}/holders`);
      const data = res.body.data;
      const total = round(upstream.holders.reduce((s: number, h: Json) => s + h.valueUsd, 0));
      expect(data).toMatchObject({
        token: { address, chain: 'solana' },
        capturedAt: upstream.capturedAt,
        trackedHolderCount: upstream.count,
        trackedValueUsd: total,
        count: upstream.count,
      });
      const pick = (h: Json) => [h.userId, h.handle, h.amount, h.valueUsd];
      expect(data.holders.map(pick)).toEqual(upstream.holders.map(pick));
      expect(data.holders.map((h: Json) => h.rank)).toEqual(upstream.holders.map((_: Json, i: number) => i + 1));
      for (const h of data.holders) expect(h.shareOfTrackedValuePct).toBeCloseTo((100 * h.valueUsd) / total, 2);
      const top3 = (await app.ok('service_fomo_token_holders', { address, limit: 3 })).data;
      expect(top3).toMatchObject({ trackedHolderCount: upstream.count, count: 3 });
      expect(top3.holders).toEqual(data.holders.slice(0, 3));
    });

    it("service_fomo_kol_holders: tracked count, share of all holders, concentration and 24h flow from the sandbox's stats", async () => {
      const address = token(1);
      const before = await app.balance();
      const res = await app.call('service_fomo_kol_holders', { address, limit: 5 });
      await app.expectCharged('service_fomo_kol_holders', res, before);
      const [holders, stats] = await Promise.all([app.fomo(`/token/${address}/holders`), app.fomo(`/v2/token/${address}/stats`)]);
      const d = res.body.data;
      expect(d).toMatchObject({
        token: { address, chain: 'solana' },
        trackedHolderCount: holders.count,
        totalHolders: stats.holders,
        trackedShareOfHoldersPct: round((100 * holders.count) / stats.holders, 4),
        concentration: { top10HoldersPercent: stats.top10HoldersPercent },
      });
      expect(d.topHolders.map((h: Json) => h.userId)).toEqual(holders.holders.slice(0, 5).map((h: Json) => h.userId));
      const w = stats.windows['24h'];
      expect(d.flow24h).toMatchObject({
        buys: w.buys,
        sells: w.sells,
        buyVolumeUsd: Number(w.buyVolumeUsd),
        sellVolumeUsd: Number(w.sellVolumeUsd),
        buySellRatio: round(w.buys / w.sells, 3),
      });
      expect(d.flow24h.netVolumeUsd).toBeCloseTo(Number(w.buyVolumeUsd) - Number(w.sellVolumeUsd), 2);
    });

    it('service_fomo_kol_holders with includeStats false reads no stats: the stats figures are null', async () => {
      const address = token(2);
      const statsReads = app.t.sandbox.control.count('fomo', `/v2/token/${address}/stats`);
      const d = (await app.ok('service_fomo_kol_holders', { address, includeStats: false })).data;
      expect(d).toMatchObject({
        totalHolders: null,
        trackedShareOfHoldersPct: null,
        concentration: null,
        flow24h: null,
        trackedHolderCount: (await app.fomo(`/token/${address}/holders`)).count,
      });
      expect(app.t.sandbox.control.count('fomo', `/v2/token/${address}/stats`)).toBe(statsReads);
    });

    it.each([
      [1440, 10],
      [240, 0],
      [60, 100],
    ])(
      "service_fomo_kol_sell_pressure over %i min: sellers and sellersPct recomputed from the whole feed's sells and the holders (threshold %i)",
      async (windowMinutes, thresholdPercent) => {
        // Sell pressure reads Scout's stored copy of the feed: the sandbox's whole day, stored as the ingestion would.
        await storeSandboxFeed(app, NOW - 1440 * 60_000);
        const address = busiestSoldToken(app);
        const since = NOW - windowMinutes * 60_000;
        const before = await app.balance();
        const res = await app.call('service_fomo_kol_sell_pressure', { address, windowMinutes, thresholdPercent });
        await app.expectCharged('service_fomo_kol_sell_pressure', res, before);
        const holders = await app.fomo(`/token/${address}/holders`);
        const sells = sandboxSells(app, address, since - 1);
        const holding = new Set(holders.holders.map((h: Json) => h.userId));
        const sellers = new Set(sells.map((a: Json) => a.userId));
        if (windowMinutes === 1440) expect(sellers.size).toBeGreaterThanOrEqual(3);
        const exited = [...sellers].filter((u) => !holding.has(u)).length;
        const pct = sellers.size + holding.size === 0 ? null : round((100 * sellers.size) / (holding.size + exited));
        const d = res.body.data;
        expect(d).toMatchObject({
          windowMinutes,
          coveredTo: new Date(NOW).toISOString(),
          currentHolders: holding.size,
          sellers: sellers.size,
          fullyExitedSellers: exited,
          sellersPct: pct,
          thresholdPercent,
          thresholdCrossed: pct !== null && pct >= thresholdPercent,
        });
        expect(Date.parse(d.coveredFrom)).toBeGreaterThanOrEqual(since);
        expect(new Set(d.sellersList.map((s: Json) => s.userId))).toEqual(sellers);
        for (const s of d.sellersList) {
          const mine = sells.filter((a: Json) => a.userId === s.userId);
          expect(s).toMatchObject({ sells: mine.length, stillHolding: holding.has(s.userId) });
          expect(s.soldUsd).toBeCloseTo(
            mine.reduce((x: number, a: Json) => x + a.tradeUsd, 0),
            2,
          );
          expect(s.realizedPnlUsd).toBeCloseTo(
            mine.reduce((x: number, a: Json) => x + a.usdValue, 0),
            2,
          );
        }
        expect(d.stillHolding.map((h: Json) => h.userId).sort()).toEqual([...holding].filter((u) => !sellers.has(u)).sort());
      },
    );

    it("service_fomo_token_stats: every window's counts and volumes are the sandbox's; ratio and net recomputed", async () => {
      const address = token(4);
      const before = await app.balance();
      const res = await app.call('service_fomo_token_stats', { address, chain: 'solana' });
      await app.expectCharged('service_fomo_token_stats', res, before);
      const stats = await app.fomo(`/v2/token/${address}/stats`);
      const d = res.body.data;
      expect(d).toMatchObject({ token: { address, chain: 'solana', networkId: stats.networkId }, priceUsd: stats.priceUsd, holders: stats.holders });
      const level = (p: number) => (p < 25 ? 'low' : p < 50 ? 'moderate' : p < 80 ? 'high' : 'extreme');
      expect(d.concentration).toEqual({ top10HoldersPercent: stats.top10HoldersPercent, level: level(stats.top10HoldersPercent) });
      for (const name of ['5m', '1h', '4h', '24h']) {
        const w = stats.windows[name];
        const buy = Number(w.buyVolumeUsd);
        const sell = Number(w.sellVolumeUsd);
        expect(d.windows[name]).toMatchObject({
          buys: w.buys,
          sells: w.sells,
          uniqueBuyers: w.uniqueBuyers,
          uniqueSellers: w.uniqueSellers,
          buyVolumeUsd: buy,
          sellVolumeUsd: sell,
        });
        expect(d.windows[name].buySellRatio).toBe(w.sells > 0 ? round(w.buys / w.sells, 3) : null);
        expect(d.windows[name].netVolumeUsd).toBeCloseTo(buy - sell, 2);
        expect(d.windows[name].buyVolumeSharePct).toBeCloseTo((100 * buy) / (buy + sell), 2);
      }
    });

    it("service_fomo_token_stats on an EVM token without a chain: the chain is the provider's, the address lowercased", async () => {
      const row = evmRow();
      const d = (await app.ok('service_fomo_token_stats', { address: row.token.address.toUpperCase().replace('0X', '0x') })).data;
      expect(d.token).toEqual({ address: row.token.address.toLowerCase(), chain: 'ethereum', networkId: row.token.networkId });
      expect(d.holders).toBe((await app.fomo(`/v2/token/${row.token.address}/stats`)).holders);
    });
  });

  describe('400: each input at its bounds (just inside answers, just outside is refused uncharged)', () => {
    /** tool, field, accepted edge, refused value. */
    const BOUNDS: Array<[string, string, unknown, unknown]> = [
      ['service_fomo_token_holders', 'limit', 1, 0],
      ['service_fomo_token_holders', 'limit', 200, 201],
      ['service_fomo_kol_holders', 'limit', 1, 0],
      ['service_fomo_kol_holders', 'limit', 100, 101],
      ['service_fomo_kol_holders', 'includeStats', true, 'yes'],
      ['service_fomo_kol_sell_pressure', 'windowMinutes', 5, 4],
      ['service_fomo_kol_sell_pressure', 'windowMinutes', 1440, 1441],
      ['service_fomo_kol_sell_pressure', 'thresholdPercent', 0, -0.01],
      ['service_fomo_kol_sell_pressure', 'thresholdPercent', 100, 100.01],
      ['service_fomo_kol_sell_pressure', 'windowMinutes', 30, 30.5],
    ];
    it.each(BOUNDS)('%s %s: %j answers, %j is a 400', async (tool, field, edge, past) => {
      await app.ok(tool, { address: token(5), [field]: edge });
      const before = await app.balance();
      const res = await app.call(tool, { address: token(5), [field]: past });
      await app.expectUncharged(res, 400, before);
      expectIssueOn(res, field);
    });

    const TOOLS = ['service_fomo_token_holders', 'service_fomo_kol_holders', 'service_fomo_kol_sell_pressure', 'service_fomo_token_stats'];
    it.each(TOOLS)('%s: a malformed address, an address of the wrong family for the chain, an unknown chain', async (tool) => {
      const evm = evmRow();
      await expectAddressRules(app, tool, token(5), { address: evm.token.address, chain: 'ethereum' });
    });
  });

  describe('404: a well-formed address the sandbox does not know is named, charged nothing', () => {
    it.each(['service_fomo_token_holders', 'service_fomo_kol_holders', 'service_fomo_kol_sell_pressure', 'service_fomo_token_stats'])('%s', async (tool) => {
      for (const address of [UNKNOWN_MINT, UNKNOWN_EVM]) {
        const before = await app.balance();
        const res = await app.call(tool, { address });
        await app.expectUncharged(res, 404, before);
        expect(res.body.error.code).toBe('not_found');
        expect(res.body.error.message).toContain(address);
      }
    });
  });

  describe('partial failure: one part lost is null plus a note (charged), every part lost is a 502 (free)', () => {
    beforeEach(() => app.freshReads());

    it('kol_holders without the stats (503): tracked figures stand, stats figures null', async () => {
      const address = token(6);
      app.t.sandbox.control.add({ provider: 'fomo', route: `/v2/token/${address}/stats`, status: 503 });
      const before = await app.balance();
      const res = await app.call('service_fomo_kol_holders', { address });
      await app.expectCharged('service_fomo_kol_holders', res, before);
      expect(res.body.data).toMatchObject({
        totalHolders: null,
        trackedShareOfHoldersPct: null,
        concentration: null,
        flow24h: null,
        trackedHolderCount: (await app.fomo(`/token/${address}/holders`)).count,
      });
      expect(res.body.notes).toContain('FOMO token stats did not answer (HTTP 503): totalHolders, trackedShareOfHoldersPct, concentration, flow24h left null.');
    });

    it('kol_holders with the holders route hung (timeout): tracked figures null, stats stand', async () => {
      const address = token(7);
      app.t.sandbox.control.add({ provider: 'fomo', route: `/token/${address}/holders`, timeout: true });
      const before = await app.balance();
      const res = await app.call('service_fomo_kol_holders', { address });
      await app.expectCharged('service_fomo_kol_holders', res, before);
      expect(res.body.data).toMatchObject({
        trackedHolderCount: null,
        trackedValueUsd: null,
        topHolders: null,
        trackedShareOfHoldersPct: null,
        totalHolders: (await app.fomo(`/v2/token/${address}/stats`)).holders,
      });
      expect(res.body.notes.join(' ')).toMatch(/FOMO tracked holders did not answer \(timeout\): trackedHolderCount, trackedValueUsd, topHolders left null/);
    });

    it('sell pressure on a token nobody sold in the window: no sellers (a known zero), nothing crossed', async () => {
      // A coin nobody sold in the last 5 minutes, chosen by that property (the feed moves a few
      // events a minute), among the board's coins no other test here takes (from the 12th on).
      const solana = board.filter((r) => r.network === 'solana').map((r) => r.token.address as string);
      const address = solana.slice(11).find((a) => sandboxSells(app, a, NOW - 5 * 60_000).length === 0)!;
      expect(address).toBeDefined();
      await storeSandboxFeed(app, NOW - 5 * 60_000);
      expect(sandboxSells(app, address, NOW - 5 * 60_000)).toEqual([]);
      const res = await app.call('service_fomo_kol_sell_pressure', { address, windowMinutes: 5 });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ sellers: 0, fullyExitedSellers: 0, sellersPct: 0, thresholdCrossed: false, sellersList: [] });
    });

    it('sell pressure without the holders: sellers stand, nothing is said about holders or the share', async () => {
      const address = token(9);
      await storeSandboxFeed(app, NOW - 1440 * 60_000);
      app.t.sandbox.control.add({ provider: 'fomo', route: `/token/${address}/holders`, status: 503 });
      const before = await app.balance();
      const res = await app.call('service_fomo_kol_sell_pressure', { address });
      await app.expectCharged('service_fomo_kol_sell_pressure', res, before);
      const sells = sandboxSells(app, address, NOW - 1440 * 60_000);
      expect(res.body.data).toMatchObject({
        currentHolders: null,
        fullyExitedSellers: null,
        sellersPct: null,
        thresholdCrossed: null,
        stillHolding: null,
        sellers: new Set(sells.map((a: Json) => a.userId)).size,
      });
      expect(res.body.notes.join(' ')).toMatch(/FOMO tracked holders did not answer \(HTTP 503\): currentHolders/);
    });

    it.each([['service_fomo_kol_holders', (a: string) => [`/token/${a}/holders`, `/v2/token/${a}/stats`]]])(
      '%s with every part failing: 502 tool_error, hold voided',
      async (tool, routes) => {
        const address = token(10);
        for (const route of routes(address)) app.t.sandbox.control.add({ provider: 'fomo', route, status: 503 });
        const before = await app.balance();
        const res = await app.call(tool, { address });
        await app.expectUncharged(res, 502, before);
        expect(res.body.error).toMatchObject({ code: 'tool_error', details: expect.stringMatching(/503/) });
      },
    );
  });
});
