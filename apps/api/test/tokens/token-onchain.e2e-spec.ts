import { fomoFixtures, SANDBOX_KEYS } from '@scout/sandbox';
import { DAY_MS, NOW, startTokensApp, trendingBoard, UNKNOWN_EVM, UNKNOWN_MINT, type Json, type TokensApp } from './support';

/**
 * service_token_onchain end to end against the sandbox: the token-analytics stand-in's /tokens
 * read, taken past Scout, is what the answer reports (holders, supply, LP burn, authorities,
 * deployer, age, price, market cap, liquidity, concentration, snipers and insiders, risk, flow,
 * price change); on board coins the answer agrees with service_token_quality (Jupiter's audit) on
 * top 10, developer share and authorities. An unknown mint is 404, an EVM contract 400, the
 * analytics source down 502, all uncharged; Jupiter down leaves only the organic score null.
 */
describe('service_token_onchain (end to end against the sandbox)', () => {
  let app: TokensApp;
  let mints: string[];

  beforeAll(async () => {
    app = await startTokensApp('token-onchain');
    mints = (await trendingBoard(app))
      .filter((r: Json) => r.network === 'solana')
      .slice(0, 4)
      .map((r: Json) => r.token.address as string);
    expect(mints.length).toBe(4);
  });
  afterAll(() => app.t.close());
  afterEach(() => app.t.sandbox.control.clear());

  /** What the analytics stand-in serves, read past Scout. */
  const analytics = async (path: string): Promise<Json> => {
    const res = await fetch(`${app.t.sandbox.urls.solanaTracker}${path}`, { headers: { 'x-api-key': SANDBOX_KEYS.solanaTracker } });
    expect(res.status).toBe(200);
    return res.json();
  };

  it("reports the analytics source's figures for board coins, charged 250", async () => {
    for (const mint of mints) {
      const st = await analytics(`/tokens/${mint}`);
      const before = await app.balance();
      const res = await app.call('service_token_onchain', { token: mint });
      await app.expectCharged('service_token_onchain', res, before);
      const d = res.body.data;
      const pool = st.pools[0];
      expect(st.pools.length).toBe(1);
      expect(d.token).toEqual({ mint, name: st.token.name, symbol: st.token.symbol, decimals: st.token.decimals });
      expect(d).toMatchObject({
        holdersTotal: st.holders,
        supply: pool.tokenSupply,
        lpBurnedPercent: pool.lpBurn,
        mintAuthorityLive: pool.security.mintAuthority !== null,
        freezeAuthorityLive: pool.security.freezeAuthority !== null,
        deployer: st.token.creation?.creator ?? pool.deployer ?? null,
        priceUsd: pool.price.usd,
        marketCapUsd: pool.marketCap.usd,
        liquidityUsd: pool.liquidity.usd,
        pool: { id: pool.poolId, market: pool.market, quoteToken: pool.quoteToken },
        poolCount: 1,
        top10Percent: st.risk.top10,
        devPercent: st.risk.dev.percentage,
        snipers: { count: st.risk.snipers.count, percent: st.risk.snipers.totalPercentage },
        insiders: { count: st.risk.insiders.count, percent: st.risk.insiders.totalPercentage },
        risk: { score: st.risk.score, rugged: st.risk.rugged, verified: st.risk.jupiterVerified },
        flow24h: { buys: st.buys, sells: st.sells, txns: st.txns, volumeUsd: pool.txns.volume24h },
      });
      expect(d.risk.flags.map((f: Json) => f.name).sort()).toEqual(st.risk.risks.map((r: Json) => r.name).sort());
      for (const [w, change] of Object.entries(d.priceChangePct)) expect(change).toBe(st.events[w]?.priceChangePercentage ?? null);
      expect(Object.keys(d.priceChangePct)).toHaveLength(12);
      const created = st.token.creation ? st.token.creation.created_time * 1000 : pool.createdAt;
      expect(d.ageDays).toBeCloseTo((NOW - created) / DAY_MS, 1);
      expect(res.body.credits.endpoints).toEqual(expect.arrayContaining(['solana-tracker:/tokens/{mint}', 'jupiter:/tokens/v2/search']));
    }
  });

  it("agrees with service_token_quality (Jupiter's audit) on top 10, developer share and authorities", async () => {
    for (const mint of mints) {
      const [onchain, quality] = await Promise.all([app.ok('service_token_onchain', { token: mint }), app.ok('service_token_quality', { token: mint })]);
      const d = onchain.data;
      const audit = quality.data.audit;
      expect(d.top10Percent).toBe(audit.topHoldersPercent);
      if (audit.devBalancePercent !== null) expect(d.devPercent).toBe(audit.devBalancePercent);
      expect(d.mintAuthorityLive).toBe(audit.mintAuthorityDisabled === null ? null : !audit.mintAuthorityDisabled);
      expect(d.freezeAuthorityLive).toBe(audit.freezeAuthorityDisabled === null ? null : !audit.freezeAuthorityDisabled);
      expect(d.organic).toEqual({ score: quality.data.organicScore, label: quality.data.organicScoreLabel });
    }
  });

  it("a FOMO developer's dead earlier launch: still on its curve, unlisted by Jupiter (organic null, noted), the deployer that developer", async () => {
    const launch = fomoFixtures(app.t.sandbox.fomo.world).launches.find((l) => Date.parse(l.launchedAt) <= NOW)!;
    const history = (await app.ok('service_token_deployer', { token: launch.address })).data;
    const dead = history.launches.find((l: Json) => l.outcome === 'dead' && l.market === 'pumpfun');
    expect(dead).toBeDefined();
    const st = await analytics(`/tokens/${dead.mint}`);
    const before = await app.balance();
    const res = await app.call('service_token_onchain', { token: dead.mint });
    await app.expectCharged('service_token_onchain', res, before);
    const d = res.body.data;
    expect(d).toMatchObject({
      deployer: history.deployer,
      organic: null,
      marketCapUsd: dead.marketCapUsd,
      liquidityUsd: dead.liquidityUsd,
      pool: { market: 'pumpfun', curvePercent: st.pools[0].curvePercentage },
      risk: { rugged: st.risk.rugged, score: st.risk.score },
    });
    expect(d.pool.curvePercent).toBeLessThan(100);
    expect(res.body.notes).toEqual(expect.arrayContaining([expect.stringContaining('does not list this mint')]));
  });

  it('is refused, uncharged: an EVM contract (400 naming service_token_info), a malformed mint, none (400), an unknown mint (404)', async () => {
    const before = await app.balance();
    const evm = await app.call('service_token_onchain', { token: UNKNOWN_EVM });
    await app.expectUncharged(evm, 400, before);
    expect(evm.body.error.issues[0]).toMatchObject({ path: 'token', message: expect.stringContaining('service_token_info') });
    await app.expectUncharged(await app.call('service_token_onchain', { token: 'not a mint' }), 400, before);
    await app.expectUncharged(await app.call('service_token_onchain', { token: mints[0].slice(0, 31) }), 400, before);
    await app.expectUncharged(await app.call('service_token_onchain', {}), 400, before);
    const unknown = await app.call('service_token_onchain', { token: UNKNOWN_MINT });
    await app.expectUncharged(unknown, 404, before);
    expect(unknown.body.error.message).toContain(UNKNOWN_MINT);
  });

  it('the analytics source down is a 502, uncharged', async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'solana-tracker', status: 503 });
    const before = await app.balance();
    await app.expectUncharged(await app.call('service_token_onchain', { token: mints[1] }), 502, before);
  });

  it('Jupiter down leaves the organic score null with a note, the rest answered and charged', async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'jupiter', status: 503 });
    const st = await analytics(`/tokens/${mints[2]}`);
    const before = await app.balance();
    const res = await app.call('service_token_onchain', { token: mints[2] });
    await app.expectCharged('service_token_onchain', res, before);
    expect(res.body.data).toMatchObject({ organic: null, holdersTotal: st.holders, top10Percent: st.risk.top10 });
    expect(res.body.notes).toEqual(expect.arrayContaining([expect.stringMatching(/Jupiter's token directory did not answer.*organic left null/)]));
  });
});
