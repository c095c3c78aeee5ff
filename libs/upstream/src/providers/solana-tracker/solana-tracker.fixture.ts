/**
 * Answers of the Solana token-analytics API in its documented shapes (upstreams.md §2.8, Solana
 * Tracker's SDK interfaces), with made-up numbers. Addresses are well-formed base58 but invented.
 */

export const SOL_MINT = 'So11111111111111111111111111111111111111112';
/** A graduated pump.fun coin. */
export const FROG_MINT = 'FrogQ7mVnP4sWc9KdRhT2yLzAe5BfGu8NpQw3Hpump';
export const DEPLOYER = 'DePLoyerXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8NpQw3';
export const SNIPER = 'SniperWaiietXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8N';
export const BUNDLER = 'BundLerXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8NpQw3Hk';
export const TRADER = 'TraderWXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8NpQw3Hk';

/** GET /tokens/{mint}: a risky coin with its pump.fun AMM pool. */
export const TOKEN_DETAIL = {
  token: {
    name: 'Frog Coin',
    symbol: 'FROG',
    mint: FROG_MINT,
    uri: 'https://ipfs.example/frog.json',
    decimals: 6,
    image: 'https://ipfs.example/frog.png',
    description: 'A frog.',
    hasFileMetaData: true,
    createdOn: 'https://pump.fun',
    creation: { creator: DEPLOYER, created_tx: '5xCreationTx1111111111111111111111111111111111111111111111111111111111111111111111', created_time: 1749124560 },
  },
  pools: [
    {
      poolId: 'PooLFrogXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8NpQw3',
      liquidity: { quote: 412.5, usd: 61875.4 },
      price: { quote: 0.0000031, usd: 0.000465 },
      tokenSupply: 999_990_123,
      lpBurn: 100,
      tokenAddress: FROG_MINT,
      marketCap: { quote: 3100.2, usd: 465_000.12 },
      market: 'pumpfun-amm',
      quoteToken: SOL_MINT,
      decimals: 6,
      security: { freezeAuthority: null, mintAuthority: null },
      lastUpdated: 1749125035183,
      deployer: DEPLOYER,
      txns: { buys: 1204, sells: 1011, total: 2215, volume: 912_345.5, volume24h: 310_222.75 },
      createdAt: 1749126000000,
    },
  ],
  events: {
    '1m': { priceChangePercentage: 0.12 },
    '5m': { priceChangePercentage: -1.4 },
    '15m': { priceChangePercentage: 2.2 },
    '30m': { priceChangePercentage: 3.3 },
    '1h': { priceChangePercentage: -4.5 },
    '2h': { priceChangePercentage: 5.1 },
    '3h': { priceChangePercentage: 6.25 },
    '4h': { priceChangePercentage: -7 },
    '5h': { priceChangePercentage: 8.8 },
    '6h': { priceChangePercentage: 9.9 },
    '12h': { priceChangePercentage: -10.5 },
    '24h': { priceChangePercentage: 42.42 },
  },
  risk: {
    snipers: {
      count: 2,
      totalBalance: 12_000_000,
      totalPercentage: 1.2,
      wallets: [
        { wallet: SNIPER, balance: 9_000_000, percentage: 0.9 },
        { address: TRADER, balance: 3_000_000, percentage: 0.3 },
      ],
    },
    insiders: { count: 0, totalBalance: 0, totalPercentage: 0, wallets: [] },
    top10: 31.4,
    dev: { percentage: 2.5, amount: 25_000_000 },
    rugged: false,
    risks: [
      { name: 'LP Burned', description: 'Allows the owner to remove liquidity at any time.', value: '0%', level: 'danger', score: 4000 },
      { name: 'Top 10 Holders High Ownership', description: 'The top 10 holders own more than 30% of the supply.', level: 'danger', score: 4000 },
    ],
    score: 3,
    jupiterVerified: false,
  },
  buys: 1204,
  sells: 1011,
  txns: 2215,
  holders: 4321,
};

/** GET /tokens/{mint} with only the required parts: no pools, no events, no creation, bare risk. */
export const TOKEN_DETAIL_SPARSE = {
  token: { name: 'Ghost', symbol: 'GHO', mint: 'GhostXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8NpQw3Hkm', decimals: 9 },
  pools: [],
  risk: { top10: null, rugged: true },
};

/** GET /tokens/{mint}/bundlers. */
export const BUNDLERS = {
  total: 1,
  balance: 5_000_000,
  percentage: 0.5,
  initialBalance: 20_000_000,
  initialPercentage: 2,
  wallets: [{ wallet: BUNDLER, initialBalance: 20_000_000, initialPercentage: 2, balance: 5_000_000, percentage: 0.5, bundleTime: 1749124560000 }],
};

