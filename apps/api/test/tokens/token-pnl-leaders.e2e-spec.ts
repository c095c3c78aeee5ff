import { SANDBOX_KEYS } from '@scout/sandbox';
import { startTokensApp, trendingBoard, UNKNOWN_EVM, UNKNOWN_MINT, type Json, type TokensApp, expectRefused } from './support';

const TOOL = 'service_token_pnl_leaders';

/**
 * service_token_pnl_leaders end to end against the sandbox's token-analytics stand-in: the ranking
 * is /top-traders read past Scout, each wallet's figures its /pnl on the coin, and the top wallet's
 * profit share is counted here from the served rows; the token route down leaves the header null
 * with a note (charged); the ranking down, bad input and an unknown mint are refused, uncharged.
 */
describe('service_token_pnl_leaders (end to end against the sandbox)', () => {
  let app: TokensApp;
  let mints: string[];

  const st = async (path: string): Promise<Json> => {
    const res = await fetch(`${app.t.sandbox.urls.solanaTracker}${path}`, { headers: { 'x-api-key': SANDBOX_KEYS.solanaTracker } });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.json();
  };

  beforeAll(async () => {
    app = await startTokensApp('token-pnl-leaders');
    mints = (await trendingBoard(app))
      .filter((r: Json) => r.network === 'solana')
      .slice(0, 2)
      .map((r: Json) => r.token.address as string);
  });
  afterAll(() => app.t.close());

  it("ranks a board coin's wallets as /top-traders does, each wallet's figures its /pnl on the coin, charged 250", async () => {
    for (const mint of mints) {
      const [rows, token] = await Promise.all([st(`/top-traders/${mint}`), st(`/tokens/${mint}`)]);
      const before = await app.balance();
      const res = await app.call(TOOL, { token: mint, limit: 100 });
      await app.expectCharged(TOOL, res, before);
      const d = res.body.data;
      expect(d.token).toMatchObject({ mint, symbol: token.token.symbol, name: token.token.name });
      expect(d.token.priceUsd).toBe(token.pools[0]?.price?.usd ?? null);
      expect(d.wallets.map((w: Json) => w.wallet)).toEqual(rows.map((r: Json) => r.wallet));
      d.wallets.forEach((w: Json, i: number) => {
        const r = rows[i];
        expect(w).toMatchObject({
          rank: i + 1,
          investedUsd: r.total_invested,
          takenOutUsd: r.sold_usd,
          realizedPnlUsd: r.realized,
          unrealizedPnlUsd: r.unrealized,
          totalPnlUsd: r.total,
          holding: { amount: r.holding, valueUsd: r.current_value },
          stillHolding: r.holding > 0,
        });
      });
      for (const w of d.wallets.slice(0, 4)) {
        const pnl = (await st(`/pnl/${w.wallet}`)).tokens[mint];
        expect({ wallet: w.wallet, total: w.totalPnlUsd, invested: w.investedUsd, takenOut: w.takenOutUsd, holding: w.holding.amount }).toEqual({
          wallet: w.wallet,
          total: pnl.total,
          invested: pnl.total_invested,
          takenOut: pnl.sold_usd,
          holding: pnl.holding,
        });
      }
      const profits = rows.map((r: Json) => r.total).filter((t: number) => t > 0);
      const profit = profits.reduce((a: number, b: number) => a + b, 0);
      expect(profits.length).toBeGreaterThan(0);
      expect(d.summary).toMatchObject({
        walletsRanked: rows.length,
        walletsInProfit: profits.length,
        walletsAtLoss: rows.filter((r: Json) => r.total < 0).length,
        profitShareIsUpperBound: rows.length === 100 && rows[99].total > 0,
      });
      expect(d.summary.totalProfitUsd).toBeCloseTo(profit, 2);
      expect(d.summary.topWalletProfitSharePct).toBeCloseTo((rows[0].total / profit) * 100, 1);
      expect(res.body.credits.endpoints).toEqual(expect.arrayContaining(['solana-tracker:/top-traders/{mint}', 'solana-tracker:/tokens/{mint}']));
    }
  });

  it('lists 20 wallets by default and `limit` of them when asked; the summary still covers the whole ranking', async () => {
    const rows = await st(`/top-traders/${mints[0]}`);
    const d = (await app.ok(TOOL, { token: mints[0] })).data;
    expect(d.wallets.length).toBe(Math.min(20, rows.length));
    const three = (await app.ok(TOOL, { token: mints[0], limit: 3 })).data;
    expect(three.wallets.map((w: Json) => w.wallet)).toEqual(rows.slice(0, 3).map((r: Json) => r.wallet));
    expect(three.summary.walletsRanked).toBe(rows.length);
  });

  it("the token's own route down: the header is null with a note, the ranking stands, charged", async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'solana-tracker', route: `/tokens/${mints[1]}`, status: 503 });
    try {
      const before = await app.balance();
      const res = await app.call(TOOL, { token: mints[1], limit: 5 });
      await app.expectCharged(TOOL, res, before);
      const d = res.body.data;
      expect(d.token).toEqual({ mint: mints[1], name: null, symbol: null, priceUsd: null, launchedAt: null, deployer: null });
      expect(d.wallets.length).toBe(5);
      expect(d.wallets[0].totalPnlUsd).toEqual(expect.any(Number));
      expect(res.body.notes.join(' ')).toContain('/tokens/{mint} did not answer');
    } finally {
      app.t.sandbox.control.clear();
    }
  });

  it('the ranking down is a 502, and so is the whole source down; uncharged', async () => {
    for (const route of [`/top-traders/${mints[1]}`, undefined]) {
      await app.freshReads();
      app.t.sandbox.control.add({ provider: 'solana-tracker', route, status: 503 });
      try {
        const before = await app.balance();
        await app.expectUncharged(await app.call(TOOL, { token: mints[1] }), 502, before);
      } finally {
        app.t.sandbox.control.clear();
      }
    }
  });

  it.each([
    [{ token: UNKNOWN_EVM }, 'service_token_info'],
    [{ token: UNKNOWN_MINT, limit: 0 }, 'limit'],
    [{ token: UNKNOWN_MINT, limit: 101 }, 'limit'],
    [{ token: UNKNOWN_MINT, limit: '5' }, 'limit'],
    [{ token: 'not a mint' }, 'token'],
    [{}, 'token'],
  ])('400 for %j, uncharged', async (body, text) => {
    await expectRefused(app, TOOL, body, text);
  });

  it('an unknown mint is a 404 naming it, uncharged', async () => {
    const before = await app.balance();
    const res = await app.call(TOOL, { token: UNKNOWN_MINT });
    await app.expectUncharged(res, 404, before);
    expect(res.body.error.message).toContain(UNKNOWN_MINT);
  });
});
