import { SANDBOX_KEYS } from '@scout/sandbox';
import { NOW, startTokensApp, UNKNOWN_EVM, UNKNOWN_MINT, type Json, type TokensApp, expectRefused } from './support';

const TOOL = 'service_token_early_buyers';

/**
 * service_token_early_buyers end to end against the sandbox's token-analytics stand-in: each listed
 * buyer is its /first-buyers row read past Scout (and its /pnl on the coin), a FOMO launch opens
 * with its developer; the selling, bundle and first-minute figures are counted here from what the
 * sandbox serves; a failed part is null with a note and charged; bad input, an unknown mint and the
 * source down are refused, uncharged.
 */
describe('service_token_early_buyers (end to end against the sandbox)', () => {
  let app: TokensApp;
  let fixtures: Json;
  /** A FOMO launch the clock has passed, and a meme coin with a launch bundle. */
  let launch: Json;
  let bundled: string;

  const st = async (path: string): Promise<Json> => {
    const res = await fetch(`${app.t.sandbox.urls.solanaTracker}${path}`, { headers: { 'x-api-key': SANDBOX_KEYS.solanaTracker } });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.json();
  };

  beforeAll(async () => {
    app = await startTokensApp('token-early-buyers');
    fixtures = await (await fetch(`${app.t.sandbox.url}/__control/fixtures`)).json();
    launch = fixtures.fomo.launches.find((l: Json) => Date.parse(l.launchedAt) <= NOW - 3_600_000);
    for (const mint of fixtures.memeMints as string[]) {
      const res = await fetch(`${app.t.sandbox.urls.solanaTracker}/tokens/${mint}/bundlers`, { headers: { 'x-api-key': SANDBOX_KEYS.solanaTracker } });
      if (res.status === 200 && ((await res.json()) as Json).total > 1) {
        bundled = mint;
        break;
      }
    }
    expect(launch).toBeDefined();
    expect(bundled).toBeDefined();
  });
  afterAll(() => app.t.close());

  it("lists a launch's first buyers as the source serves them, its developer first, each buyer's PnL its /pnl on the coin, charged 500", async () => {
    const mint = launch.address as string;
    const [rows, token, bundle] = await Promise.all([st(`/first-buyers/${mint}`), st(`/tokens/${mint}`), st(`/tokens/${mint}/bundlers`)]);
    const before = await app.balance();
    const res = await app.call(TOOL, { token: mint, limit: 100 });
    await app.expectCharged(TOOL, res, before);
    const d = res.body.data;
    const launchMs = token.token.creation.created_time * 1000;
    expect(d.token).toMatchObject({ mint, symbol: token.token.symbol, deployer: token.token.creation.creator, launchedAt: new Date(launchMs).toISOString() });
    expect(d.launchTimeSource).toBe('creation');
    expect(d.buyers.length).toBe(rows.length);
    // The launch's developer bought first, in the creation transaction.
    expect(d.buyers[0]).toMatchObject({ rank: 1, wallet: token.token.creation.creator, deployer: true });
    const bundlers = new Set(bundle.wallets.map((w: Json) => w.wallet));
    d.buyers.forEach((b: Json, i: number) => {
      const r = rows[i];
      expect(b).toMatchObject({
        wallet: r.wallet,
        boughtAt: new Date(r.first_buy.time).toISOString(),
        firstBuyUsd: r.first_buy.volume_usd,
        investedUsd: r.total_invested,
        takenOutUsd: r.sold_usd,
        realizedPnlUsd: r.realized,
        unrealizedPnlUsd: r.unrealized,
        totalPnlUsd: r.total,
        holding: { amount: r.holding, valueUsd: r.current_value },
        stillHolding: r.holding > 0,
        sold: r.sold === 0 ? 'none' : r.holding > 0 ? 'partial' : 'all',
        bundler: bundlers.has(r.wallet),
        deployer: r.wallet === token.token.creation.creator,
      });
      expect(b.secondsAfterLaunch).toBeCloseTo((r.first_buy.time - launchMs) / 1000, 1);
    });
    // A buyer's figures on the coin are what /pnl says of that wallet on it.
    for (const b of d.buyers.slice(0, 6)) {
      const pnl = (await st(`/pnl/${b.wallet}`)).tokens[mint];
      expect({ wallet: b.wallet, realized: b.realizedPnlUsd, unrealized: b.unrealizedPnlUsd, holding: b.holding.amount, invested: b.investedUsd }).toEqual({
        wallet: b.wallet,
        realized: pnl.realized,
        unrealized: pnl.unrealized,
        holding: pnl.holding,
        invested: pnl.total_invested,
      });
    }
    // The summary, counted here from the served rows.
    const soldAny = rows.filter((r: Json) => r.sold > 0);
    expect(d.selling).toMatchObject({
      buyers: rows.length,
      soldAny: soldAny.length,
      soldAll: soldAny.filter((r: Json) => r.holding === 0).length,
      stillHolding: rows.filter((r: Json) => r.holding > 0).length,
    });
    const sold = rows.reduce((a: number, r: Json) => a + r.sold, 0);
    const held = rows.reduce((a: number, r: Json) => a + r.held, 0);
    expect(d.selling.tokensSoldSharePct).toBeCloseTo((sold / held) * 100, 1);
    const perBuyer = rows.map((r: Json) => r.sold / r.held);
    expect(d.selling.averageSoldSharePct).toBeCloseTo((perBuyer.reduce((a: number, b: number) => a + b, 0) / rows.length) * 100, 1);
    const minute = rows.filter((r: Json) => r.first_buy.time - launchMs < 60_000);
    expect(d.firstMinute.buys).toBe(minute.length);
    expect(d.firstMinute.usd).toBeCloseTo(
      minute.reduce((a: number, r: Json) => a + r.first_buy.volume_usd, 0),
      2,
    );
    expect(res.body.credits.endpoints).toEqual(
      expect.arrayContaining(['solana-tracker:/first-buyers/{mint}', 'solana-tracker:/tokens/{mint}', 'solana-tracker:/tokens/{mint}/bundlers']),
    );
  });

  it('reports the launch bundle then and now as the bundlers route serves it; 20 buyers by default', async () => {
    const bundle = await st(`/tokens/${bundled}/bundlers`);
    const d = (await app.ok(TOOL, { token: bundled })).data;
    expect(d.buyers.length).toBe(20);
    expect(d.bundle).toEqual({
      atLaunch: { wallets: bundle.total, supplyPct: bundle.initialPercentage },
      now: { wallets: bundle.wallets.filter((w: Json) => w.balance > 0).length, supplyPct: bundle.percentage },
      keptSharePct: expect.closeTo((bundle.balance / bundle.initialBalance) * 100, 1),
    });
    const flagged = d.buyers.filter((b: Json) => b.bundler).map((b: Json) => b.wallet);
    expect(flagged.length).toBeGreaterThan(0);
    for (const w of flagged) expect(bundle.wallets.map((x: Json) => x.wallet)).toContain(w);
  });

  it('the bundlers route down: bundle and the bundler marks are null with a note, the rest stands, charged', async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'solana-tracker', route: `/tokens/${bundled}/bundlers`, status: 503 });
    try {
      const before = await app.balance();
      const res = await app.call(TOOL, { token: bundled, limit: 5 });
      await app.expectCharged(TOOL, res, before);
      const d = res.body.data;
      expect(d.bundle).toBeNull();
      expect(d.buyers.length).toBe(5);
      for (const b of d.buyers) expect(b.bundler).toBeNull();
      expect(d.selling.buyers).toBeGreaterThan(0);
      expect(res.body.notes.join(' ')).toContain('/bundlers did not answer');
    } finally {
      app.t.sandbox.control.clear();
    }
  });

  it.each([
    [{ token: UNKNOWN_EVM }, 'service_token_info'],
    [{ token: UNKNOWN_MINT, limit: 0 }, 'limit'],
    [{ token: UNKNOWN_MINT, limit: 101 }, 'limit'],
    [{ token: UNKNOWN_MINT, limit: 2.5 }, 'limit'],
    [{ token: 'not a mint' }, 'token'],
    [{}, 'token'],
  ])('400 for %j, uncharged', async (body, text) => {
    await expectRefused(app, TOOL, body, text);
  });

  it('an unknown mint is a 404 naming it; the source down is a 502; both uncharged', async () => {
    const before = await app.balance();
    const unknown = await app.call(TOOL, { token: UNKNOWN_MINT });
    await app.expectUncharged(unknown, 404, before);
    expect(unknown.body.error.message).toContain(UNKNOWN_MINT);
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'solana-tracker', status: 503 });
    try {
      await app.expectUncharged(await app.call(TOOL, { token: bundled }), 502, await app.balance());
    } finally {
      app.t.sandbox.control.clear();
    }
  });
});
