/**
 * Solana Tracker Data API answers as its SDK documents them, for the contract spec.
 *
 * Document: github.com/solanatracker/data-api-sdk, src/interfaces.ts (TokenDetailResponse, PoolInfo,
 * TokenRisk, DeployerToken, SearchResult, PnLData, PnLSummary, FirstBuyerData, OHLCVData) and
 * src/data-api.ts (paths, `x-api-key`, errors: 429 RateLimitError with Retry-After, other statuses
 * DataApiError with the message in `message` / `error` / `detail`). SOURCE.txt names commit
 * 7ad893acaa64b48b54574b99e8bfc3d1a24563bd; the stored copies read were interfaces.ts @00508e31 and
 * data-api.ts @00f1c080. Each `*_FULL` has every documented field, each `*_MINIMAL` leaves out every
 * optional one and sends every `| null` as null. Numbers are made up; BONK's mint is real.
 */

export const DOC_MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
export const DOC_WALLET = '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1';

const pool = {
  poolId: 'DocPoo1111111111111111111111111111111111111',
  liquidity: { quote: 100, usd: 15000 },
  price: { quote: 1.3e-7, usd: 0.00002 },
  tokenSupply: 88000000000000,
  lpBurn: 100,
  tokenAddress: DOC_MINT,
  marketCap: { quote: 11000000, usd: 1700000000 },
  market: 'raydium',
  quoteToken: 'So11111111111111111111111111111111111111112',
  decimals: 5,
  security: { freezeAuthority: null, mintAuthority: null },
  lastUpdated: 1717581325000,
};

export const DOC_TOKEN_MINIMAL = {
  token: { name: 'Bonk', symbol: 'Bonk', mint: DOC_MINT, decimals: 5 },
  pools: [pool],
  events: {},
  risk: {
    snipers: { count: 0, totalBalance: 0, totalPercentage: 0, wallets: [] },
    insiders: { count: 0, totalBalance: 0, totalPercentage: 0, wallets: [] },
    top10: 21.5,
    dev: { percentage: 0, amount: 0 },
    rugged: false,
    risks: [],
    score: 1,
  },
  buys: 10,
  sells: 12,
  txns: 22,
};

export const DOC_TOKEN_FULL = {
  ...DOC_TOKEN_MINIMAL,
  token: {
    ...DOC_TOKEN_MINIMAL.token,
    image: 'https://example.com/bonk.png',
    description: 'The dog coin',
    creation: { creator: DOC_WALLET, created_tx: 'DocTx', created_time: 1672531200 },
  },
  pools: [{ ...pool, deployer: DOC_WALLET, txns: { buys: 1, sells: 2, total: 3, volume: 4, volume24h: 5 }, curvePercentage: 100, createdAt: 1672531200000 }],
  events: { '1h': { priceChangePercentage: -1.5 }, '24h': { priceChangePercentage: 4.25 } },
  risk: {
    ...DOC_TOKEN_MINIMAL.risk,
    snipers: { count: 1, totalBalance: 5, totalPercentage: 0.5, wallets: [{ address: DOC_WALLET, balance: 5, percentage: 0.5 }] },
    risks: [
      { name: 'Freeze Authority Enabled', description: 'Tokens can be frozen', level: 'danger', score: 5 },
      { name: 'Low Liquidity', description: 'Thin pool', level: 'warning', score: 2 },
    ],
    jupiterVerified: true,
  },
  holders: 900000,
};

export const DOC_DEPLOYER_TOKEN_MINIMAL = {
  name: 'Bonk',
  symbol: 'Bonk',
  mint: DOC_MINT,
  decimals: 5,
  hasSocials: true,
  liquidityUsd: 15000,
  marketCapUsd: 1700000000,
  priceUsd: 0.00002,
  lpBurn: 100,
  market: 'raydium',
  freezeAuthority: null,
  mintAuthority: null,
  createdAt: 1672531200000,
  lastUpdated: 1717581325000,
  buys: 1,
  sells: 2,
  totalTransactions: 3,
};

/** SearchResponse: `{ status, data }` only (no total/pages in the SDK type). */
export const DOC_SEARCH = {
  status: 'success',
  data: [
    {
      ...DOC_DEPLOYER_TOKEN_MINIMAL,
      id: 'doc-1',
      poolAddress: pool.poolId,
      quoteToken: pool.quoteToken,
      deployer: DOC_WALLET,
      status: 'graduated',
      holders: 900000,
      volume: 1,
      volume_5m: 1,
      volume_15m: 1,
      volume_30m: 1,
      volume_1h: 1,
      volume_6h: 1,
      volume_12h: 1,
      volume_24h: 99,
    },
  ],
};

export const DOC_PNL_MINIMAL_ROW = {
  holding: 10,
  held: 20,
  sold: 10,
  realized: 5,
  unrealized: 3,
  total: 8,
  total_sold: 12,
  total_invested: 7,
  average_buy_amount: 0.35,
  current_value: 6,
  cost_basis: 0.3,
};

export const DOC_PNL = {
  tokens: { [DOC_MINT]: DOC_PNL_MINIMAL_ROW },
  summary: {
    realized: 5,
    unrealized: 3,
    total: 8,
    totalInvested: 7,
    averageBuyAmount: 0.35,
    totalWins: 1,
    totalLosses: 0,
    winPercentage: 100,
    lossPercentage: 0,
  },
};

/** FirstBuyerData with first_sell_time null (never sold). */
export const DOC_FIRST_BUYER = {
  wallet: DOC_WALLET,
  first_buy_time: 1672531201000,
  first_buy: { signature: 'DocSig', amount: 1000, volume_usd: 2.5, time: 1672531201000 },
  first_sell_time: null,
  last_transaction_time: 1672531201000,
  held: 1000,
  sold: 0,
  sold_usd: 0,
  holding: 1000,
  realized: 0,
  unrealized: 1.5,
  total: 1.5,
  total_invested: 2.5,
  buy_transactions: 1,
  sell_transactions: 0,
  total_transactions: 1,
  average_buy_amount: 2.5,
  average_sell_amount: 0,
  current_value: 4,
  cost_basis: 0.0025,
};

export const DOC_CHART = {
  oclhv: [
    { open: 2, close: 3, low: 1, high: 4, volume: 100, time: 1717581300 },
    { open: 1, close: 2, low: 1, high: 2, volume: 50, time: 1717577700 },
  ],
};
