import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UpstreamCall, UpstreamSource } from '../../upstream.types';
import { DEFILLAMA_CACHE_TTL_MS, DefiLlamaClient } from './defillama.client';
import { llamaSlug } from './defillama.mapping';

/** A source that answers every call with a canned payload and runs the client's parser on it. */
class CannedSource implements UpstreamSource {
  readonly calls: UpstreamCall[] = [];
  payload: unknown = null;

  constructor(readonly name: string) {}

  async request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    this.calls.push(call);
    return parse(this.payload);
  }
}

type Schema = {
  type?: string | string[];
  example?: unknown;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  oneOf?: Schema[];
};

const published = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'published-response-schemas.json'), 'utf8')) as {
  responses: Record<string, { schema: Schema }>;
};

/**
 * An example payload built from a published response schema: each property's own `example`,
 * one item per array, one 'Ethereum' entry per open map, null where only null is documented.
 */
function exampleOf(schema: Schema): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.oneOf) return exampleOf(schema.oneOf[0]);
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties || type.includes('object')) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = exampleOf(value);
    if (typeof schema.additionalProperties === 'object') out.Ethereum = exampleOf(schema.additionalProperties);
    return out;
  }
  if (type.includes('array')) return type.includes('null') && !schema.items ? null : [exampleOf(schema.items ?? {})];
  if (type.includes('null')) return null;
  if (type.includes('number') || type.includes('integer')) return 1;
  if (type.includes('boolean')) return true;
  return 'x';
}

function publishedExample(path: string): unknown {
  const entry = published.responses[path];
  if (!entry) throw new Error(`No published schema for ${path}`);
  return exampleOf(entry.schema);
}

function setup() {
  const sources = {
    api: new CannedSource('defillama'),
    coins: new CannedSource('defillama-coins'),
    stablecoins: new CannedSource('defillama-stablecoins'),
    yields: new CannedSource('defillama-yields'),
  };
  return { sources, client: new DefiLlamaClient(sources) };
}

