/**
 * DefiLlama's documented answers, one per endpoint Scout calls, written from the `example` values
 * of DefiLlama's own OpenAPI documents (repository DefiLlama/api-docs; copies in
 * ../shared/reference/upstream-specs/, whose 200-response schemas are also in
 * fixtures/published-response-schemas.json). Where a document names a property without an
 * example, the value is the documented type's (`null` for a `['number', 'null']` property).
 * Open maps (`additionalProperties`) get one entry, named after the document's own example
 * values ('Ethereum', the coin key of the example). Each constant names its document and path.
 */

/** DefiLlama/api-docs `defillama-openapi-free.json` (commit 3a45e4e5 per upstreams.md 2.2). */
export const FREE_DOC = 'DefiLlama/api-docs defillama-openapi-free.json';
/** DefiLlama/api-docs `defillama-openapi-pro.json` (/hacks is `/api/hacks` there). */
export const PRO_DOC = 'DefiLlama/api-docs defillama-openapi-pro.json';

type Row = Record<string, unknown>;

/** FREE_DOC paths['/v2/chains'].get.responses.200: gecko_id, tokenSymbol, cmcId and chainId are `nullable: true`. */
export const DOC_CHAINS: Row[] = [{ gecko_id: 'ethereum', tvl: 65998652431.40251, tokenSymbol: 'ETH', cmcId: '1027', name: 'Ethereum', chainId: 1 }];

/** FREE_DOC paths['/v2/historicalChainTvl'].get.responses.200 (all chains). */
export const DOC_HISTORICAL_TVL: Row[] = [{ date: 1609459200, tvl: 15000000000 }];

/** FREE_DOC paths['/v2/historicalChainTvl/{chain}'].get.responses.200 (path example 'Ethereum'); 404 "Chain not found". */
export const DOC_HISTORICAL_CHAIN_TVL: Row[] = [{ date: 1609459200, tvl: 45000000000 }];

/** FREE_DOC paths['/protocols'].get.responses.200 (the same in PRO_DOC '/api/protocols'); no `slug` in the document. */
export const DOC_PROTOCOLS: Row[] = [
  {
    id: '2269',
    name: 'Aave',
    symbol: 'AAVE',
    category: 'Lending',
    chains: ['Ethereum', 'Polygon'],
    tvl: 5200000000,
    chainTvls: { Ethereum: 3200000000, Polygon: 2000000000 },
    change_1d: 2.1,
    change_7d: -5.3,
  },
];

/**
 * FREE_DOC paths['/protocol/{protocol}'].get.responses.200 (path example 'aave'); 404 "Protocol
 * not found". The document has no top-level `tvl` series, only `chainTvls.<chain>.tvl` and `.tokens`.
 */
export const DOC_PROTOCOL: Row = {
  id: 'parent#aave',
  name: 'AAVE',
  symbol: 'AAVE',
  category: 'Lending',
  chains: ['Ethereum', 'Polygon', 'Avalanche'],
  currentChainTvls: { Ethereum: 3200000000, Polygon: 1500000000 },
  chainTvls: {
    Ethereum: {
      tvl: [{ date: 1609459200, totalLiquidityUSD: 1000000 }],
      tokens: [{ date: 1609459200, tokens: { USDC: 1000000, USDT: 800000 } }],
    },
  },
};

/**
 * PRO_DOC paths['/api/hacks'].get.responses.200: returnedFunds and defillamaId are
 * `['number', 'null']`, language `['string', 'null']`; upstreams.md 2.2 records the same example
 * from the public api.llama.fi/hacks.
 */
export const DOC_HACKS: Row[] = [
  {
    date: 1711065600,
    name: 'Super Sushi Samurai',
    classification: 'Protocol Logic',
    technique: 'Infinite Mint and Dump',
    amount: 4800000,
    chain: ['Blast'],
    bridgeHack: false,
    targetType: 'Gaming',
    source: 'https://rekt.news/sss-rekt/',
    returnedFunds: null,
    defillamaId: null,
    language: 'Solidity',
  },
];

/** FREE_DOC paths['/stablecoins'].get.responses.200 (with includePrices=true: `price`). */
export const DOC_STABLECOINS: Row = {
  peggedAssets: [
    {
      id: '1',
      name: 'Tether',
      symbol: 'USDT',
      pegType: 'peggedUSD',
      pegMechanism: 'fiat-backed',
      circulating: { peggedUSD: 159510682147.76874 },
      chains: ['Ethereum', 'Tron', 'BSC'],
      chainCirculating: { Ethereum: { current: { peggedUSD: 50000000000 } } },
      price: 1.001,
    },
  ],
};

/** FREE_DOC paths['/stablecoinchains'].get.responses.200: `totalCirculating` (the SDK type and live answers: `totalCirculatingUSD`). */
export const DOC_STABLECOIN_CHAINS: Row[] = [{ name: 'Ethereum', totalCirculating: { peggedUSD: 75000000000 } }];

/** FREE_DOC paths['/stablecoincharts/all'].get.responses.200: `date` a number here, a digit string live (upstreams.md 2.2). */
export const DOC_STABLECOIN_CHARTS_ALL: Row[] = [{ date: 1609459200, totalCirculating: { peggedUSD: 45000000000 } }];

/** FREE_DOC paths['/stablecoincharts/{chain}'].get.responses.200. */
export const DOC_STABLECOIN_CHARTS_CHAIN: Row[] = [{ date: 1609459200, totalCirculating: { peggedUSD: 12000000000 } }];

