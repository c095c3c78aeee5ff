import { cannedLlama, first, type Row } from './defillama.canned';
import type { OverviewDataType, OverviewKind } from './defillama.types';
import {
  DOC_COIN_KEY,
  DOC_FEES_DATA_TYPES,
  DOC_OVERVIEW_DEXS,
  DOC_OVERVIEW_DEXS_CHAIN,
  DOC_OVERVIEW_FEES,
  DOC_OVERVIEW_OPEN_INTEREST,
  DOC_POOLS,
  DOC_PRICES_CURRENT,
  DOC_PRICES_HISTORICAL,
  DOC_STABLECOIN_CHAINS,
  DOC_STABLECOIN_CHARTS_ALL,
  DOC_STABLECOIN_CHARTS_CHAIN,
  DOC_STABLECOINS,
  without,
} from './defillama.documented';

/**
 * DefiLlama's contract on stablecoins.llama.fi, yields.llama.fi, the dimensions overviews and
 * coins.llama.fi, body by body: each documented answer (defillama.documented.ts) and its documented
 * variants (nullable fields null, optional fields absent, every documented enum value, an unknown
 * value of an enum Scout passes on) through the client's own schema and parser; a field a tool
 * computes with, left out, is refused.
 */

describe('GET /stablecoins?includePrices=true', () => {
  const asset = () => (DOC_STABLECOINS.peggedAssets as Row[])[0];

  it('reads the documented answer; supply the document leaves out is null', async () => {
    const { sources, client } = cannedLlama();
    sources.stablecoins.payload = DOC_STABLECOINS;
    await expect(client.stablecoins()).resolves.toEqual([
      {
        id: '1',
        name: 'Tether',
        symbol: 'USDT',
        geckoId: null,
        pegType: 'peggedUSD',
        pegMechanism: 'fiat-backed',
        circulating: { current: 159510682147.76874, prevDay: null, prevWeek: null, prevMonth: null },
        chainCirculating: { Ethereum: { current: 50000000000, prevDay: null, prevWeek: null, prevMonth: null } },
        chains: ['Ethereum', 'Tron', 'BSC'],
        priceUsd: 1.001,
        priceSource: null,
      },
    ]);
    expect(sources.stablecoins.calls[0]).toMatchObject({ endpoint: 'defillama:/stablecoins', path: '/stablecoins', query: { includePrices: true } });
  });

  it('reads a coin with only its peg type and supply (every shown field left out)', async () => {
    const { sources, client } = cannedLlama();
    sources.stablecoins.payload = { peggedAssets: [without(asset(), 'id', 'name', 'symbol', 'pegMechanism', 'chains', 'chainCirculating', 'price')] };
    await expect(client.stablecoins()).resolves.toEqual([
      expect.objectContaining({ id: null, name: null, symbol: null, pegMechanism: null, chains: [], chainCirculating: {}, priceUsd: null }),
    ]);
  });

  it.each(['peggedEUR', 'peggedVAR', 'peggedJPY'])('reads a coin pegged %s by its own peg key', async (pegType) => {
    const { sources, client } = cannedLlama();
    sources.stablecoins.payload = { peggedAssets: [{ ...asset(), pegType, circulating: { [pegType]: 1000 } }] };
    await expect(client.stablecoins()).resolves.toEqual([expect.objectContaining({ pegType, circulating: expect.objectContaining({ current: 1000 }) })]);
  });

  it.each(['pegType', 'circulating'])('refuses a coin without %s (the supply figure)', async (field) => {
    const { sources, client } = cannedLlama();
    sources.stablecoins.payload = { peggedAssets: [without(asset(), field)] };
    await expect(client.stablecoins()).rejects.toThrow();
  });
});