describe('DefiLlamaClient against the published examples', () => {
  it('parses /v2/chains', async () => {
    const { sources, client } = setup();
    sources.api.payload = publishedExample('/v2/chains');
    await expect(client.chains()).resolves.toEqual([{ name: 'Ethereum', tvlUsd: 65998652431.40251, tokenSymbol: 'ETH', chainId: 1, geckoId: 'ethereum' }]);
    expect(sources.api.calls).toEqual([{ method: 'GET', endpoint: 'defillama:/v2/chains', path: '/v2/chains', cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list }]);
  });

  it('parses /v2/historicalChainTvl for all DeFi and for one chain, path encoded', async () => {
    const { sources, client } = setup();
    sources.api.payload = publishedExample('/v2/historicalChainTvl');
    await expect(client.historicalChainTvl()).resolves.toEqual([{ date: 1609459200, valueUsd: 15000000000 }]);
    sources.api.payload = publishedExample('/v2/historicalChainTvl/{chain}');
    await expect(client.historicalChainTvl('Hyperliquid L1')).resolves.toEqual([{ date: 1609459200, valueUsd: 45000000000 }]);
    expect(sources.api.calls.map((c) => [c.endpoint, c.path])).toEqual([
      ['defillama:/v2/historicalChainTvl', '/v2/historicalChainTvl'],
      ['defillama:/v2/historicalChainTvl/{chain}', '/v2/historicalChainTvl/Hyperliquid%20L1'],
    ]);
  });

  it('parses /protocols, deriving the slug DefiLlama would give when it is absent', async () => {
    const { sources, client } = setup();
    sources.api.payload = publishedExample('/protocols');
    const [aave] = await client.protocols();
    expect(aave).toMatchObject({
      id: '2269',
      name: 'Aave',
      slug: 'aave',
      symbol: 'AAVE',
      category: 'Lending',
      chains: ['Ethereum', 'Polygon'],
      tvlUsd: 5200000000,
      chainTvlsUsd: { Ethereum: 3200000000, Polygon: 2000000000 },
      change1dPct: 2.1,
      change7dPct: -5.3,
      change1hPct: null,
      audits: null,
      auditLinks: [],
    });
  });

  it('parses /protocol/{slug}, building the TVL series from chainTvls when the total series is absent', async () => {
    const { sources, client } = setup();
    sources.api.payload = publishedExample('/protocol/{protocol}');
    const detail = await client.protocol('aave');
    expect(detail).toMatchObject({
      id: 'parent#aave',
      name: 'AAVE',
      slug: 'aave',
      chains: ['Ethereum', 'Polygon', 'Avalanche'],
      currentChainTvlsUsd: { Ethereum: 3200000000, Polygon: 1500000000 },
      tvlSeries: [{ date: 1609459200, valueUsd: 1000000 }],
    });
    expect(sources.api.calls[0]).toMatchObject({ endpoint: 'defillama:/protocol/{slug}', path: '/protocol/aave' });
  });

  it('parses /hacks (Pro document example)', async () => {
    const { sources, client } = setup();
    sources.api.payload = publishedExample('/hacks');
    await expect(client.hacks()).resolves.toEqual([
      {
        date: 1711065600,
        name: 'Super Sushi Samurai',
        classification: 'Protocol Logic',
        technique: 'Infinite Mint and Dump',
        amountUsd: 4800000,
        chains: ['Blast'],
        bridgeHack: false,
        targetType: 'Gaming',
        sourceUrl: 'https://rekt.news/sss-rekt/',
        returnedFundsUsd: null,
        defillamaId: null,
        parentProtocolId: null,
        language: 'Solidity',
      },
    ]);
    expect(sources.api.calls[0]).toMatchObject({ endpoint: 'defillama:/hacks', path: '/hacks' });
  });

  it('parses /stablecoins with prices; supply the published example omits is null', async () => {
    const { sources, client } = setup();
    sources.stablecoins.payload = publishedExample('/stablecoins');
    const [tether] = await client.stablecoins();
    expect(tether).toEqual({
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
    });
    expect(sources.stablecoins.calls[0]).toMatchObject({
      endpoint: 'defillama:/stablecoins',
      path: '/stablecoins',
      query: { includePrices: true },
    });
  });

  it('parses /stablecoinchains and /stablecoincharts in the documented totalCirculating shape', async () => {
    const { sources, client } = setup();
    sources.stablecoins.payload = publishedExample('/stablecoinchains');
    await expect(client.stablecoinChains()).resolves.toEqual([{ name: 'Ethereum', circulatingUsd: 75000000000, tokenSymbol: null, geckoId: null }]);
    sources.stablecoins.payload = publishedExample('/stablecoincharts/all');
    await expect(client.stablecoinCharts()).resolves.toEqual([{ date: 1609459200, valueUsd: 45000000000 }]);
    sources.stablecoins.payload = publishedExample('/stablecoincharts/{chain}');
    await expect(client.stablecoinCharts('BSC')).resolves.toEqual([{ date: 1609459200, valueUsd: 12000000000 }]);
    expect(sources.stablecoins.calls.map((c) => c.endpoint)).toEqual([
      'defillama:/stablecoinchains',
      'defillama:/stablecoincharts/all',
      'defillama:/stablecoincharts/{chain}',
    ]);
    expect(sources.stablecoins.calls[2].path).toBe('/stablecoincharts/BSC');
  });

  it('parses yields /pools', async () => {
    const { sources, client } = setup();
    sources.yields.payload = publishedExample('/pools');
    const [lido] = await client.yieldPools();
    expect(lido).toMatchObject({
      poolId: '747c1d2a-c668-4682-b9f9-296708a3dd90',
      chain: 'Ethereum',
      project: 'lido',
      symbol: 'STETH',
      tvlUsd: 32493036117,
      apy: 2.84,
      apyBase: 2.84,
      apyReward: null,
      apyPct7D: -0.056,
      apyPct30D: null,
      stablecoin: false,
      ilRisk: 'no',
      exposure: 'single',
      underlyingTokens: ['0x0000000000000000000000000000000000000000'],
      rewardTokens: [],
    });
    expect(sources.yields.calls[0]).toMatchObject({ endpoint: 'defillama:/pools', path: '/pools' });
  });

  it.each([
    ['dexs', '/overview/dexs', 'Uniswap', 1500000000],
    ['fees', '/overview/fees', 'Uniswap', 5000000],
    ['open-interest', '/overview/open-interest', 'Hyperliquid Perps', 14304709847],
  ] as const)('parses /overview/%s without charts', async (kind, path, name, total24h) => {
    const { sources, client } = setup();
    sources.api.payload = publishedExample(path);
    const overview = await client.overview(kind);
    expect(overview.protocols[0]).toMatchObject({ name, total24h, total30d: null, breakdown24h: null });
    expect(overview.total24h).toBeNull();
    expect(sources.api.calls[0]).toEqual({
      method: 'GET',
      endpoint: `defillama:${path}`,
      path,
      query: { excludeTotalDataChart: true, excludeTotalDataChartBreakdown: true, dataType: undefined },
      cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list,
    });
  });

  it('parses a per-chain overview and labels the dataType without the chain', async () => {
    const { sources, client } = setup();
    sources.api.payload = publishedExample('/overview/fees/{chain}');
    const overview = await client.overview('fees', { chain: 'Robinhood Chain', dataType: 'dailyRevenue' });
    expect(overview.protocols[0]).toMatchObject({ name: 'Uniswap', total24h: 5000000, chains: ['Ethereum', 'Polygon'] });
    expect(sources.api.calls[0]).toMatchObject({
      endpoint: 'defillama:/overview/fees/{chain}?dataType=dailyRevenue',
      path: '/overview/fees/Robinhood%20Chain',
      query: { dataType: 'dailyRevenue' },
    });
    sources.api.payload = publishedExample('/overview/dexs/{chain}');
    await expect(client.overview('dexs', { chain: 'Solana' })).resolves.toMatchObject({
      protocols: [{ name: 'Uniswap', total24h: 800000000, change1dPct: 3.2 }],
    });
  });

  it('parses current and historical coin prices', async () => {
    const { sources, client } = setup();
    sources.coins.payload = publishedExample('/prices/current/{coins}');
    const key = 'ethereum:0xdF574c24545E5FfEcb9a659c229253D4111d87e1';
    await expect(client.pricesCurrent([key, 'coingecko:bitcoin'])).resolves.toEqual({
      [key]: { priceUsd: 0.022053735051098835, symbol: 'cDAI', timestamp: 0.99, decimals: 8, confidence: 0.99 },
    });
    sources.coins.payload = publishedExample('/prices/historical/{timestamp}/{coins}');
    await expect(client.pricesHistorical(1648680149, [key])).resolves.toEqual({
      [key]: { priceUsd: 0.022053735051098835, symbol: 'cDAI', timestamp: 1648680149, decimals: 8, confidence: 0.99 },
    });
    expect(sources.coins.calls).toEqual([
      {
        method: 'GET',
        endpoint: 'defillama:/prices/current/{coins}',
        path: `/prices/current/${key},coingecko:bitcoin`,
        cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.currentPrices,
      },
      {
        method: 'GET',
        endpoint: 'defillama:/prices/historical/{timestamp}/{coins}',
        path: `/prices/historical/1648680149/${key}`,
        cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.historicalPrices,
      },
    ]);
  });
});

