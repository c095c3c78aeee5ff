import type { Response } from 'supertest';
import { TOOL_CATALOG, type ToolName } from '@scout/core';
import { DAY_MS, FIXTURES, SANDBOX_KEYS } from '@scout/sandbox';
import { CHAIN_IDS, CHAINS } from '@scout/upstream';
import { startTestApp, type TestApp } from './support/test-app';
import { SANDBOX_NOW } from './support/fixed-time';

/**
 * The fifteen data tools end to end: real HTTP into the API, the API into its own sandbox
 * upstream. The sandbox clock is pinned, so every figure a tool returns can be compared exactly
 * with what the sandbox itself answers for the same moment.
 */

/** A fixed noon UTC in the past: the same market whatever today is, and fixed for the whole run. */
const NOW = SANDBOX_NOW;
const SANDBOX_NOTE = /Answered from the sandbox upstream/;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** Provider and tool payloads, read loosely: the assertions say what matters. */
type Json = any;

/** Distinct, well-formed Solana addresses the sandbox does not know (they come back unpriced). */
function unknownMints(n: number): string[] {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  return Array.from({ length: n }, (_, i) => `Unknown${alphabet[i % alphabet.length]}${alphabet[Math.floor(i / alphabet.length)]}`.padEnd(43, 'z'));
}

/** Known values never increase, and unknown ones (null) come last. */
function descending(values: Array<number | null>): boolean {
  const firstNull = values.indexOf(null);
  const known = (firstNull === -1 ? values : values.slice(0, firstNull)) as number[];
  return values.slice(known.length).every((v) => v === null) && known.every((v, i) => i === 0 || known[i - 1] >= v);
}