describe('GET /stablecoinchains and /stablecoincharts', () => {
  it('reads the documented totalCirculating, and the SDK and live totalCirculatingUSD', async () => {
    const { sources, client } = cannedLlama();
    sources.stablecoins.payload = DOC_STABLECOIN_CHAINS;
    await expect(client.stablecoinChains()).resolves.toEqual([{ name: 'Ethereum', circulatingUsd: 75000000000, tokenSymbol: null, geckoId: null }]);
    sources.stablecoins.payload = [
      { name: 'Ethereum', gecko_id: 'ethereum', tokenSymbol: 'ETH', totalCirculatingUSD: { peggedUSD: 75000000000, peggedEUR: 1000 } },
    ];
    await expect(client.stablecoinChains()).resolves.toEqual([{ name: 'Ethereum', circulatingUsd: 75000001000, tokenSymbol: 'ETH', geckoId: 'ethereum' }]);
    expect(sources.stablecoins.calls[0]).toMatchObject({ endpoint: 'defillama:/stablecoinchains', path: '/stablecoinchains' });
  });

  it('reads the documented charts, all chains and one chain, with number or digit-string dates', async () => {
    const { sources, client } = cannedLlama();
    sources.stablecoins.payload = DOC_STABLECOIN_CHARTS_ALL;
    await expect(client.stablecoinCharts()).resolves.toEqual([{ date: 1609459200, valueUsd: 45000000000 }]);
    sources.stablecoins.payload = DOC_STABLECOIN_CHARTS_CHAIN;
    await expect(client.stablecoinCharts('Ethereum')).resolves.toEqual([{ date: 1609459200, valueUsd: 12000000000 }]);
    sources.stablecoins.payload = [{ ...first(DOC_STABLECOIN_CHARTS_CHAIN), date: '1609459200' }];
    await expect(client.stablecoinCharts('Ethereum')).resolves.toEqual([{ date: 1609459200, valueUsd: 12000000000 }]);
    expect(sources.stablecoins.calls.map((c) => [c.endpoint, c.path])).toEqual([
      ['defillama:/stablecoincharts/all', '/stablecoincharts/all'],
      ['defillama:/stablecoincharts/{chain}', '/stablecoincharts/Ethereum'],
      ['defillama:/stablecoincharts/{chain}', '/stablecoincharts/Ethereum'],
    ]);
  });

  it('refuses a chain or a point with no total at all, and a chart point without a date', async () => {
    const { sources, client } = cannedLlama();
    sources.stablecoins.payload = [without(first(DOC_STABLECOIN_CHAINS), 'totalCirculating')];
    await expect(client.stablecoinChains()).rejects.toThrow();
    sources.stablecoins.payload = [without(first(DOC_STABLECOIN_CHARTS_ALL), 'date')];
    await expect(client.stablecoinCharts()).rejects.toThrow();
  });
});

describe('GET yields /pools', () => {
  const row = () => (DOC_POOLS.data as Row[])[0];

  it('reads the documented answer, its nullable fields null', async () => {
    const { sources, client } = cannedLlama();
    sources.yields.payload = DOC_POOLS;
    await expect(client.yieldPools()).resolves.toEqual([
      {
        poolId: '747c1d2a-c668-4682-b9f9-296708a3dd90',
        chain: 'Ethereum',
        project: 'lido',
        symbol: 'STETH',
        tvlUsd: 32493036117,
        apy: 2.84,
        apyBase: 2.84,
        apyReward: null,
        apyPct1D: -0.04,
        apyPct7D: -0.056,
        apyPct30D: null,
        apyMean30d: 2.73539,
        stablecoin: false,
        ilRisk: 'no',
        exposure: 'single',
        poolMeta: null,
        il7d: null,
        volumeUsd1d: null,
        volumeUsd7d: null,
        rewardTokens: [],
        underlyingTokens: ['0x0000000000000000000000000000000000000000'],
      },
    ]);
    expect(sources.yields.calls[0]).toMatchObject({ endpoint: 'defillama:/pools', path: '/pools' });
  });

  it.each([
    ['yes', 'multi'],
    ['no', 'single'],
    ['unknown-risk', 'basket'],
  ])('passes on ilRisk %s and exposure %s as sent', async (ilRisk, exposure) => {
    const { sources, client } = cannedLlama();
    sources.yields.payload = { status: 'success', data: [{ ...row(), ilRisk, exposure }] };
    await expect(client.yieldPools()).resolves.toEqual([expect.objectContaining({ ilRisk, exposure })]);
  });

  it('reads a pool with only what the tool filters and ranks on (chain, symbol, tvlUsd), and no status', async () => {
    const { sources, client } = cannedLlama();
    const keep = new Set(['chain', 'symbol', 'tvlUsd']);
    sources.yields.payload = { data: [without(row(), ...Object.keys(row()).filter((k) => !keep.has(k)))] };
    await expect(client.yieldPools()).resolves.toEqual([
      {
        poolId: null,
        chain: 'Ethereum',
        project: null,
        symbol: 'STETH',
        tvlUsd: 32493036117,
        apy: null,
        apyBase: null,
        apyReward: null,
        apyPct1D: null,
        apyPct7D: null,
        apyPct30D: null,
        apyMean30d: null,
        stablecoin: null,
        ilRisk: null,
        exposure: null,
        poolMeta: null,
        il7d: null,
        volumeUsd1d: null,
        volumeUsd7d: null,
        rewardTokens: [],
        underlyingTokens: [],
      },
    ]);
  });

  it.each(['chain', 'symbol', 'tvlUsd'])('refuses a pool without %s', async (field) => {
    const { sources, client } = cannedLlama();
    sources.yields.payload = { status: 'success', data: [without(row(), field)] };
    await expect(client.yieldPools()).rejects.toThrow();
  });
});

