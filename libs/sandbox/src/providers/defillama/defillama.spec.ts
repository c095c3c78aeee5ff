import request from 'supertest';
import { DAY_S, FIXTURES } from '../../market';
import { createSandboxApp } from '../../server';
import { fixedSandbox, NOW } from '../../test/helpers';

type Json = Record<string, any>;

const DETERMINISM_PATHS = [
  '/defillama/api/v2/chains',
  '/defillama/api/protocols',
  '/defillama/api/protocol/aave-v3',
  '/defillama/api/hacks',
  '/defillama/api/overview/dexs?excludeTotalDataChart=true&excludeTotalDataChartBreakdown=true',
  '/defillama/api/overview/fees?dataType=dailyRevenue',
  `/defillama/coins/prices/current/solana:${FIXTURES.solMint},coingecko:ethereum`,
  '/defillama/stablecoins/stablecoins?includePrices=true',
  '/defillama/yields/pools',
];

describe('DefiLlama stand-in', () => {
  const sb = fixedSandbox();
  const app = sb.app;
  const get = (path: string) => request(app).get(path);

  afterEach(() => {
    sb.clockRef.t = NOW;
  });

  describe('determinism', () => {
    it('same seed and clock → identical JSON; another seed → different data', async () => {
      const twin = createSandboxApp({ seed: 42, now: () => NOW });
      const other = createSandboxApp({ seed: 43, now: () => NOW });
      for (const path of DETERMINISM_PATHS) {
        const [a, b, c] = await Promise.all([get(path), request(twin).get(path), request(other).get(path)]);
        expect(a.status).toBe(200);
        expect(b.text).toBe(a.text);
        expect(c.text).not.toBe(a.text);
      }
    });
  });

  describe('TVL', () => {
    it('/v2/chains lists every chain with the documented fields', async () => {
      const res = await get('/defillama/api/v2/chains');
      expect(res.status).toBe(200);
      const names = (res.body as Json[]).map((c) => c.name);
      for (const c of FIXTURES.chains) expect(names).toContain(c);
      for (const c of res.body as Json[]) {
        expect(Object.keys(c).sort()).toEqual(['chainId', 'cmcId', 'gecko_id', 'name', 'tokenSymbol', 'tvl']);
        expect(typeof c.tvl).toBe('number');
        expect(c.gecko_id === null || typeof c.gecko_id === 'string').toBe(true);
      }
    });

    it('a protocol TVL is the sum of its chainTvls; a chain TVL is the sum of its protocols except liquid staking', async () => {
      const [protocols, chains] = await Promise.all([get('/defillama/api/protocols'), get('/defillama/api/v2/chains')]);
      expect(protocols.status).toBe(200);
      const perChain: Record<string, number> = {};
      for (const p of protocols.body as Json[]) {
        const sum = (p.chains as string[]).reduce((a, c) => a + p.chainTvls[c], 0);
        expect(sum).toBe(p.tvl);
        expect(Object.keys(p.chainTvls)).toEqual(p.chains);
        if (p.category === 'Liquid Staking') continue;
        for (const c of p.chains as string[]) perChain[c] = (perChain[c] ?? 0) + p.chainTvls[c];
      }
      for (const c of chains.body as Json[]) expect(c.tvl).toBe(perChain[c.name] ?? 0);
    });

    it('/protocols rows carry the documented fields and types', async () => {
      const res = await get('/defillama/api/protocols');
      const aave = (res.body as Json[]).find((p) => p.slug === 'aave-v3')!;
      expect(aave).toMatchObject({ name: 'Aave V3', category: 'Lending', symbol: 'AAVE', gecko_id: 'aave', chain: 'Multi-Chain' });
      for (const k of [
        'id',
        'name',
        'address',
        'symbol',
        'url',
        'description',
        'chain',
        'logo',
        'audits',
        'audit_note',
        'gecko_id',
        'cmcId',
        'category',
        'chains',
        'module',
        'twitter',
        'forkedFrom',
        'oracles',
        'listedAt',
        'methodology',
        'slug',
        'tvl',
        'chainTvls',
        'change_1h',
        'change_1d',
        'change_7d',
        'tokenBreakdowns',
        'mcap',
        'audit_links',
      ]) {
        expect(aave).toHaveProperty(k);
      }
      expect(typeof aave.id).toBe('string');
      expect(['0', '1', '2', '3']).toContain(aave.audits);
      expect(typeof aave.change_1d).toBe('number');
      const categories = new Set((res.body as Json[]).map((p) => p.category));
      for (const c of ['Dexs', 'Lending', 'Derivatives', 'Options', 'Prediction Market', 'CDP', 'Liquid Staking']) expect(categories).toContain(c);
    });

    it('/protocol/{slug} history ends at now with the current TVL; /tvl/{slug} agrees', async () => {
      const [detail, tvl, list] = await Promise.all([
        get('/defillama/api/protocol/aave-v3'),
        get('/defillama/api/tvl/aave-v3'),
        get('/defillama/api/protocols'),
      ]);
      expect(detail.status).toBe(200);
      const d = detail.body as Json;
      const row = (list.body as Json[]).find((p) => p.slug === 'aave-v3')!;
      expect(tvl.body).toBe(row.tvl);
      const last = d.tvl[d.tvl.length - 1];
      expect(last).toEqual({ date: Math.floor(NOW / 1000), totalLiquidityUSD: row.tvl });
      expect(d.tvl.length).toBeGreaterThanOrEqual(365);
      expect(d.currentChainTvls).toEqual(row.chainTvls);
      for (const c of d.chains as string[]) {
        const series = d.chainTvls[c].tvl as Json[];
        expect(series.length).toBe(d.tvl.length);
        expect(series[series.length - 1].totalLiquidityUSD).toBe(row.chainTvls[c]);
        expect(d.chainTvls[c].tokensInUsd[0]).toHaveProperty('tokens');
      }
      // Daily points at 00:00 UTC, then now.
      for (const p of (d.tvl as Json[]).slice(0, -1)) expect(p.date % DAY_S).toBe(0);
      // Each day's total is the sum of the chains on that day.
      const i = 100;
      expect((d.chains as string[]).reduce((a, c) => a + d.chainTvls[c].tvl[i].totalLiquidityUSD, 0)).toBe(d.tvl[i].totalLiquidityUSD);
    });

    it('unknown protocol → 404 { message }', async () => {
      for (const path of ['/defillama/api/protocol/nope', '/defillama/api/tvl/nope']) {
        const res = await get(path);
        expect(res.status).toBe(404);
        expect(typeof res.body.message).toBe('string');
      }
    });

    it('/v2/historicalChainTvl/{chain} takes display names in any case and ends at the current chain TVL', async () => {
      const [hist, histLower, chains] = await Promise.all([
        get('/defillama/api/v2/historicalChainTvl/Hyperliquid%20L1'),
        get('/defillama/api/v2/historicalChainTvl/hyperliquid%20l1'),
        get('/defillama/api/v2/chains'),
      ]);
      expect(hist.status).toBe(200);
      expect(histLower.text).toBe(hist.text);
      const cur = (chains.body as Json[]).find((c) => c.name === 'Hyperliquid L1')!.tvl;
      const series = hist.body as Json[];
      expect(series[series.length - 1].tvl).toBe(cur);
      expect(series.length).toBeGreaterThanOrEqual(365);
      expect((await get('/defillama/api/v2/historicalChainTvl/Narnia')).status).toBe(404);
      const all = (await get('/defillama/api/v2/historicalChainTvl')).body as Json[];
      expect(all[all.length - 1].tvl).toBe((chains.body as Json[]).reduce((a, c) => a + c.tvl, 0));
    });

    it('/hacks follow the documented shape; defillamaId points at protocols', async () => {
      const [hacks, protocols] = await Promise.all([get('/defillama/api/hacks'), get('/defillama/api/protocols')]);
      const ids = new Set((protocols.body as Json[]).map((p) => Number(p.id)));
      expect((hacks.body as Json[]).length).toBeGreaterThan(20);
      for (const h of hacks.body as Json[]) {
        expect(typeof h.date).toBe('number');
        expect(Array.isArray(h.chain)).toBe(true);
        expect(typeof h.bridgeHack).toBe('boolean');
        expect(h.amount === null || typeof h.amount === 'number').toBe(true);
        expect(h.returnedFunds === null || typeof h.returnedFunds === 'number').toBe(true);
        if (h.defillamaId !== null) expect(ids.has(h.defillamaId)).toBe(true);
        for (const k of ['name', 'classification', 'technique', 'targetType', 'source']) expect(typeof h[k]).toBe('string');
      }
      expect((hacks.body as Json[]).some((h) => h.defillamaId !== null)).toBe(true);
    });
  });

  describe('dimensions', () => {
    const keys = ['total24h', 'total48hto24h', 'total7d', 'total14dto7d', 'total30d', 'total60dto30d', 'total1y'] as const;

    it.each([
      ['/defillama/api/overview/dexs', 'Dexs'],
      ['/defillama/api/overview/fees', null],
      ['/defillama/api/overview/fees?dataType=dailyRevenue', null],
      ['/defillama/api/overview/open-interest', 'Derivatives'],
      ['/defillama/api/overview/dexs/solana', 'Dexs'],
      ['/defillama/api/overview/fees/Hyperliquid%20L1', null],
    ])('%s: totals are the sums of the protocols, changes follow from the totals', async (path, category) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      const o = res.body as Json;
      expect(o.protocols.length).toBeGreaterThan(0);
      for (const k of keys) {
        const sum = (o.protocols as Json[]).reduce((a, p) => a + (p[k] ?? 0), 0);
        expect(o[k]).toBe(sum);
      }
      expect(o.change_1d).toBeCloseTo((o.total24h / o.total48hto24h - 1) * 100, 1);
      if (category) for (const p of o.protocols as Json[]) expect(p.category).toBe(category);
      expect(Array.isArray(o.allChains)).toBe(true);
      // The chart's last day is total24h.
      expect(o.totalDataChart[o.totalDataChart.length - 1][1]).toBe(o.total24h);
      const lastBreakdown = o.totalDataChartBreakdown[o.totalDataChartBreakdown.length - 1][1] as Record<string, number>;
      expect(Object.values(lastBreakdown).reduce((a, b) => a + b, 0)).toBe(o.total24h);
      // Per-protocol breakdown24h sums to its total24h.
      for (const p of o.protocols as Json[]) {
        if (!p.breakdown24h) continue;
        const s = Object.values(p.breakdown24h as Record<string, Record<string, number>>).reduce(
          (a, byName) => a + Object.values(byName).reduce((x, y) => x + y, 0),
          0,
        );
        expect(s).toBe(p.total24h);
      }
    });

    it('a chain overview holds only that chain, and its sum over chains matches the global overview', async () => {
      const all = (await get('/defillama/api/overview/dexs?excludeTotalDataChart=true&excludeTotalDataChartBreakdown=true')).body as Json;
      expect(all.totalDataChart).toEqual([]);
      expect(all.totalDataChartBreakdown).toEqual([]);
      let sum = 0;
      for (const c of all.allChains as string[]) {
        const o = (await get(`/defillama/api/overview/dexs/${encodeURIComponent(c)}?excludeTotalDataChart=true&excludeTotalDataChartBreakdown=true`))
          .body as Json;
        expect(o.chain).toBe(c);
        sum += o.total24h ?? 0;
      }
      expect(sum).toBe(all.total24h);
    });

    it('fees: revenue ≤ fees per protocol; revenue24h is exposed', async () => {
      const [fees, rev] = await Promise.all([get('/defillama/api/overview/fees'), get('/defillama/api/overview/fees?dataType=dailyRevenue')]);
      const revByName = new Map((rev.body.protocols as Json[]).map((p) => [p.name, p.total24h]));
      for (const p of fees.body.protocols as Json[]) {
        expect(revByName.get(p.name)).toBeLessThanOrEqual(p.total24h);
        expect(p.revenue24h).toBe(revByName.get(p.name));
      }
      expect((await get('/defillama/api/overview/fees?dataType=dailyNope')).status).toBe(400);
    });

    it('/summary/{kind}/{slug} matches the overview row', async () => {
      const [ov, sum] = await Promise.all([get('/defillama/api/overview/fees'), get('/defillama/api/summary/fees/hyperliquid-perps')]);
      const row = (ov.body.protocols as Json[]).find((p) => p.slug === 'hyperliquid-perps')!;
      const s = sum.body as Json;
      expect(s).toMatchObject({
        slug: 'hyperliquid-perps',
        name: 'Hyperliquid Perps',
        chains: ['Hyperliquid L1'],
        protocolType: 'protocol',
        latestFetchIsOk: true,
      });
      expect(s.total24h).toBe(row.total24h);
      expect(s.totalAllTime).toBe(row.totalAllTime);
      expect(s.totalDataChart[s.totalDataChart.length - 1]).toEqual([expect.any(Number), s.total24h]);
      expect(s.totalDataChartBreakdown[0][1]).toHaveProperty(['Hyperliquid L1', 'Hyperliquid Perps']);
      expect((await get('/defillama/api/summary/dexs/aave-v3')).status).toBe(404);
      const oi = (await get('/defillama/api/overview/open-interest')).body as Json;
      expect((oi.protocols as Json[]).find((p) => p.name === 'Hyperliquid Perps')!.chains).toEqual(['Hyperliquid L1']);
    });
  });

  describe('coins', () => {
    const sol = `solana:${FIXTURES.solMint}`;

    it('/prices/current: documented shape, unknown and unpriced keys absent, decimals omitted for coingecko', async () => {
      const res = await get(
        `/defillama/coins/prices/current/${sol},coingecko:solana,base:${FIXTURES.baseUsdc.toLowerCase()},solana:${sb.market.fixtures.unpricedSolanaMint},ethereum:0x0000000000000000000000000000000000000001`,
      );
      expect(res.status).toBe(200);
      const coins = res.body.coins as Json;
      expect(Object.keys(coins).sort()).toEqual([`base:${FIXTURES.baseUsdc.toLowerCase()}`, 'coingecko:solana', sol].sort());
      expect(coins[sol]).toEqual({ decimals: 9, price: expect.any(Number), symbol: 'SOL', timestamp: Math.floor(NOW / 1000), confidence: 0.99 });
      expect(coins['coingecko:solana']).not.toHaveProperty('decimals');
      expect(coins['coingecko:solana'].price).toBe(coins[sol].price);
    });

    it('/prices/historical gives the price at that instant; the future is absent', async () => {
      const ts = Math.floor(NOW / 1000) - 3 * DAY_S;
      const hist = await get(`/defillama/coins/prices/historical/${ts}/${sol}`);
      sb.clockRef.t = ts * 1000;
      const then = await get(`/defillama/coins/prices/current/${sol}`);
      expect(hist.body.coins[sol].price).toBe(then.body.coins[sol].price);
      expect(hist.body.coins[sol].timestamp).toBe(ts);
      sb.clockRef.t = NOW;
      expect((await get(`/defillama/coins/prices/historical/${Math.floor(NOW / 1000) + 3600}/${sol}`)).body).toEqual({ coins: {} });
    });

    it('/chart, /percentage, /batchHistorical, /prices/first', async () => {
      const chart = (await get(`/defillama/coins/chart/${sol}?span=10&period=1d`)).body as Json;
      const prices = chart.coins[sol].prices as Json[];
      expect(prices).toHaveLength(10);
      expect(prices[9].timestamp).toBe(Math.floor(NOW / 1000));
      expect(prices[9].timestamp - prices[8].timestamp).toBe(DAY_S);
      expect(chart.coins[sol]).toMatchObject({ symbol: 'SOL', confidence: 0.99, decimals: 9 });
      const start = Math.floor(NOW / 1000) - 10 * 3600;
      const fwd = (await get(`/defillama/coins/chart/${sol}?start=${start}&span=3&period=4h`)).body as Json;
      expect(fwd.coins[sol].prices.map((p: Json) => p.timestamp)).toEqual([start, start + 4 * 3600, start + 8 * 3600]);

      const pct = (await get(`/defillama/coins/percentage/${sol}?period=24h`)).body as Json;
      const day = (await get(`/defillama/coins/chart/${sol}?span=2&period=1d`)).body.coins[sol].prices as Json[];
      expect(pct.coins[sol]).toBeCloseTo((day[1].price / day[0].price - 1) * 100, 8);

      const q = encodeURIComponent(JSON.stringify({ [sol]: [Math.floor(NOW / 1000) - 3600, Math.floor(NOW / 1000)], 'coingecko:nope': [1] }));
      const batch = (await get(`/defillama/coins/batchHistorical?coins=${q}`)).body as Json;
      expect(Object.keys(batch.coins)).toEqual([sol]);
      expect(batch.coins[sol].symbol).toBe('SOL');
      expect(batch.coins[sol].prices[1]).toEqual({ timestamp: Math.floor(NOW / 1000), price: day[1].price, confidence: 0.99 });
      expect((await get('/defillama/coins/batchHistorical?coins=notjson')).status).toBe(400);

      const first = (await get(`/defillama/coins/prices/first/${sol}`)).body as Json;
      expect(first.coins[sol]).toEqual({ price: expect.any(Number), symbol: 'SOL', timestamp: expect.any(Number) });
    });
  });

  describe('stablecoins', () => {
    it('/stablecoins lists ~12 peggedUSD assets with chainCirculating and prev day/week/month', async () => {
      const res = await get('/defillama/stablecoins/stablecoins?includePrices=true');
      const assets = res.body.peggedAssets as Json[];
      expect(assets).toHaveLength(12);
      for (const a of assets) {
        expect(a.pegType).toBe('peggedUSD');
        expect(typeof a.price).toBe('number');
        const sum = (a.chains as string[]).reduce((x, c) => x + a.chainCirculating[c].current.peggedUSD, 0);
        expect(sum).toBe(a.circulating.peggedUSD);
        for (const k of ['circulatingPrevDay', 'circulatingPrevWeek', 'circulatingPrevMonth']) expect(typeof a[k].peggedUSD).toBe('number');
        expect(a.chainCirculating[a.chains[0]]).toHaveProperty(['circulatingPrevDay', 'peggedUSD']);
      }
      expect(assets.filter((a) => a.price < 0.97)).toHaveLength(1);
      const noPrices = await get('/defillama/stablecoins/stablecoins');
      expect(noPrices.body.peggedAssets[0]).not.toHaveProperty('price');
    });

    it('/stablecoinchains: totalCirculatingUSD.peggedUSD per chain; Robinhood Chain absent', async () => {
      const res = await get('/defillama/stablecoins/stablecoinchains');
      const rows = res.body as Json[];
      for (const r of rows) {
        expect(Object.keys(r).sort()).toEqual(['gecko_id', 'name', 'tokenSymbol', 'totalCirculatingUSD']);
        expect(typeof r.totalCirculatingUSD.peggedUSD).toBe('number');
      }
      const names = rows.map((r) => r.name);
      for (const c of ['Solana', 'Ethereum', 'Base', 'BSC', 'Monad', 'Hyperliquid L1']) expect(names).toContain(c);
      expect(names).not.toContain(FIXTURES.chainWithoutStablecoins);
    });

    it('/stablecoincharts/all and /{chain}, /stablecoin/{id}', async () => {
      const all = (await get('/defillama/stablecoins/stablecoincharts/all')).body as Json[];
      expect(all.length).toBeGreaterThan(300);
      expect(typeof all[0].date).toBe('string');
      expect(Number(all[1].date) - Number(all[0].date)).toBe(DAY_S);
      expect(all[0]).toEqual({
        date: expect.any(String),
        totalCirculating: { peggedUSD: expect.any(Number) },
        totalCirculatingUSD: { peggedUSD: expect.any(Number) },
      });
      const one = (await get('/defillama/stablecoins/stablecoincharts/all?stablecoin=2')).body as Json[];
      expect(one[0].totalCirculating.peggedUSD).toBeLessThan(all[0].totalCirculating.peggedUSD);
      const sol = (await get('/defillama/stablecoins/stablecoincharts/Solana')).body as Json[];
      expect(sol[0].totalCirculating.peggedUSD).toBeLessThan(all[0].totalCirculating.peggedUSD);
      const usdc = (await get('/defillama/stablecoins/stablecoin/2')).body as Json;
      expect(usdc).toMatchObject({ id: '2', symbol: 'USDC', pegType: 'peggedUSD' });
      expect(Array.isArray(usdc.tokens)).toBe(true);
      expect(usdc.chainBalances.Ethereum.tokens[0]).toHaveProperty(['circulating', 'peggedUSD']);
      expect(typeof usdc.currentChainBalances.Solana.peggedUSD).toBe('number');
      expect(usdc.totalCirculating[0]).toEqual({ date: expect.any(Number), totalCirculating: expect.any(Number) });
      expect((await get('/defillama/stablecoins/stablecoin/9999')).status).toBe(404);
    });
  });

  describe('pro API (key in the path)', () => {
    it('serves the same data under /defillama/pro/{key}/api|coins|stablecoins|yields; a bad key → 401', async () => {
      const key = 'sandbox-defillama-pro-key';
      const [free, pro] = await Promise.all([get('/defillama/api/hacks'), get(`/defillama/pro/${key}/api/hacks`)]);
      expect(pro.status).toBe(200);
      expect(pro.text).toBe(free.text);
      expect((await get(`/defillama/pro/${key}/yields/pools`)).body.status).toBe('success');
      expect((await get(`/defillama/pro/${key}/stablecoins/stablecoinchains`)).status).toBe(200);
      expect((await get(`/defillama/pro/${key}/coins/prices/current/coingecko:solana`)).body.coins['coingecko:solana'].price).toEqual(expect.any(Number));
      const bad = await get('/defillama/pro/wrong/api/hacks');
      expect(bad.status).toBe(401);
      expect(bad.body).toEqual({ message: expect.any(String) });
      expect(sb.control.count('defillama', '/pro/api/hacks')).toBeGreaterThanOrEqual(2);
    });
  });

  describe('yields', () => {
    it('/pools: {status, data}, apy = apyBase + apyReward, documented fields', async () => {
      const res = await get('/defillama/yields/pools');
      expect(res.body.status).toBe('success');
      const pools = res.body.data as Json[];
      expect(pools.length).toBeGreaterThanOrEqual(120);
      const protocols = new Set(((await get('/defillama/api/protocols')).body as Json[]).map((p) => p.slug));
      for (const p of pools) {
        expect(p.apy).toBeCloseTo(p.apyBase + (p.apyReward ?? 0), 4);
        expect(protocols.has(p.project)).toBe(true);
        expect(['single', 'multi']).toContain(p.exposure);
        expect(['yes', 'no']).toContain(p.ilRisk);
        expect(typeof p.stablecoin).toBe('boolean');
        expect(p.pool).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(p.predictions).toEqual({ predictedClass: expect.any(String), predictedProbability: expect.any(Number), binnedConfidence: expect.any(Number) });
        for (const k of [
          'apyPct1D',
          'apyPct7D',
          'apyPct30D',
          'il7d',
          'apyBase7d',
          'volumeUsd1d',
          'volumeUsd7d',
          'apyBaseInception',
          'rewardTokens',
          'underlyingTokens',
          'poolMeta',
        ])
          expect(p).toHaveProperty(k);
      }
      expect(pools.some((p) => p.apyReward === null)).toBe(true);
      expect(pools.some((p) => p.symbol.includes('-'))).toBe(true);
      expect(pools.some((p) => p.apyPct30D === null)).toBe(true);
      expect(pools.filter((p) => p.outlier)).toHaveLength(1);
    });

    it('/chart/{pool} ends at the current /pools values', async () => {
      const id = sb.market.fixtures.pools.aaveV3EthereumUsdc;
      const [chart, pools] = await Promise.all([get(`/defillama/yields/chart/${id}`), get('/defillama/yields/pools')]);
      expect(chart.body.status).toBe('success');
      const data = chart.body.data as Json[];
      const cur = (pools.body.data as Json[]).find((p) => p.pool === id)!;
      expect(data[data.length - 1]).toMatchObject({
        timestamp: new Date(NOW).toISOString(),
        tvlUsd: cur.tvlUsd,
        apy: cur.apy,
        apyBase: cur.apyBase,
        apyReward: cur.apyReward,
      });
      expect((await get('/defillama/yields/chart/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });
  });
});