describe('DefiLlamaClient against real answers (upstreams.md PART 2.2)', () => {
  it('sums every peg of totalCirculatingUSD on /stablecoinchains', async () => {
    const { sources, client } = setup();
    sources.stablecoins.payload = [
      { gecko_id: 'ethereum', totalCirculatingUSD: { peggedUSD: 150e9, peggedEUR: 2e8 }, tokenSymbol: 'ETH', name: 'Ethereum' },
      { gecko_id: null, totalCirculatingUSD: {}, tokenSymbol: null, name: 'Empty' },
    ];
    await expect(client.stablecoinChains()).resolves.toEqual([
      { name: 'Ethereum', circulatingUsd: 150.2e9, tokenSymbol: 'ETH', geckoId: 'ethereum' },
      { name: 'Empty', circulatingUsd: null, tokenSymbol: null, geckoId: null },
    ]);
  });

  it('reads string dates on /stablecoincharts, sorts oldest first and drops points without a USD figure', async () => {
    const { sources, client } = setup();
    sources.stablecoins.payload = [
      { date: '1700086400', totalCirculating: { peggedUSD: 11 }, totalCirculatingUSD: { peggedUSD: 11, peggedEUR: 1 } },
      { date: '1700000000', totalCirculating: { peggedUSD: 10 }, totalCirculatingUSD: { peggedUSD: 10 } },
      { date: '1699913600', totalCirculating: {}, totalCirculatingUSD: {} },
    ];
    await expect(client.stablecoinCharts('Solana')).resolves.toEqual([
      { date: 1700000000, valueUsd: 10 },
      { date: 1700086400, valueUsd: 12 },
    ]);
  });

  it('reads the peg-unit supply of non-USD stablecoins and their per-chain history', async () => {
    const { sources, client } = setup();
    sources.stablecoins.payload = {
      peggedAssets: [
        {
          id: '50',
          name: 'EURC',
          symbol: 'EURC',
          gecko_id: 'euro-coin',
          pegType: 'peggedEUR',
          pegMechanism: 'fiat-backed',
          circulating: { peggedEUR: 200 },
          circulatingPrevDay: { peggedEUR: 190 },
          circulatingPrevWeek: {},
          circulatingPrevMonth: { peggedEUR: 100 },
          chainCirculating: {
            Base: { current: { peggedEUR: 50 }, circulatingPrevDay: { peggedEUR: 40 }, circulatingPrevWeek: {}, circulatingPrevMonth: {} },
          },
          chains: ['Ethereum', 'Base'],
          price: null,
          priceSource: null,
          delisted: false,
        },
      ],
    };
    const [eurc] = await client.stablecoins();
    expect(eurc.circulating).toEqual({ current: 200, prevDay: 190, prevWeek: null, prevMonth: 100 });
    expect(eurc.chainCirculating.Base).toEqual({ current: 50, prevDay: 40, prevWeek: null, prevMonth: null });
    expect(eurc.priceUsd).toBeNull();
  });

  it('prefers the total TVL series of /protocol/{slug} and keeps chain keys only when summing', async () => {
    const { sources, client } = setup();
    sources.api.payload = {
      id: '111',
      name: "Jupiter's DEX",
      chains: ['Solana'],
      tvl: [
        { date: 200, totalLiquidityUSD: 20 },
        { date: 100, totalLiquidityUSD: 10 },
      ],
      chainTvls: {},
      currentChainTvls: { Solana: 20, staking: 5 },
      audits: '2',
      audit_links: ['https://audit.example/report'],
    };
    await expect(client.protocol("jupiter's-dex")).resolves.toMatchObject({
      slug: "jupiter's-dex",
      tvlSeries: [
        { date: 100, valueUsd: 10 },
        { date: 200, valueUsd: 20 },
      ],
      audits: 2,
      auditLinks: ['https://audit.example/report'],
    });
    sources.api.payload = {
      id: '112',
      name: 'X',
      chains: ['Solana', 'Ethereum'],
      chainTvls: {
        Solana: { tvl: [{ date: 100, totalLiquidityUSD: 1 }] },
        Ethereum: { tvl: [{ date: 100, totalLiquidityUSD: 2 }] },
        staking: { tvl: [{ date: 100, totalLiquidityUSD: 100 }] },
        'Ethereum-borrowed': { tvl: [{ date: 100, totalLiquidityUSD: 100 }] },
      },
    };
    await expect(client.protocol('x')).resolves.toMatchObject({ tvlSeries: [{ date: 100, valueUsd: 3 }] });
    expect(sources.api.calls[0].path).toBe("/protocol/jupiter's-dex");
  });

  it('keeps null amounts on /hacks and string protocol ids', async () => {
    const { sources, client } = setup();
    sources.api.payload = [
      {
        date: 1,
        name: 'A',
        classification: null,
        technique: null,
        amount: null,
        chain: [],
        bridgeHack: false,
        targetType: null,
        source: null,
        returnedFunds: null,
        defillamaId: '45',
        language: null,
        parentProtocolId: 'parent#a',
      },
    ];
    await expect(client.hacks()).resolves.toMatchObject([{ amountUsd: null, defillamaId: '45', parentProtocolId: 'parent#a' }]);
  });

  it('leaves decimals and confidence null when DefiLlama omits them (coingecko keys)', async () => {
    const { sources, client } = setup();
    sources.coins.payload = { coins: { 'coingecko:bitcoin': { price: 97000.5, symbol: 'BTC', timestamp: 1700000000 } } };
    await expect(client.pricesCurrent(['coingecko:bitcoin'])).resolves.toEqual({
      'coingecko:bitcoin': { priceUsd: 97000.5, symbol: 'BTC', timestamp: 1700000000, decimals: null, confidence: null },
    });
  });
});