describe('GET /overview/{kind}[/{chain}]', () => {
  const query = (dataType?: string) => ({ excludeTotalDataChart: true, excludeTotalDataChartBreakdown: true, dataType });

  /** One documented answer per label form: the overviews the tools ask, and every documented fees dataType. */
  interface OverviewCase {
    kind: OverviewKind;
    chain?: string;
    dataType?: OverviewDataType;
    payload: Row;
    endpoint: string;
    path: string;
    name: string;
    total24h: number;
  }
  const cases: OverviewCase[] = [
    { kind: 'dexs', payload: DOC_OVERVIEW_DEXS, endpoint: 'defillama:/overview/dexs', path: '/overview/dexs', name: 'Uniswap', total24h: 1500000000 },
    {
      kind: 'dexs',
      chain: 'Ethereum',
      payload: DOC_OVERVIEW_DEXS_CHAIN,
      endpoint: 'defillama:/overview/dexs/{chain}',
      path: '/overview/dexs/Ethereum',
      name: 'Uniswap',
      total24h: 800000000,
    },
    {
      kind: 'open-interest',
      payload: DOC_OVERVIEW_OPEN_INTEREST,
      endpoint: 'defillama:/overview/open-interest',
      path: '/overview/open-interest',
      name: 'Hyperliquid Perps',
      total24h: 14304709847,
    },
    ...DOC_FEES_DATA_TYPES.flatMap((dataType): OverviewCase[] => [
      {
        kind: 'fees',
        dataType,
        payload: DOC_OVERVIEW_FEES,
        endpoint: `defillama:/overview/fees?dataType=${dataType}`,
        path: '/overview/fees',
        name: 'Uniswap',
        total24h: 5000000,
      },
      {
        kind: 'fees',
        chain: 'Ethereum',
        dataType,
        payload: DOC_OVERVIEW_FEES,
        endpoint: `defillama:/overview/fees/{chain}?dataType=${dataType}`,
        path: '/overview/fees/Ethereum',
        name: 'Uniswap',
        total24h: 5000000,
      },
    ]),
  ];

  it.each(cases.map((c) => [c.endpoint, c] as const))('reads the documented answer of %s', async (_label, c) => {
    const { sources, client } = cannedLlama();
    sources.api.payload = c.payload;
    const overview = await client.overview(c.kind, { chain: c.chain, dataType: c.dataType });
    expect(overview.protocols[0]).toMatchObject({ name: c.name, total24h: c.total24h, total30d: null, breakdown24h: null, defillamaId: null });
    expect(overview.total24h).toBeNull();
    expect(sources.api.calls[0]).toMatchObject({ endpoint: c.endpoint, path: c.path, query: query(c.dataType) });
  });

  it('reads the documented open-interest venues with their chains and the listed chains', async () => {
    const { sources, client } = cannedLlama();
    sources.api.payload = DOC_OVERVIEW_OPEN_INTEREST;
    await expect(client.overview('open-interest')).resolves.toMatchObject({
      allChains: ['Hyperliquid L1', 'Off Chain', 'zkLighter'],
      chain: null,
      protocols: [{ displayName: 'Hyperliquid Perps', total7d: 93112774041, change1dPct: 3.62, change7dPct: 12.63, chains: ['Hyperliquid L1'] }],
    });
  });

  it('reads a row with only its name, and an answer with no totals, as nulls', async () => {
    const { sources, client } = cannedLlama();
    sources.api.payload = { protocols: [{ name: 'Uniswap' }] };
    await expect(client.overview('fees', { dataType: 'dailyRevenue' })).resolves.toMatchObject({
      total24h: null,
      allChains: [],
      protocols: [{ name: 'Uniswap', displayName: null, slug: null, category: null, total24h: null, total7d: null, change1dPct: null, chains: [] }],
    });
  });

  it('refuses an answer without its protocols, or a row without a name', async () => {
    const { sources, client } = cannedLlama();
    sources.api.payload = without(DOC_OVERVIEW_DEXS, 'protocols');
    await expect(client.overview('dexs')).rejects.toThrow();
    sources.api.payload = { protocols: [without(first(DOC_OVERVIEW_DEXS.protocols), 'name')] };
    await expect(client.overview('dexs')).rejects.toThrow();
  });
});