/** GET /deployer/{wallet}. */
export const DEPLOYER_TOKENS = {
  total: 2,
  tokens: [
    {
      name: 'Frog Coin',
      symbol: 'FROG',
      mint: FROG_MINT,
      image: 'https://ipfs.example/frog.png',
      decimals: 6,
      hasSocials: true,
      poolAddress: 'PooLFrogXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8NpQw3',
      liquidityUsd: 61875.4,
      marketCapUsd: 465_000.12,
      priceUsd: 0.000465,
      lpBurn: 100,
      market: 'pumpfun-amm',
      freezeAuthority: null,
      mintAuthority: null,
      createdAt: 1749124560000,
      lastUpdated: 1749125035183,
      buys: 1204,
      sells: 1011,
      totalTransactions: 2215,
    },
    {
      name: 'Dead Toad',
      symbol: 'TOAD',
      mint: 'ToadXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8NpQw3Hkmp',
      decimals: 6,
      hasSocials: false,
      liquidityUsd: 310.5,
      marketCapUsd: 2_900,
      priceUsd: 0.0000029,
      lpBurn: 100,
      market: 'pumpfun',
      freezeAuthority: null,
      mintAuthority: null,
      createdAt: 1746124560000,
      lastUpdated: 1749125035183,
      buys: 3,
      sells: 5,
      totalTransactions: 8,
    },
  ],
};

const PNL = {
  holding: 1_000_000,
  held: 3_000_000,
  sold: 2_000_000,
  sold_usd: 1_800.5,
  realized: 1_200.25,
  unrealized: 150.1,
  total: 1_350.35,
  total_sold: 1_800.5,
  total_invested: 900,
  average_buy_amount: 450,
  current_value: 465,
  cost_basis: 0.0003149,
  first_buy_time: 1749124561000,
  last_buy_time: 1749125561000,
  last_sell_time: 1749225561000,
  last_trade_time: 1749225561000,
  buy_transactions: 2,
  sell_transactions: 1,
  total_transactions: 3,
};

/** GET /first-buyers/{mint} (and /top-traders/{mint}: the same row shape). */
export const FIRST_BUYERS = [
  {
    wallet: TRADER,
    ...PNL,
    first_buy: {
      signature: '3xFirstBuy11111111111111111111111111111111111111111111111111111111111111111111111',
      amount: 2_000_000,
      volume_usd: 600,
      time: 1749124561000,
    },
    first_sell_time: 1749225561000,
    last_transaction_time: 1749225561000,
    average_sell_amount: 1_800.5,
  },
  {
    wallet: SNIPER,
    first_buy_time: 1749124562000,
    first_buy: {
      signature: '4xSniperBuy1111111111111111111111111111111111111111111111111111111111111111111111',
      amount: 9_000_000,
      volume_usd: 27,
      time: 1749124562000,
    },
    first_sell_time: null,
    last_transaction_time: 1749124562000,
    holding: 9_000_000,
    held: 9_000_000,
    sold: 0,
    realized: 0,
    unrealized: 4_158,
    total: 4_158,
    total_invested: 27,
    buy_transactions: 1,
    sell_transactions: 0,
    total_transactions: 1,
  },
];

/** GET /pnl/{wallet}. */
export const WALLET_PNL = {
  tokens: { [FROG_MINT]: PNL },
  summary: {
    realized: 1_200.25,
    unrealized: 150.1,
    total: 1_350.35,
    totalInvested: 900,
    averageBuyAmount: 450,
    totalWins: 1,
    totalLosses: 0,
    winPercentage: 100,
    lossPercentage: 0,
    neutralPercentage: 0,
  },
};

/** GET /search. */
export const SEARCH_PAGE = {
  status: 'success',
  data: [
    {
      id: FROG_MINT,
      name: 'Frog Coin',
      symbol: 'FROG',
      mint: FROG_MINT,
      decimals: 6,
      hasSocials: true,
      poolAddress: 'PooLFrogXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8NpQw3',
      liquidityUsd: 61875.4,
      marketCapUsd: 465_000.12,
      priceUsd: 0.000465,
      lpBurn: 100,
      market: 'pumpfun-amm',
      quoteToken: SOL_MINT,
      freezeAuthority: null,
      mintAuthority: null,
      deployer: DEPLOYER,
      status: 'graduated',
      createdAt: 1749124560000,
      lastUpdated: 1749125035183,
      holders: 4321,
      buys: 1204,
      sells: 1011,
      totalTransactions: 2215,
      volume: 310_222.75,
      volume_24h: 310_222.75,
    },
  ],
  total: 1,
  pages: 1,
  page: 1,
};

/** GET /chart/{mint}?marketCap=true: newest candle first, as an answer may come. */
export const CHART = {
  oclhv: [
    { open: 470_000, close: 465_000.12, low: 460_000, high: 480_000, volume: 12_000.5, time: 1749128400 },
    { open: 300_000, close: 470_000, low: 290_000, high: 3_100_000, volume: 99_000, time: 1749124800 },
  ],
};