describe('DefiLlamaClient refuses payloads of the wrong shape', () => {
  const cases: Array<[string, keyof ReturnType<typeof setup>['sources'], unknown, (c: DefiLlamaClient) => Promise<unknown>]> = [
    ['/v2/chains with a text TVL', 'api', [{ name: 'Ethereum', tvl: '1e9' }], (c) => c.chains()],
    ['/v2/chains that is not a list', 'api', { chains: [] }, (c) => c.chains()],
    ['/v2/historicalChainTvl without tvl', 'api', [{ date: 1 }], (c) => c.historicalChainTvl()],
    ['/protocols without a name', 'api', [{ id: '1', chains: [], tvl: 1 }], (c) => c.protocols()],
    ['/protocol/{slug} with a bad series point', 'api', { id: '1', name: 'A', chains: [], tvl: [{ date: 'x' }] }, (c) => c.protocol('a')],
    ['/hacks with a chain that is not a list', 'api', [{ date: 1, name: 'A', amount: 1, chain: 'Ethereum' }], (c) => c.hacks()],
    ['/stablecoins without peggedAssets', 'stablecoins', [], (c) => c.stablecoins()],
    ['/stablecoinchains without any total', 'stablecoins', [{ name: 'Ethereum' }], (c) => c.stablecoinChains()],
    ['/stablecoincharts with a word for a date', 'stablecoins', [{ date: 'today', totalCirculatingUSD: {} }], (c) => c.stablecoinCharts()],
    ['/pools without data', 'yields', { status: 'success' }, (c) => c.yieldPools()],
    [
      '/pools with a null tvlUsd',
      'yields',
      { status: 'success', data: [{ pool: 'p', chain: 'C', project: 'x', symbol: 'S', tvlUsd: null }] },
      (c) => c.yieldPools(),
    ],
    ['/overview with protocols not a list', 'api', { protocols: {} }, (c) => c.overview('dexs')],
    ['/overview with a text total', 'api', { protocols: [{ name: 'A', total24h: '5' }] }, (c) => c.overview('fees')],
    ['/prices with a null price', 'coins', { coins: { 'coingecko:x': { price: null, symbol: 'X', timestamp: 1 } } }, (c) => c.pricesCurrent(['coingecko:x'])],
    ['/prices without coins', 'coins', {}, (c) => c.pricesHistorical(1, ['coingecko:x'])],
  ];

  it.each(cases)('%s', async (_label, source, payload, call) => {
    const { sources, client } = setup();
    sources[source].payload = payload;
    await expect(call(client)).rejects.toThrow();
  });
});

describe('DefiLlamaClient arguments', () => {
  it('takes 1 to 50 coin keys and whole unix seconds', () => {
    const { client } = setup();
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `coingecko:c${i}`);
    expect(() => client.pricesCurrent([])).toThrow(RangeError);
    expect(() => client.pricesCurrent(keys(51))).toThrow(RangeError);
    expect(() => client.pricesHistorical(1.5, keys(1))).toThrow(RangeError);
    expect(() => client.pricesHistorical(-1, keys(1))).toThrow(RangeError);
  });

  it('encodes coin keys but keeps their colon', async () => {
    const { sources, client } = setup();
    sources.coins.payload = { coins: {} };
    await client.pricesCurrent(keysWithOddCharacters);
    expect(sources.coins.calls[0].path).toBe('/prices/current/solana:So1%2Fx,coingecko:usd-coin');
  });

  it('derives slugs like DefiLlama', () => {
    expect(llamaSlug('Aave V3')).toBe('aave-v3');
    expect(llamaSlug("Jupiter's Perps")).toBe('jupiters-perps');
  });
});

const keysWithOddCharacters = ['solana:So1/x', 'coingecko:usd-coin'];
