import { startTokensApp, UNKNOWN_EVM, type Json, type TokensApp } from '../tokens/support';
import { expectNear, launchpadFixtures, readLaunchpad, UNKNOWN_ADDRESS } from './support';

/**
 * launchpad_pairs and launchpad_launchlab_pricing end to end against the sandbox's launchpad: the
 * quotes are the stand-in's; the curve's raw parameters are passed through as strings and its start
 * and graduation points are the ones worked from them here, in plain arithmetic; a quote that is
 * not LaunchLab-ready is a 400, an unknown one a 404, the site down a 502, all uncharged.
 */
describe('launchpad_pairs and launchpad_launchlab_pricing (end to end against the sandbox)', () => {
  let app: TokensApp;
  let fx: Json;

  beforeAll(async () => {
    app = await startTokensApp('launchpad-pairs');
    fx = await launchpadFixtures(app);
  });
  afterAll(() => app.t.close());

  it('lists the quotes the site offers, charged 250', async () => {
    const site = (await readLaunchpad(app, '/api/pairs')).pairs;
    const before = await app.balance();
    const res = await app.call('launchpad_pairs', {});
    await app.expectCharged('launchpad_pairs', res, before);
    const pairs = res.body.data.pairs;
    expect(pairs.map((p: Json) => p.mint)).toEqual(site.map((p: Json) => p.mint));
    pairs.forEach((p: Json, i: number) =>
      expect(p).toMatchObject({
        symbol: site[i].symbol ?? null,
        decimals: site[i].decimals,
        category: site[i].category ?? null,
        tokenProgram: site[i].tokenProgram,
        launchable: site[i].launchable,
        launchLabReady: site[i].launchLabReady,
      }),
    );
    expect(pairs.map((p: Json) => p.mint)).toEqual(expect.arrayContaining([fx.launchLabReadyQuote, fx.notLaunchLabReadyQuote, fx.xstockQuote]));
  });

  it('filters at the site: LaunchLab-ready, launchable, category', async () => {
    const ready = (await app.ok('launchpad_pairs', { launchLabReady: true })).data.pairs;
    expect(ready.map((p: Json) => p.mint)).toContain(fx.launchLabReadyQuote);
    expect(ready.map((p: Json) => p.mint)).not.toContain(fx.notLaunchLabReadyQuote);
    for (const p of ready) expect(p.launchLabReady).toBe(true);
    for (const p of (await app.ok('launchpad_pairs', { launchLabReady: false })).data.pairs) expect(p.launchLabReady).toBe(false);
    for (const p of (await app.ok('launchpad_pairs', { launchable: true })).data.pairs) expect(p.launchable).toBe(true);
    const xstock = (await app.ok('launchpad_pairs', { category: 'xstock' })).data.pairs;
    expect(xstock.map((p: Json) => p.mint)).toContain(fx.xstockQuote);
    for (const p of xstock) expect(p.category).toBe('xstock');
    // A GET query carries booleans as text.
    const { apiKey, accountId } = await app.t.createAccount('launchpad-pairs-get');
    await app.t.setBalance(accountId, 10_000);
    const res = await app.t
      .http()
      .get('/api/v1/tools/launchpad_pairs?launchLabReady=true')
      .set({ Authorization: `Bearer ${apiKey}` });
    expect(res.status).toBe(200);
    expect(res.body.data.pairs.map((p: Json) => p.mint)).toEqual(ready.map((p: Json) => p.mint));
  });

  it('prices a LaunchLab-ready quote: raw parameters as strings, start and graduation worked from them, charged 250', async () => {
    const quote = fx.launchLabReadyQuote;
    const site = await readLaunchpad(app, `/api/launchlab/pricing/${quote}`);
    const before = await app.balance();
    const res = await app.call('launchpad_launchlab_pricing', { quoteMint: quote });
    await app.expectCharged('launchpad_launchlab_pricing', res, before);
    const d = res.body.data;
    expect(d.quote).toEqual({ mint: quote, symbol: site.quoteSymbol ?? null, decimals: site.quoteDecimals, priceUsd: site.quotePriceUsd ?? null });
    expect(d.curve).toMatchObject({ virtualA: site.virtualA, virtualB: site.virtualB, totalSellA: site.totalSellA, totalFundRaisingB: site.totalFundRaisingB });
    expect(d.base).toMatchObject({ decimals: site.baseDecimals, supplyRaw: site.supply });
    expect(d.constants).toEqual(site.constants);
    // The same figures in plain arithmetic on whole tokens.
    const base = 10 ** site.baseDecimals;
    const q = 10 ** site.quoteDecimals;
    const [vA, vB, sellA, raiseB, supply] = [site.virtualA, site.virtualB, site.totalSellA, site.totalFundRaisingB, site.supply].map(Number);
    const startPrice = vB / q / (vA / base);
    const gradPrice = (vB + raiseB) / q / ((vA - sellA) / base);
    expectNear(d.start.priceQuote, startPrice);
    expectNear(d.start.marketCapQuote, startPrice * (supply / base));
    expectNear(d.graduation.priceQuote, gradPrice);
    expectNear(d.graduation.marketCapQuote, gradPrice * (supply / base));
    expectNear(d.curve.totalFundRaisingTokens, raiseB / q);
    expect(d.graduation.priceQuote).toBeGreaterThan(d.start.priceQuote);
    if (site.quotePriceUsd === null) {
      expect(d.start.marketCapUsd).toBeNull();
    } else {
      expectNear(d.start.marketCapUsd, startPrice * (supply / base) * site.quotePriceUsd);
      expectNear(d.graduation.marketCapUsd, gradPrice * (supply / base) * site.quotePriceUsd);
    }
  });

  it('a quote that is not LaunchLab-ready is a 400, an unknown quote a 404, a malformed one a 400, uncharged', async () => {
    const before = await app.balance();
    const notReady = await app.call('launchpad_launchlab_pricing', { quoteMint: fx.notLaunchLabReadyQuote });
    await app.expectUncharged(notReady, 400, before);
    expect(notReady.body.error.issues.map((i: Json) => i.path)).toContain('quoteMint');
    await app.expectUncharged(await app.call('launchpad_launchlab_pricing', { quoteMint: UNKNOWN_ADDRESS }), 404, before);
    await app.expectUncharged(await app.call('launchpad_launchlab_pricing', { quoteMint: UNKNOWN_EVM }), 400, before);
    await app.expectUncharged(await app.call('launchpad_launchlab_pricing', {}), 400, before);
    await app.expectUncharged(await app.call('launchpad_pairs', { launchable: 'yes' }), 400, before);
    await app.expectUncharged(await app.call('launchpad_pairs', { category: 'x'.repeat(40) }), 400, before);
  });

  it('the launchpad down is a 502 for both, uncharged', async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'launchpad', status: 503 });
    try {
      const before = await app.balance();
      await app.expectUncharged(await app.call('launchpad_pairs', { category: 'stablecoin' }), 502, before);
      await app.expectUncharged(await app.call('launchpad_launchlab_pricing', { quoteMint: fx.launchLabReadyQuote }), 502, before);
    } finally {
      app.t.sandbox.control.clear();
    }
  });
});