describe('data tools end to end against the sandbox (spec "Tools with documented inputs", Limits)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    t = await startTestApp({ sandbox: { now: () => NOW } });
    ({ apiKey: key, accountId } = await t.createAccount('data tools'));
    await t.setBalance(accountId, 1_000_000);
  });
  afterAll(() => t.close());

  const balance = (id = accountId) => t.spendable(id);
  const usageEntries = (id = accountId) => t.usageEntryCount(id);

  /** Direct read of the sandbox (not through Scout). */
  const sandbox = async (url: string, init?: RequestInit): Promise<Json> => {
    const res = await fetch(url, init);
    expect(res.status).toBe(200);
    return res.json();
  };
  const jupiter = (path: string) => sandbox(`${t.sandbox.urls.jupiter}${path}`, { headers: { 'x-api-key': SANDBOX_KEYS.jupiter } });
  const alchemyPrices = (path: string, body: unknown) =>
    sandbox(`${t.sandbox.urls.alchemyPrices}/${SANDBOX_KEYS.alchemy}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const send = (tool: string, method: 'GET' | 'POST', input: string | object) =>
    method === 'GET'
      ? t
          .http()
          .get(`/api/v1/tools/${tool}${input ? `?${input as string}` : ''}`)
          .set(bearer(key))
      : t
          .http()
          .post(`/api/v1/tools/${tool}`)
          .set(bearer(key))
          .send(input as object);

  /** The caller's next calls skip cached answers, so each happy path really reaches the sandbox. */
  const freshCache = async () => {
    const res = await t.http().post('/api/v1/tools/service_usage').set(bearer(key)).send({ clearCache: true });
    expect(res.status).toBe(200);
  };

  /**
   * Calls a tool with a cleared cache and checks the envelope: status 200, the catalog cost charged
   * once, upstream calls that match the sandbox's own request counter, the endpoints used, the
   * credits header, the sandbox note.
   */
  const callTool = async (tool: ToolName, method: 'GET' | 'POST', input: string | object, endpoints: string[]): Promise<Json> => {
    await freshCache();
    const before = await balance();
    const sandboxRequests = t.sandbox.control.requests().total;
    const res: Response = await send(tool, method, input);
    expect(res.status).toBe(200);
    const cost = TOOL_CATALOG[tool].cost;
    expect(cost).toBeGreaterThan(0);
    expect(res.body.credits.creditsSpent).toBe(cost);
    expect(res.body.credits.calls).toBeGreaterThanOrEqual(1);
    expect(res.body.credits.cachedCalls).toBe(0);
    expect(t.sandbox.control.requests().total - sandboxRequests).toBe(res.body.credits.calls);
    expect([...res.body.credits.endpoints].sort()).toEqual([...endpoints].sort());
    expect(res.body.credits.remaining).toBe(before - cost);
    expect(res.headers['x-credits-remaining']).toBe(String(res.body.credits.remaining));
    expect(await balance()).toBe(before - cost);
    expect(res.body.notes).toEqual(expect.arrayContaining([expect.stringMatching(SANDBOX_NOTE)]));
    expect(res.body.meta.tool).toBe(tool);
    return res.body;
  };

  describe('200: each tool answers with figures computed from the sandbox market', () => {
    it('service_chain_health (GET): TVL and stablecoin supply per chain equal the sandbox /v2/chains and /stablecoinchains', async () => {
      const body = await callTool('service_chain_health', 'GET', '', ['defillama:/v2/chains', 'defillama:/stablecoinchains']);
      expect(body.credits.calls).toBe(2);
      const llamaChains: Json[] = await sandbox(`${t.sandbox.urls.defillamaApi}/v2/chains`);
      const stableChains: Json[] = await sandbox(`${t.sandbox.urls.defillamaStablecoins}/stablecoinchains`);
      expect(body.data.chains.map((c: Json) => c.chain)).toEqual([...CHAINS]);
      for (const row of body.data.chains) {
        const name = CHAIN_IDS[row.chain as keyof typeof CHAIN_IDS].llamaName;
        const tvl = llamaChains.find((c) => c.name === name)!.tvl;
        expect(row.tvlUsd).toBe(tvl);
        expect(row.tvlUsd).toBeGreaterThan(0);
        const stables = stableChains.find((c) => c.name === name);
        if (name === FIXTURES.chainWithoutStablecoins) {
          expect(stables).toBeUndefined();
          expect(row.stablecoinSupplyUsd).toBeNull();
          expect(row.stablecoinsPerTvlDollar).toBeNull();
        } else {
          expect(row.stablecoinSupplyUsd).toBe(stables.totalCirculatingUSD.peggedUSD);
          expect(row.stablecoinsPerTvlDollar).toBeCloseTo(row.stablecoinSupplyUsd / row.tvlUsd, 4);
        }
      }
      expect(body.notes).toContain('DefiLlama lists no stablecoin supply for Robinhood Chain: stablecoinSupplyUsd is null there.');
    });

    it('service_token_yields (GET): pools holding the symbol, ranked by tvlUsd descending, as the sandbox /pools lists them', async () => {
      const body = await callTool('service_token_yields', 'GET', 'symbol=sol&limit=10', ['defillama:/pools']);
      const pools: Json[] = (await sandbox(`${t.sandbox.urls.defillamaYields}/pools`)).data;
      const expected = pools.filter((p) => p.symbol.toUpperCase().includes('SOL') && p.tvlUsd >= 100_000).sort((a, b) => b.tvlUsd - a.tvlUsd);
      expect(expected.length).toBeGreaterThan(1);
      expect(body.data.matched).toBe(expected.length);
      expect(body.data.showing).toBe(Math.min(10, expected.length));
      expect(body.data.pools).toHaveLength(body.data.showing);
      expect(body.data.pools.map((p: Json) => p.poolId)).toEqual(expected.slice(0, 10).map((p) => p.pool));
      const tvls = body.data.pools.map((p: Json) => p.tvlUsd);
      expect(tvls).toEqual([...tvls].sort((a, b) => b - a));
      const top = body.data.pools[0];
      const source = expected[0];
      expect(top).toMatchObject({
        project: source.project,
        chain: source.chain,
        symbol: source.symbol,
        tvlUsd: source.tvlUsd,
        apy: source.apy,
        apyBase: source.apyBase,
        apyReward: source.apyReward ?? null,
        apyChange7dPct: source.apyPct7D ?? null,
        impermanentLossRisk: source.ilRisk,
      });
      for (const p of body.data.pools) expect(p.symbol.toUpperCase()).toContain('SOL');
    });

    it('service_protocol_report (POST): TVL, chains and exploits of a protocol as the sandbox lists them', async () => {
      const body = await callTool('service_protocol_report', 'POST', { protocol: 'Aave V3' }, [
        'defillama:/protocols',
        'defillama:/hacks',
        'defillama:/protocol/{slug}',
      ]);
      const protocols: Json[] = await sandbox(`${t.sandbox.urls.defillamaApi}/protocols`);
      const hacks: Json[] = await sandbox(`${t.sandbox.urls.defillamaApi}/hacks`);
      const entry = protocols.find((p) => p.slug === FIXTURES.protocols.lending)!;
      expect(body.data.protocol).toMatchObject({ name: 'Aave V3', slug: 'aave-v3', category: 'Lending', isParent: false });
      expect(body.data.tvlUsd).toBe(entry.tvl);
      expect(body.data.tvlUsd).toBeGreaterThan(0);
      expect([...body.data.chains].sort()).toEqual([...entry.chains].sort());
      expect(typeof body.data.change30dPct).toBe('number');
      expect(typeof body.data.audit.audited).toBe('boolean');
      const byId = hacks.filter((h) => h.defillamaId !== null && String(h.defillamaId) === String(entry.id));
      expect(body.data.exploitCount).toBe(body.data.exploits.length);
      expect(body.data.exploits.map((e: Json) => e.name)).toEqual(expect.arrayContaining(byId.map((h) => h.name)));
      for (const e of body.data.exploits) {
        const source = hacks.find((h) => h.name === e.name && h.date === Date.parse(e.date) / 1000);
        expect(source).toBeDefined();
        expect(e.amountLostUsd).toBe(source.amount ?? null);
      }
      const dates = body.data.exploits.map((e: Json) => Date.parse(e.date));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    });

    it('service_defi_hacks (GET): every incident the sandbox records, newest first, with the total lost', async () => {
      const body = await callTool('service_defi_hacks', 'GET', 'limit=10', ['defillama:/hacks']);
      expect(body.credits.calls).toBe(1);
      const hacks: Json[] = await sandbox(`${t.sandbox.urls.defillamaApi}/hacks`);
      expect(body.data.matched).toBe(hacks.length);
      expect(body.data.showing).toBe(10);
      expect(body.data.totalLostUsd).toBe(hacks.reduce((sum, h) => sum + (h.amount ?? 0), 0));
      const dates = body.data.hacks.map((h: Json) => Date.parse(h.date));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      const newest = hacks.reduce((a, b) => (b.date > a.date ? b : a));
      expect(body.data.hacks[0]).toMatchObject({ date: new Date(newest.date * 1000).toISOString(), amountLostUsd: newest.amount ?? null });
      expect(body.data.hacks[0].chains).toEqual(newest.chain);
    });

    it('service_price_confidence (POST): price and confidence per token equal the sandbox /prices/current', async () => {
      const tokens = [`solana:${FIXTURES.solMint}`, `ethereum:${FIXTURES.ethereumWeth}`, 'coingecko:bitcoin', `base:${FIXTURES.baseAero}`];
      const body = await callTool('service_price_confidence', 'POST', { tokens }, ['defillama:/prices/current/{coins}']);
      expect(body.credits.calls).toBe(1);
      const coins = (await sandbox(`${t.sandbox.urls.defillamaCoins}/prices/current/${tokens.join(',')}`)).coins as Record<string, Json>;
      const lookup = (k: string) => Object.entries(coins).find(([name]) => name.toLowerCase() === k.toLowerCase())?.[1];
      expect(body.data).toMatchObject({ at: null, priced: 4, unpriced: 0 });
      expect(body.data.prices.map((p: Json) => p.token)).toEqual(tokens);
      for (const row of body.data.prices) {
        const source = lookup(row.coinKey);
        expect(source).toBeDefined();
        expect(row.priceUsd).toBe(source.price);
        expect(row.confidence).toBe(source.confidence);
        expect(row.symbol).toBe(source.symbol);
        expect(row.pricedAt).toBe(new Date(source.timestamp * 1000).toISOString());
      }
      expect(body.data.prices[0].symbol).toBe('SOL');
      expect(body.data.prices[0].confidence).toBe(0.99);
    });

    it('service_dex_volumes (GET): totals and the per-DEX ranking equal the sandbox /overview/dexs', async () => {
      const body = await callTool('service_dex_volumes', 'GET', 'limit=5', ['defillama:/overview/dexs']);
      const overview = await sandbox(`${t.sandbox.urls.defillamaApi}/overview/dexs?excludeTotalDataChart=true&excludeTotalDataChartBreakdown=true`);
      expect(body.data.totals).toMatchObject({ volume24hUsd: overview.total24h, volume7dUsd: overview.total7d, volume30dUsd: overview.total30d });
      expect(body.data.matched).toBe(overview.protocols.length);
      const ranked = [...overview.protocols].sort((a: Json, b: Json) => b.total24h - a.total24h);
      expect(body.data.dexes.map((d: Json) => d.slug)).toEqual(ranked.slice(0, 5).map((p: Json) => p.slug));
      const top = body.data.dexes[0];
      expect(top.volume24hUsd).toBe(ranked[0].total24h);
      expect(top.shareOfDayPct).toBeCloseTo((ranked[0].total24h / overview.total24h) * 100, 2);
      expect(['up', 'down', 'flat']).toContain(body.data.totals.trend);
    });

    it('service_protocol_fees (POST): fee and revenue totals equal the sandbox /overview/fees, ranked by 7-day revenue', async () => {
      const body = await callTool('service_protocol_fees', 'POST', { sortBy: 'revenue', limit: 5 }, [
        'defillama:/overview/fees?dataType=dailyFees',
        'defillama:/overview/fees?dataType=dailyRevenue',
      ]);
      expect(body.credits.calls).toBe(2);
      const overview = (dataType: string) =>
        sandbox(`${t.sandbox.urls.defillamaApi}/overview/fees?excludeTotalDataChart=true&excludeTotalDataChartBreakdown=true&dataType=${dataType}`);
      const [fees, revenue] = await Promise.all([overview('dailyFees'), overview('dailyRevenue')]);
      expect(body.data.sortBy).toBe('revenue');
      expect(body.data.totals.fees).toMatchObject({ usd24h: fees.total24h, usd7d: fees.total7d, usd30d: fees.total30d });
      expect(body.data.totals.revenue).toMatchObject({ usd24h: revenue.total24h, usd7d: revenue.total7d, usd30d: revenue.total30d });
      expect(body.data.totals.shareOfFeesKept30dPct).toBeCloseTo((revenue.total30d / fees.total30d) * 100, 2);
      const byRevenue = [...revenue.protocols].sort((a: Json, b: Json) => b.total7d - a.total7d);
      expect(body.data.protocols).toHaveLength(5);
      expect(body.data.protocols[0].name).toBe(byRevenue[0].name);
      expect(body.data.protocols[0].revenue.usd7d).toBe(byRevenue[0].total7d);
      const rev7d = body.data.protocols.map((p: Json) => p.revenue.usd7d);
      expect(rev7d).toEqual([...rev7d].sort((a, b) => b - a));
    });

    it('service_chain_revenue (GET): per-chain revenue equals the sandbox /overview/fees/{chain}, ranked over 30 days', async () => {
      const body = await callTool('service_chain_revenue', 'GET', 'top=3', [
        'defillama:/overview/fees?dataType=dailyRevenue',
        'defillama:/overview/fees/{chain}?dataType=dailyRevenue',
        'defillama:/overview/fees/{chain}?dataType=dailyFees',
      ]);
      expect(body.credits.calls).toBe(1 + 2 * CHAINS.length);
      const overview = (path: string, dataType: string) =>
        sandbox(`${t.sandbox.urls.defillamaApi}/overview/fees${path}?excludeTotalDataChart=true&excludeTotalDataChartBreakdown=true&dataType=${dataType}`);
      const [all, solRevenue, solFees] = await Promise.all([
        overview('', 'dailyRevenue'),
        overview('/Solana', 'dailyRevenue'),
        overview('/Solana', 'dailyFees'),
      ]);
      expect(body.data.allDefiRevenue).toEqual({ usd24h: all.total24h, usd30d: all.total30d });
      expect(body.data.chains.map((c: Json) => c.chain).sort()).toEqual([...CHAINS].sort());
      const rev30d = body.data.chains.map((c: Json) => c.revenue.usd30d);
      expect(descending(rev30d)).toBe(true);
      const solana = body.data.chains.find((c: Json) => c.chain === 'solana');
      expect(solana.revenue).toEqual({ usd24h: solRevenue.total24h, usd7d: solRevenue.total7d, usd30d: solRevenue.total30d });
      expect(solana.fees).toEqual({ usd24h: solFees.total24h, usd30d: solFees.total30d });
      expect(solana.shareOfAllDefiRevenue30dPct).toBeCloseTo((solRevenue.total30d / all.total30d) * 100, 2);
      expect(solana.topEarners.length).toBeGreaterThan(0);
      expect(solana.topEarners.length).toBeLessThanOrEqual(3);
      const topSol = [...solRevenue.protocols].sort((a: Json, b: Json) => b.total30d - a.total30d)[0];
      expect(solana.topEarners[0]).toMatchObject({ name: topSol.name, revenue30dUsd: topSol.total30d });
    });

    it('service_perps_open_interest (GET): open interest equals the sandbox /overview/open-interest', async () => {
      const body = await callTool('service_perps_open_interest', 'GET', 'limit=3', ['defillama:/overview/open-interest']);
      const overview = await sandbox(`${t.sandbox.urls.defillamaApi}/overview/open-interest?excludeTotalDataChart=true&excludeTotalDataChartBreakdown=true`);
      const venues: Json[] = overview.protocols;
      expect(body.data.matched).toBe(venues.length);
      expect(body.data.totals.openInterestUsd).toBe(venues.reduce((sum, v) => sum + (v.total24h ?? 0), 0));
      const ranked = [...venues].sort((a, b) => b.total24h - a.total24h);
      expect(body.data.venues.map((v: Json) => v.name)).toEqual(ranked.slice(0, 3).map((v) => v.name));
      expect(body.data.venues[0].openInterestUsd).toBe(ranked[0].total24h);
      expect(body.data.venues[0].slug).toBe(FIXTURES.protocols.perps);
    });

    it('service_stablecoins (POST): supply and peg per stablecoin equal the sandbox /stablecoins', async () => {
      const body = await callTool('service_stablecoins', 'POST', { limit: 20 }, ['defillama:/stablecoins']);
      const assets: Json[] = (await sandbox(`${t.sandbox.urls.defillamaStablecoins}/stablecoins?includePrices=true`)).peggedAssets;
      expect(body.data.matched).toBe(assets.length);
      expect(body.data.totals.supplyUsd).toBe(assets.reduce((sum, a) => sum + a.circulating.peggedUSD, 0));
      const usdt = assets.find((a) => a.id === FIXTURES.stablecoins.usdt)!;
      const row = body.data.stablecoins.find((s: Json) => s.symbol === 'USDT');
      expect(row).toMatchObject({
        name: usdt.name,
        supplyUsd: usdt.circulating.peggedUSD,
        supplyChange1dUsd: usdt.circulating.peggedUSD - usdt.circulatingPrevDay.peggedUSD,
        priceUsd: usdt.price,
        peg: { status: 'pegged' },
      });
      expect(body.data.stablecoins[0].symbol).toBe('USDT');
      const supplies = body.data.stablecoins.map((s: Json) => s.supplyUsd);
      expect(supplies).toEqual([...supplies].sort((a, b) => b - a));
      const depegged = assets.find((a) => a.id === FIXTURES.stablecoins.depegged)!;
      expect(body.data.stablecoins.find((s: Json) => s.symbol === depegged.symbol).peg.status).toBe('depegged');
      expect(body.data.totals.depeggedCount).toBeGreaterThanOrEqual(1);
    });

    it('service_chain_trend (GET): current TVL, all-time high and supply equal the sandbox history; one row per week', async () => {
      const body = await callTool('service_chain_trend', 'GET', 'chain=solana&weeks=4', [
        'defillama:/v2/historicalChainTvl/{chain}',
        'defillama:/stablecoincharts/{chain}',
      ]);
      const tvl: Json[] = await sandbox(`${t.sandbox.urls.defillamaApi}/v2/historicalChainTvl/Solana`);
      const stables: Json[] = await sandbox(`${t.sandbox.urls.defillamaStablecoins}/stablecoincharts/Solana`);
      const last = tvl.reduce((a, b) => (b.date > a.date ? b : a));
      expect(body.data.scope).toBe('Solana');
      expect(body.data.tvl.currentUsd).toBe(last.tvl);
      expect(body.data.tvl.allTimeHighUsd).toBe(Math.max(...tvl.map((p) => p.tvl)));
      expect(body.data.tvl.belowAllTimeHighPct).toBeGreaterThanOrEqual(0);
      const lastSupply = stables.reduce((a, b) => (Number(b.date) > Number(a.date) ? b : a));
      expect(body.data.stablecoins.currentSupplyUsd).toBe(lastSupply.totalCirculatingUSD.peggedUSD);
      expect(body.data.weekly).toHaveLength(4);
      expect(body.data.weekly[3].tvlUsd).toBe(last.tvl);
      for (const k of ['change1dPct', 'change7dPct', 'change30dPct', 'change90dPct', 'change1yPct']) {
        expect(typeof body.data.tvl[k]).toBe('number');
      }
    });

    it('service_token_prices (GET): price, 24h change and liquidity equal the sandbox Jupiter /price/v3', async () => {
      const mints = [FIXTURES.solMint, FIXTURES.jupMint, t.sandbox.market.fixtures.unpricedSolanaMint];
      const body = await callTool('service_token_prices', 'GET', `tokens=${mints.join(',')}`, ['jupiter:/price/v3']);
      expect(body.credits.calls).toBe(1);
      const prices = await jupiter(`/price/v3?ids=${mints.join(',')}`);
      expect(body.data.prices.map((p: Json) => p.mint)).toEqual(mints);
      for (const row of body.data.prices.slice(0, 2)) {
        expect(row.priceUsd).toBe(prices[row.mint].usdPrice);
        expect(row.change24h).toBe(prices[row.mint].priceChange24h);
        expect(row.liquidityUsd).toBe(prices[row.mint].liquidity);
        expect(row.priceUsd).toBeGreaterThan(0);
      }
      expect(body.data.prices[2]).toEqual({ mint: mints[2], priceUsd: null, change24h: null, liquidityUsd: null });
      expect(body.notes).toEqual(expect.arrayContaining([expect.stringMatching(/No reliable price for 1 of 3 mints/)]));
    });

    it('service_token_prices_multichain (POST): prices by address and by ticker equal the sandbox prices API', async () => {
      const body = await callTool(
        'service_token_prices_multichain',
        'POST',
        { tokens: [`base:${FIXTURES.baseUsdc}`, { chain: 'ethereum', address: FIXTURES.ethereumWeth }], symbols: ['ETH', 'SOL'] },
        ['alchemy:/tokens/by-address', 'alchemy:/tokens/by-symbol'],
      );
      expect(body.credits.calls).toBe(2);
      const byAddress = await alchemyPrices('/tokens/by-address', {
        addresses: [
          { network: 'base-mainnet', address: FIXTURES.baseUsdc.toLowerCase() },
          { network: 'eth-mainnet', address: FIXTURES.ethereumWeth.toLowerCase() },
        ],
      });
      const bySymbol = await sandbox(`${t.sandbox.urls.alchemyPrices}/${SANDBOX_KEYS.alchemy}/tokens/by-symbol?symbols=ETH&symbols=SOL`);
      expect(body.data.tokens).toEqual([
        expect.objectContaining({ chain: 'base', address: FIXTURES.baseUsdc.toLowerCase(), priceUsd: Number(byAddress.data[0].prices[0].value) }),
        expect.objectContaining({ chain: 'ethereum', address: FIXTURES.ethereumWeth.toLowerCase(), priceUsd: Number(byAddress.data[1].prices[0].value) }),
      ]);
      expect(body.data.symbols).toEqual([
        expect.objectContaining({ symbol: 'ETH', priceUsd: Number(bySymbol.data[0].prices[0].value) }),
        expect.objectContaining({ symbol: 'SOL', priceUsd: Number(bySymbol.data[1].prices[0].value) }),
      ]);
      // WETH and ETH are one asset: one price at one instant.
      expect(body.data.tokens[1].priceUsd).toBe(body.data.symbols[0].priceUsd);
    });

    it('service_token_prices_multichain: tokens on four networks are asked in two calls (the provider takes at most 3 networks a call)', async () => {
      const tokens = [`base:${FIXTURES.baseUsdc}`, `ethereum:${FIXTURES.ethereumWeth}`, `bsc:${FIXTURES.bscUsdt}`, `solana:${FIXTURES.jupMint}`];
      const body = await callTool('service_token_prices_multichain', 'POST', { tokens }, ['alchemy:/tokens/by-address']);
      expect(body.credits.calls).toBe(2);
      expect(body.data.tokens.map((token: Json) => token.chain)).toEqual(['base', 'ethereum', 'bsc', 'solana']);
      expect(body.data.tokens.every((token: Json) => typeof token.priceUsd === 'number')).toBe(true);
    });

    it('service_token_prices_multichain (GET): a {chain, address} object as JSON text beside chain:address text answers as the POST does', async () => {
      const tokenObject = encodeURIComponent(JSON.stringify({ chain: 'ethereum', address: FIXTURES.ethereumWeth }));
      const viaGet = await callTool('service_token_prices_multichain', 'GET', `tokens=base:${FIXTURES.baseUsdc}&tokens=${tokenObject}&symbols=ETH`, [
        'alchemy:/tokens/by-address',
        'alchemy:/tokens/by-symbol',
      ]);
      const viaPost = await callTool(
        'service_token_prices_multichain',
        'POST',
        { tokens: [`base:${FIXTURES.baseUsdc}`, { chain: 'ethereum', address: FIXTURES.ethereumWeth }], symbols: ['ETH'] },
        ['alchemy:/tokens/by-address', 'alchemy:/tokens/by-symbol'],
      );
      expect(viaGet.data).toEqual(viaPost.data);
      expect(viaGet.data.tokens).toHaveLength(2);
    });

    it('service_price_history (POST): the daily series equals the sandbox historical prices', async () => {
      const startTime = new Date(NOW - 5 * DAY_MS).toISOString();
      const endTime = new Date(NOW - DAY_MS).toISOString();
      const body = await callTool('service_price_history', 'POST', { symbol: 'ETH', startTime, endTime, interval: '1d' }, ['alchemy:/tokens/historical']);
      const series = await alchemyPrices('/tokens/historical', { symbol: 'ETH', startTime, endTime, interval: '1d' });
      const expected = series.data.map((p: Json) => ({ timestamp: new Date(p.timestamp).toISOString(), priceUsd: Number(p.value) }));
      expect(expected.length).toBe(4);
      expect(body.data).toMatchObject({ token: { symbol: 'ETH' }, interval: '1d', startTime, endTime, pointCount: 4 });
      expect(body.data.points).toEqual(expected);
      expect(body.data.first).toEqual(expected[0]);
      expect(body.data.last).toEqual(expected[3]);
      const values = expected.map((p: Json) => p.priceUsd);
      expect(body.data.high.priceUsd).toBe(Math.max(...values));
      expect(body.data.low.priceUsd).toBe(Math.min(...values));
    });

    it.each([
      ['a 60-day hourly', '1h', 60, 2, 60 * 24],
      ['a 3-year daily', '1d', 3 * 365, 3, 3 * 365],
    ] as const)(
      "service_price_history: %s range, past one provider call's documented limit, is read in windows and answers whole",
      async (_label, interval, days, calls, pointCount) => {
        const endTime = new Date(Math.floor(NOW / DAY_MS) * DAY_MS - DAY_MS).toISOString();
        const startTime = new Date(Date.parse(endTime) - days * DAY_MS).toISOString();
        const body = await callTool('service_price_history', 'POST', { symbol: 'ETH', startTime, endTime, interval }, ['alchemy:/tokens/historical']);
        expect(body.credits.calls).toBe(calls);
        // Every step of the range once, oldest first, both ends included.
        expect(body.data.pointCount).toBe(pointCount + 1);
        const times = body.data.points.map((p: Json) => Date.parse(p.timestamp));
        expect(times[0]).toBe(Date.parse(startTime));
        expect(times[times.length - 1]).toBe(Date.parse(endTime));
        expect(new Set(times).size).toBe(times.length);
        expect(times.every((at: number, i: number) => i === 0 || at > times[i - 1])).toBe(true);
      },
    );

    it('service_token_info (GET, Solana): name, symbol and price from the sandbox Jupiter token list and /price/v3', async () => {
      const body = await callTool('service_token_info', 'GET', `chain=solana&address=${FIXTURES.jupMint}`, ['jupiter:/tokens/v2/search', 'jupiter:/price/v3']);
      const [info] = await jupiter(`/tokens/v2/search?query=${FIXTURES.jupMint}`);
      const prices = await jupiter(`/price/v3?ids=${FIXTURES.jupMint}`);
      expect(body.data).toEqual({
        chain: 'solana',
        address: FIXTURES.jupMint,
        name: info.name,
        symbol: 'JUP',
        decimals: info.decimals,
        logo: info.icon,
        priceUsd: prices[FIXTURES.jupMint].usdPrice,
      });
    });

    it('service_token_info (GET, EVM): metadata from the JSON-RPC source and the price from the prices API', async () => {
      const body = await callTool('service_token_info', 'GET', `chain=base&address=${FIXTURES.baseAero}`, [
        'alchemy:alchemy_getTokenMetadata',
        'alchemy:/tokens/by-address',
      ]);
      const rpc = await sandbox(`${t.sandbox.urls.alchemyRpc.replace('{network}', 'base-mainnet')}/${SANDBOX_KEYS.alchemy}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'alchemy_getTokenMetadata', params: [FIXTURES.baseAero.toLowerCase()] }),
      });
      const price = await alchemyPrices('/tokens/by-address', { addresses: [{ network: 'base-mainnet', address: FIXTURES.baseAero.toLowerCase() }] });
      expect(body.data).toEqual({
        chain: 'base',
        address: FIXTURES.baseAero.toLowerCase(),
        name: rpc.result.name,
        symbol: 'AERO',
        decimals: 18,
        logo: rpc.result.logo,
        priceUsd: Number(price.data[0].prices[0].value),
      });
    });
  });

  describe('200 at each bound of the spec Limits table', () => {
    const fiftyMints = () => {
      // The first 50 of the market's Solana tokens (the launchpad's coins took it past 50).
      const known = t.sandbox.market
        .solanaTokens()
        .map((tk) => tk.address)
        .slice(0, 50);
      return [...known, ...unknownMints(50 - known.length)];
    };

    it.each([
      ['service_token_yields', 'limit=1', (d: Json) => expect(d.pools).toHaveLength(1)],
      ['service_token_yields', 'limit=100', (d: Json) => expect(d.pools).toHaveLength(Math.min(100, d.matched))],
      ['service_defi_hacks', 'limit=1', (d: Json) => expect(d.hacks).toHaveLength(1)],
      ['service_defi_hacks', 'limit=100', (d: Json) => expect(d.hacks).toHaveLength(Math.min(100, d.matched))],
      ['service_dex_volumes', 'limit=1', (d: Json) => expect(d.dexes).toHaveLength(1)],
      ['service_dex_volumes', 'limit=100', (d: Json) => expect(d.dexes).toHaveLength(Math.min(100, d.matched))],
      ['service_protocol_fees', 'limit=1', (d: Json) => expect(d.protocols).toHaveLength(1)],
      ['service_protocol_fees', 'limit=100', (d: Json) => expect(d.protocols).toHaveLength(Math.min(100, d.matched))],
      ['service_perps_open_interest', 'limit=1', (d: Json) => expect(d.venues).toHaveLength(1)],
      ['service_perps_open_interest', 'limit=100', (d: Json) => expect(d.venues).toHaveLength(Math.min(100, d.matched))],
      ['service_stablecoins', 'limit=1', (d: Json) => expect(d.stablecoins).toHaveLength(1)],
      ['service_stablecoins', 'limit=100', (d: Json) => expect(d.stablecoins).toHaveLength(Math.min(100, d.matched))],
      ['service_chain_revenue', 'top=1', (d: Json) => d.chains.forEach((c: Json) => expect(c.topEarners.length).toBeLessThanOrEqual(1))],
      ['service_chain_revenue', 'top=20', (d: Json) => expect(Math.max(...d.chains.map((c: Json) => c.topEarners.length))).toBeGreaterThan(5)],
      ['service_chain_trend', 'weeks=1', (d: Json) => expect(d.weekly).toHaveLength(1)],
      ['service_chain_trend', 'weeks=52', (d: Json) => expect(d.weekly).toHaveLength(52)],
      ['service_chain_health', 'chains=bsc', (d: Json) => expect(d.chains.map((c: Json) => c.chain)).toEqual(['bsc'])],
      ['service_chain_health', `chains=${[...CHAINS].reverse().join(',')}`, (d: Json) => expect(d.chains).toHaveLength(7)],
      ['service_token_yields', 'symbol=U', (d: Json) => expect(d.matched).toBeGreaterThan(0)],
      ['service_token_yields', `symbol=${'Q'.repeat(20)}`, (d: Json) => expect(d).toMatchObject({ matched: 0, pools: [] })],
      [
        'service_defi_hacks',
        'query=ae',
        (d: Json) => {
          expect(d.matched).toBeGreaterThan(0);
          d.hacks.forEach((h: Json) => expect(h.name.toLowerCase()).toContain('ae'));
        },
      ],
      ['service_defi_hacks', `query=${'q'.repeat(60)}`, (d: Json) => expect(d).toMatchObject({ matched: 0, hacks: [] })],
      ['service_dex_volumes', 'query=sw', (d: Json) => expect(d.matched).toBeGreaterThan(0)],
      ['service_dex_volumes', `query=${'q'.repeat(60)}`, (d: Json) => expect(d).toMatchObject({ matched: 0, dexes: [] })],
      ['service_protocol_fees', 'query=dr', (d: Json) => expect(d.matched).toBeGreaterThan(0)],
      ['service_protocol_fees', `query=${'q'.repeat(60)}`, (d: Json) => expect(d).toMatchObject({ matched: 0, protocols: [] })],
      ['service_protocol_report', 'protocol=gm', (d: Json) => expect(d.protocol.slug).toBe('gmx-v2-perps')],
    ] as Array<[ToolName, string, (data: Json) => void]>)('%s ?%s', async (tool, query, check) => {
      const before = await balance();
      const res = await send(tool, 'GET', query);
      expect(res.status).toBe(200);
      expect(res.body.credits.creditsSpent).toBe(TOOL_CATALOG[tool].cost);
      expect(await balance()).toBe(before - TOOL_CATALOG[tool].cost);
      check(res.body.data);
    });

    it('service_protocol_report takes a 60-character protocol (POST)', async () => {
      const protocol = 'aave-v3'.padEnd(60, ' ');
      expect(protocol).toHaveLength(60);
      const res = await send('service_protocol_report', 'POST', { protocol });
      expect(res.status).toBe(200);
      expect(res.body.data.protocol.slug).toBe('aave-v3');
    });

    it('service_price_confidence takes 1 and 50 tokens', async () => {
      const one = await send('service_price_confidence', 'POST', { tokens: [`solana:${FIXTURES.solMint}`] });
      expect(one.status).toBe(200);
      expect(one.body.data.prices).toHaveLength(1);
      const fifty = fiftyMints().map((m) => `solana:${m}`);
      const res = await send('service_price_confidence', 'GET', `tokens=${fifty.join(',')}`);
      expect(res.status).toBe(200);
      expect(res.body.data.prices).toHaveLength(50);
      expect(res.body.data.priced).toBeGreaterThan(20);
    });

    it('service_token_prices takes 1 and 50 mints', async () => {
      const one = await send('service_token_prices', 'GET', `tokens=${FIXTURES.usdcMint}`);
      expect(one.status).toBe(200);
      expect(one.body.data.prices).toHaveLength(1);
      const res = await send('service_token_prices', 'POST', { tokens: fiftyMints() });
      expect(res.status).toBe(200);
      expect(res.body.data.prices).toHaveLength(50);
      expect(res.body.data.prices.filter((p: Json) => p.priceUsd !== null).length).toBeGreaterThan(20);
    });
  });

  describe('400 invalid_request one past each bound: nothing runs, nothing is charged', () => {
    const fiftyOneMints = () => [FIXTURES.solMint, ...unknownMints(50)];
    const eightChains = [...CHAINS, 'solana'].join(',');
    type Input = string | Record<string, unknown>;

    it.each([
      ...(
        [
          'service_token_yields',
          'service_defi_hacks',
          'service_dex_volumes',
          'service_protocol_fees',
          'service_perps_open_interest',
          'service_stablecoins',
        ] as const
      ).flatMap((tool) => [
        [tool, 'GET', 'limit=0', 'limit'],
        [tool, 'GET', 'limit=101', 'limit'],
      ]),
      ['service_chain_revenue', 'GET', 'top=0', 'top'],
      ['service_chain_revenue', 'GET', 'top=21', 'top'],
      ['service_chain_revenue', 'GET', 'chain=polygon', 'chain'],
      ['service_chain_trend', 'GET', 'weeks=0', 'weeks'],
      ['service_chain_trend', 'GET', 'weeks=53', 'weeks'],
      ['service_chain_health', 'GET', `chains=${eightChains}`, 'chains'],
      ['service_chain_health', 'POST', { chains: [] }, 'chains'],
      ['service_chain_health', 'GET', 'chains=solana,arbitrum', 'chains'],
      ['service_dex_volumes', 'GET', 'chain=arbitrum', 'chain'],
      ['service_price_confidence', 'POST', { tokens: [] }, 'tokens'],
      ['service_price_confidence', 'GET', '51 tokens', 'tokens'],
      ['service_price_confidence', 'POST', { tokens: [`solana:${FIXTURES.solMint}`], at: '202' }, 'at'],
      ['service_price_confidence', 'POST', { tokens: [`solana:${FIXTURES.solMint}`], at: '2'.repeat(41) }, 'at'],
      ['service_token_prices', 'POST', { tokens: [] }, 'tokens'],
      ['service_token_prices', 'POST', '51 tokens', 'tokens'],
      ['service_protocol_report', 'POST', { protocol: 'a' }, 'protocol'],
      ['service_protocol_report', 'POST', { protocol: 'a'.repeat(61) }, 'protocol'],
      ['service_protocol_report', 'POST', {}, 'protocol'],
      ['service_defi_hacks', 'GET', 'query=a', 'query'],
      ['service_defi_hacks', 'GET', `query=${'a'.repeat(61)}`, 'query'],
      ['service_dex_volumes', 'GET', 'query=a', 'query'],
      ['service_dex_volumes', 'GET', `query=${'a'.repeat(61)}`, 'query'],
      ['service_protocol_fees', 'GET', 'query=a', 'query'],
      ['service_protocol_fees', 'POST', { query: 'a'.repeat(61) }, 'query'],
      ['service_token_yields', 'POST', { symbol: '' }, 'symbol'],
      ['service_token_yields', 'GET', `symbol=${'S'.repeat(21)}`, 'symbol'],
      ['service_token_prices_multichain', 'POST', { tokens: [], symbols: [] }, 'tokens'],
      // Blank: only separators or invisible characters (the provider would refuse them: a 502).
      ['service_token_prices_multichain', 'POST', { symbols: ['\u2028\u2029'] }, 'symbols.0'],
      ['service_token_prices_multichain', 'POST', { symbols: ['ETH', '\ufeff'] }, 'symbols.1'],
      ['service_token_yields', 'POST', { symbol: '\u200b' }, 'symbol'],
      ['service_price_history', 'POST', { symbol: 'ETH', startTime: '1999-01-01T00:00:00Z', endTime: '2025-01-01T00:00:00Z' }, 'startTime'],
      ['service_price_history', 'POST', { symbol: 'ETH', startTime: '2025-01-02T00:00:00Z', endTime: '2025-01-01T00:00:00Z' }, 'endTime'],
      ['service_token_info', 'GET', `chain=solana&address=${FIXTURES.baseAero}`, 'address'],
    ] as Array<[ToolName, 'GET' | 'POST', Input, string]>)('%s %s %j names %s in issues', async (tool, method, given, path) => {
      let input: Input = given;
      if (given === '51 tokens') {
        input =
          tool === 'service_price_confidence'
            ? `tokens=${fiftyOneMints()
                .map((m) => `solana:${m}`)
                .join(',')}`
            : { tokens: fiftyOneMints() };
      }
      const before = await balance();
      const entries = await usageEntries();
      const sandboxRequests = t.sandbox.control.requests().total;
      const res = await send(tool, method, input);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
      expect(res.headers['x-credits-remaining']).toBe(String(before));
      expect(await balance()).toBe(before);
      expect(await usageEntries()).toBe(entries);
      expect(t.sandbox.control.requests().total).toBe(sandboxRequests);
    });
  });
});