describe('GET coins /prices/current/{coins} and /prices/historical/{timestamp}/{coins}', () => {
  const price = { priceUsd: 0.022053735051098835, symbol: 'cDAI', decimals: 8, confidence: 0.99 };

  it('reads the documented answers; a key DefiLlama cannot price is simply absent', async () => {
    const { sources, client } = cannedLlama();
    sources.coins.payload = DOC_PRICES_CURRENT;
    await expect(client.pricesCurrent([DOC_COIN_KEY, 'coingecko:ethereum'])).resolves.toEqual({ [DOC_COIN_KEY]: { ...price, timestamp: 0.99 } });
    sources.coins.payload = DOC_PRICES_HISTORICAL;
    await expect(client.pricesHistorical(1648680149, [DOC_COIN_KEY])).resolves.toEqual({ [DOC_COIN_KEY]: { ...price, timestamp: 1648680149 } });
    expect(sources.coins.calls.map((c) => [c.endpoint, c.path])).toEqual([
      ['defillama:/prices/current/{coins}', `/prices/current/${DOC_COIN_KEY},coingecko:ethereum`],
      ['defillama:/prices/historical/{timestamp}/{coins}', `/prices/historical/1648680149/${DOC_COIN_KEY}`],
    ]);
  });

  it('reads the optional decimals and confidence left out as null', async () => {
    const { sources, client } = cannedLlama();
    const coin = (DOC_PRICES_HISTORICAL.coins as Record<string, Row>)[DOC_COIN_KEY];
    sources.coins.payload = { coins: { [DOC_COIN_KEY]: without(coin, 'decimals', 'confidence') } };
    await expect(client.pricesHistorical(1648680149, [DOC_COIN_KEY])).resolves.toEqual({
      [DOC_COIN_KEY]: { priceUsd: 0.022053735051098835, symbol: 'cDAI', timestamp: 1648680149, decimals: null, confidence: null },
    });
  });

  it.each(['price', 'symbol', 'timestamp'])('refuses a coin without the documented-required %s', async (field) => {
    const { sources, client } = cannedLlama();
    const coin = (DOC_PRICES_CURRENT.coins as Record<string, Row>)[DOC_COIN_KEY];
    sources.coins.payload = { coins: { [DOC_COIN_KEY]: without(coin, field) } };
    await expect(client.pricesCurrent([DOC_COIN_KEY])).rejects.toThrow();
  });
});