/**
 * FREE_DOC paths['/pools'].get.responses.200 (yields.llama.fi; PRO_DOC '/yields/pools' the same):
 * every documented property, the `['number', 'null']` ones (apyReward, apyPct30D, il7d, apyBase7d,
 * volumeUsd1d, volumeUsd7d, apyBaseInception), `['string', 'null']` poolMeta and
 * `['array', 'null']` rewardTokens as null. ilRisk 'no' | 'yes', exposure 'single' | 'multi'
 * (upstreams.md 2.2; the document shows 'no' and 'single').
 */
export const DOC_POOLS: Row = {
  status: 'success',
  data: [
    {
      chain: 'Ethereum',
      project: 'lido',
      symbol: 'STETH',
      tvlUsd: 32493036117,
      apyBase: 2.84,
      apyReward: null,
      apy: 2.84,
      rewardTokens: null,
      pool: '747c1d2a-c668-4682-b9f9-296708a3dd90',
      apyPct1D: -0.04,
      apyPct7D: -0.056,
      apyPct30D: null,
      stablecoin: false,
      ilRisk: 'no',
      exposure: 'single',
      predictions: { predictedClass: 'Stable/Up', predictedProbability: 74, binnedConfidence: 2 },
      poolMeta: null,
      mu: 3.7747,
      sigma: 0.05236,
      count: 1141,
      outlier: false,
      underlyingTokens: ['0x0000000000000000000000000000000000000000'],
      il7d: null,
      apyBase7d: null,
      apyMean30d: 2.73539,
      volumeUsd1d: null,
      volumeUsd7d: null,
      apyBaseInception: null,
    },
  ],
};

/** FREE_DOC paths['/overview/dexs'].get.responses.200 (the chart Scout asks to leave out is there anyway). */
export const DOC_OVERVIEW_DEXS: Row = {
  protocols: [
    {
      name: 'Uniswap',
      displayName: 'Uniswap V3',
      total24h: 1500000000,
      total7d: 10000000000,
      change_1d: 5.2,
      change_7d: -2.1,
      chains: ['Ethereum', 'Polygon'],
    },
  ],
  totalDataChart: [[1640995200, 2500000000]],
  allChains: ['Ethereum', 'BSC', 'Polygon'],
};

/** FREE_DOC paths['/overview/dexs/{chain}'].get.responses.200. */
export const DOC_OVERVIEW_DEXS_CHAIN: Row = {
  protocols: [{ name: 'Uniswap', total24h: 800000000, change_1d: 3.2 }],
  totalDataChart: [[1640995200, 1200000000]],
};

/** FREE_DOC paths['/overview/open-interest'].get.responses.200. */
export const DOC_OVERVIEW_OPEN_INTEREST: Row = {
  protocols: [
    {
      name: 'Hyperliquid Perps',
      displayName: 'Hyperliquid Perps',
      total24h: 14304709847,
      total7d: 93112774041,
      change_1d: 3.62,
      change_7d: 12.63,
      chains: ['Hyperliquid L1'],
    },
  ],
  totalDataChart: [[1654819200, 607785941]],
  allChains: ['Hyperliquid L1', 'Off Chain', 'zkLighter'],
};

/**
 * FREE_DOC paths['/overview/fees'] and ['/overview/fees/{chain}'].get.responses.200 (the same
 * schema); `dataType` is documented as the enum dailyFees (the default) | dailyRevenue |
 * dailyHoldersRevenue.
 */
export const DOC_OVERVIEW_FEES: Row = {
  protocols: [{ name: 'Uniswap', total24h: 5000000, revenue24h: 2000000, change_1d: 12.5, chains: ['Ethereum', 'Polygon'] }],
  totalDataChart: [[1640995200, 25000000]],
  totalDataChartBreakdown: [[1640995200, { Uniswap: 5000000, Compound: 3000000 }]],
};

/** FREE_DOC paths['/overview/fees'].get.parameters dataType.schema.enum. */
export const DOC_FEES_DATA_TYPES = ['dailyFees', 'dailyRevenue', 'dailyHoldersRevenue'] as const;

/** The coin key of the coins documents' example (and of their path example). */
export const DOC_COIN_KEY = 'ethereum:0xdF574c24545E5FfEcb9a659c229253D4111d87e1';

/**
 * FREE_DOC paths['/prices/current/{coins}'].get.responses.200 (coins.llama.fi): `required: [price,
 * symbol, timestamp]`, decimals and confidence optional. The document's example timestamp is 0.99
 * (its confidence repeated); kept as documented. 502 "Internal error".
 */
export const DOC_PRICES_CURRENT: Row = {
  coins: { [DOC_COIN_KEY]: { decimals: 8, price: 0.022053735051098835, symbol: 'cDAI', timestamp: 0.99, confidence: 0.99 } },
};

/** FREE_DOC paths['/prices/historical/{timestamp}/{coins}'].get.responses.200 (path example timestamp 1648680149); 502 "Internal error". */
export const DOC_PRICES_HISTORICAL: Row = {
  coins: { [DOC_COIN_KEY]: { decimals: 8, price: 0.022053735051098835, symbol: 'cDAI', timestamp: 1648680149, confidence: 0.99 } },
};

/** The documented error answers (FREE_DOC and PRO_DOC give a status and a description, no body schema). */
export const DOC_ERRORS = {
  protocolNotFound: { status: 404, description: 'Protocol not found' },
  chainNotFound: { status: 404, description: 'Chain not found' },
  coinsInternal: { status: 502, description: 'Internal error' },
} as const;

/** A deep copy, so a case can edit a documented answer without touching the next case's. */
export function copyOf<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** `row` without the given properties (documented-optional fields left out). */
export function without(row: Row, ...keys: string[]): Row {
  const out = copyOf(row);
  for (const key of keys) delete out[key];
  return out;
}

/** `row` with the given properties null (documented-nullable fields sent as null). */
export function nulled(row: Row, ...keys: string[]): Row {
  const out = copyOf(row);
  for (const key of keys) out[key] = null;
  return out;
}
