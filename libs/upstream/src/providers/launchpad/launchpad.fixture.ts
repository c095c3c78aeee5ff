/**
 * Answers of the launchpad site (StonkFun format). STONK_TOKENS is the site's captured `/api/tokens`
 * answer (the peer's `stonk_tokens` mock, marked fixed, 2026-10-02): relative logo paths, and
 * `creator` / `liquidityUsd` absent on some rows. The others are written by hand in the shapes of
 * launchpad.schemas.ts, with made-up numbers; invented addresses are well-formed base58.
 */

export const SPYX_MINT = 'XsoCS1TfEyfFhfvj8EtZ528L3CaKBDBRqRapnBbDF2W';
export const NVDAX_MINT = 'Xsc9qvGR1efVDFGLrVsmkzv3qi45LTBjeUKSPmx9qEh';
export const ZEC_MINT = 'A7bdiYdS5GjqGFtxf17ppRHtDKPkkRqbKtR27dxvQXaS';
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** A standard raydium coin on SPYX (graduated). */
export const STONK_MINT = '6GmAFSYs4gk3FDao5FzzySQpPZaWsa4rUJHacpMpUNgx';
export const STONK_CREATOR = 'H6qoWz4hxRb9a65nMXv1ERZWHmbG3foFZoK6CEm7acRQ';
/** A reward-mode raydium coin on ZEC (3% transfer tax, flywheel on). */
export const ZCAT_MINT = 'HcRLc9VDgjLeK154xDawfb1dmVJ98DoSqcwTHGqiDeJR';
/** A reward-mode LaunchLab coin on NVDAX. */
export const SI_MINT = 'DEW9dSN6QpWyNthphCpMmAbZP1Q4cEKR9xQXAri98WDP';
/** A standard pump coin on USDC, still on its curve. */
export const PUMP_MINT = 'PumpCoinBTmThKXvEsXtZCZaGs11QeU5AsqFFm3UpryT';
export const PUMP_CREATOR = 'Creator2Ektzjqqzeo58cXcuRDNAybTKQVZRMYRJ2v6B';
export const HOLDER_1 = 'Ho1der1nnY1Y5cfpaFdfMcg8CjBhPvNPqfLG7B5uCrUQ';
export const HOLDER_2 = 'Ho1der2Bk3kazjGTBpe1yPYZRjGyGBc5VtTrpX4vK4wH';
/** A launch's payment transaction (87 base58 characters). */
export const PAYMENT_SIGNATURE = 'PaymJnRBSWSUWgjJjCjRgJ7DE3PthxnQ25Ze3SfVmVG1bA7LDWQz1QB9dsuUav4LDTSycGFdtuveWys2je56Uzv';
const TX_1 = 'PaypqjDA4YuafbgYXktkNAJAPKLhh1yt5j5CZ7kvDQJP4B3eYJksiSB37FPbHTDmDoaU6MuFEZ3oPfbhhiC2nQYX';
const TX_2 = 'Burn4s1RWx5SqdCwnFHmfMp3GRALozKuZtcYd7bf4ZfpPayoutMaLKmgaqcD5guMDP5MjT7x5i5hutqVZg2kinVX';
const GENERATED_AT = '2026-10-02T06:52:55.677Z';

const SPYX_QUOTE = {
  mint: SPYX_MINT,
  symbol: 'SPYX',
  name: 'SP500',
  logoUrl: '/api/asset/quote-logo/XsoCS1TfEyfFhfvj8EtZ528L3CaKBDBRqRapnBbDF2W?v=c2b8ddb3',
  category: 'xstock',
  categoryLabel: 'xStock',
};
const USDC_QUOTE = {
  mint: USDC_MINT,
  symbol: 'USDC',
  name: 'USD Coin',
  logoUrl: '/api/asset/quote-logo/EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v?v=0a1b2c3d',
  category: 'stablecoin',
  categoryLabel: 'Stablecoin',
};

/** GET /api/tokens?pageSize=3: captured. */
export const STONK_TOKENS = {
  tokens: [
    {
      mint: STONK_MINT,
      pool: '7a8xxAJBELDo6P9dikSYctdw6ce8F4mWr3ahcAD8Ao49',
      name: 'STONK',
      symbol: 'STONK',
      quote: SPYX_QUOTE,
      creator: STONK_CREATOR,
      launchpad: 'raydium',
      mode: 'standard',
      quoteOnlyFees: false,
      imageUrl: '/api/asset/quote-logo/6GmAFSYs4gk3FDao5FzzySQpPZaWsa4rUJHacpMpUNgx?v=c3c81410',
      metadataUri: 'https://gateway.irys.xyz/7HzAyVbL19x2RsKPwFD2NdESBDS1ZhawFojcVLvsFr5N',
      links: {},
      market: {
        priceUsd: 0.25684550592166827,
        marketCapUsd: 206991540.34123912,
        fdvUsd: 206991540.34123912,
        volume24hUsd: 846618.707523245,
        priceChange24h: 1.9311508519379794,
        peakMarketCapUsd: 330810898.17038244,
      },
      status: 'graduated',
      graduationProgress: 1,
      graduatedAt: '2026-07-23T19:24:05.347Z',
      createdAt: '2026-07-23T19:08:03.348Z',
    },
    {
      mint: ZCAT_MINT,
      pool: 'BTccxxTFi7a9xJTE1exKn38Jgie35s6gNeRxd8DM61Rc',
      name: 'Anonymous Cat',
      symbol: 'ZCAT',
      quote: {
        mint: ZEC_MINT,
        symbol: 'ZEC',
        name: 'Zcash',
        logoUrl: 'https://arweave.net/QSYqnmB7NYlB7n1R6rz935Y07dlRK0tIuKe2mof5Sho',
        category: 'custom',
        categoryLabel: 'Custom',
      },
      launchpad: 'raydium',
      mode: 'reward',
      quoteOnlyFees: true,
      transferFee: { bps: 300 },
      flywheel: { active: true },
      imageUrl: 'https://gateway.irys.xyz/7uFsXwyuyzKDiqdda4L2cq3DcpcdRqYhwe4m8ZoVJ1BQ',
      links: {},
      market: {
        priceUsd: 0.045557415523304876,
        marketCapUsd: 44071216.945143245,
        fdvUsd: 44071216.945143245,
        volume24hUsd: 1042068.3434888416,
        priceChange24h: -7.8699809145622694,
        peakMarketCapUsd: 172605806.54574123,
      },
      status: 'graduated',
      graduationProgress: 1,
      graduatedAt: '2026-08-30T23:59:36.276Z',
      createdAt: '2026-08-30T23:30:26.185Z',
    },
    {
      mint: SI_MINT,
      pool: '5aBH535rESkhjVb2nEaMPfyjiTw3uK57vE6c5uhZHjPY',
      name: 'Super Inu',
      symbol: 'SI',
      quote: {
        mint: NVDAX_MINT,
        symbol: 'NVDAX',
        name: 'NVIDIA',
        logoUrl: '/api/asset/quote-logo/Xsc9qvGR1efVDFGLrVsmkzv3qi45LTBjeUKSPmx9qEh?v=44a1e3f8',
        category: 'xstock',
        categoryLabel: 'xStock',
      },
      launchpad: 'launchlab',
      mode: 'reward',
      quoteOnlyFees: true,
      transferFee: { bps: 100 },
      flywheel: { active: true },
      imageUrl: 'https://axiomtrading.sfo3.cdn.digitaloceanspaces.com/7ovByu4CKE2ogdbYTRx8o9z1XarkNMA3hXyxThWamoon.webp',
      links: {},
      market: {
        priceUsd: 0.030660716881665048,
        marketCapUsd: 30660716.881665047,
        fdvUsd: 30660716.881665047,
        volume24hUsd: 1594920.996996488,
        liquidityUsd: 776274.8710568023,
        priceChange24h: -25.85156958555378,
        peakMarketCapUsd: 67798867.26117592,
      },
      status: 'graduated',
      graduationProgress: 1,
      graduatedAt: '2026-09-21T15:46:50.247Z',
      createdAt: '2026-09-21T15:49:04.818Z',
    },
  ],
  pagination: { page: 1, pageSize: 3, total: 161670, totalPages: 53890 },
  network: 'mainnet-beta',
  _generatedAt: GENERATED_AT,
};

const PUMP_LAUNCH = {
  mint: PUMP_MINT,
  pool: 'PumpPoo1gV3NbYm8iQ2Apu68t2WBcoNSYACj3XxuG5rD',
  name: 'Pump Stonk',
  symbol: 'PSTONK',
  creator: PUMP_CREATOR,
  quote: USDC_QUOTE,
  launchpad: 'pump',
  mode: 'standard',
  startMarketCapUsd: 5_000,
  targetMarketCapUsd: 69_000,
  createdAt: '2026-10-01T10:00:00.000Z',
};

/** GET /api/tokens/{mint}: the captured STONK row plus its launch record. */
export const TOKEN_DETAIL = {
  token: {
    ...STONK_TOKENS.tokens[0],
    launch: {
      mint: STONK_MINT,
      pool: STONK_TOKENS.tokens[0].pool,
      name: 'STONK',
      symbol: 'STONK',
      creator: STONK_CREATOR,
      quote: SPYX_QUOTE,
      launchpad: 'raydium',
      mode: 'standard',
      startMarketCapUsd: 25_000,
      targetMarketCapUsd: null,
      createdAt: '2026-07-23T19:08:03.348Z',
    },
  },
  network: 'mainnet-beta',
  _generatedAt: GENERATED_AT,
};

/** GET /api/tokens/{mint} of a coin listed without a launch record (and without creator or liquidity). */
export const TOKEN_DETAIL_UNLAUNCHED = { token: STONK_TOKENS.tokens[1], network: 'mainnet-beta', _generatedAt: GENERATED_AT };

/** GET /api/tokens/{mint}/burns?limit=2: the flywheel's burns of ZCAT. */
export const BURNS = {
  mint: ZCAT_MINT,
  totals: {
    symbol: 'ZCAT',
    amountRaw: '125000000000000',
    amountTokens: 125_000_000,
    valueUsdAtBurn: 6_410.5,
    burnCount: 14,
    lastBurnAt: '2026-10-02T06:40:00.000Z',
  },
  burns: [
    { signature: TX_1, symbol: 'ZCAT', amountTokens: 9_000_000, valueUsdAtBurn: 410.02, source: 'flywheel', burnedAt: '2026-10-02T06:40:00.000Z' },
    { signature: TX_2, symbol: 'ZCAT', amountTokens: 8_500_000, valueUsdAtBurn: null, source: 'flywheel', burnedAt: '2026-10-01T06:40:00.000Z' },
  ],
  _generatedAt: GENERATED_AT,
};

/** GET /api/tokens/{mint}/rewards?limit=1: ZCAT pays its holders in ZEC. */
export const TOKEN_REWARDS = {
  mint: ZCAT_MINT,
  mode: 'reward',
  quote: { mint: ZEC_MINT, symbol: 'ZEC', decimals: 8 },
  rewards: {
    distributedRaw: '1250000000',
    distributedTokens: 12.5,
    undistributedRaw: '40000000',
    undistributedTokens: 0.4,
    queuedRaw: '10000000',
    queuedTokens: 0.1,
    inFlightRaw: '0',
    inFlightTokens: 0,
    strandedRaw: '0',
    strandedTokens: 0,
    payoutCount: 31,
    holderCount: 812,
    lastPayoutAt: '2026-10-02T06:30:00.000Z',
  },
  base: { mint: ZCAT_MINT, symbol: 'ZCAT', decimals: 6 },
  payouts: [{ signature: TX_1, amountRaw: '41000000', amountTokens: 0.41, holderCount: 809, paidAt: '2026-10-02T06:30:00.000Z' }],
  _generatedAt: GENERATED_AT,
};

/** GET /api/tokens/{mint}/rewards of a standard coin: nothing to pay (rewards, base and payouts left out). */
export const TOKEN_REWARDS_STANDARD = {
  mint: STONK_MINT,
  mode: 'standard',
  quote: { mint: SPYX_MINT, symbol: 'SPYX', decimals: 8 },
  _generatedAt: GENERATED_AT,
};

/** GET /api/tokens/{mint}/airdrop?limit=2 */
export const AIRDROP = {
  mint: SI_MINT,
  airdrop: {
    supplySharePct: 5,
    walletCount: 2,
    snapshotSource: 'NVDAX holders',
    recipients: [
      { wallet: HOLDER_1, amountTokens: 30_000_000 },
      { wallet: HOLDER_2, amountTokens: 20_000_000 },
    ],
  },
  _generatedAt: GENERATED_AT,
};

/** GET /api/tokens/{mint}/airdrop of a coin launched without one. */
export const AIRDROP_NONE = { mint: STONK_MINT, airdrop: null, message: 'This token launched without an airdrop.', _generatedAt: GENERATED_AT };

/** GET /api/tokens/{mint}/fees of a standard raydium coin. */
export const FEES = {
  mint: STONK_MINT,
  creator: STONK_CREATOR,
  claimable: { baseRaw: '1500000000', baseTokens: 1_500, quoteRaw: '220000000', quoteTokens: 2.2, valueUsd: 1_602.31 },
  _generatedAt: GENERATED_AT,
};

/** GET /api/tokens/{mint}/fees of a reward coin: nothing claimable, with the reason. */
export const FEES_NONE = { mint: ZCAT_MINT, creator: null, claimable: null, reason: 'Reward launches pay their fees to holders.', _generatedAt: GENERATED_AT };

/** GET /api/tokens/{mint}/backing of the pump coin. */
export const BACKING = {
  mint: PUMP_MINT,
  launchpad: 'pump',
  quote: { mint: USDC_MINT, symbol: 'USDC', decimals: 6 },
  lockedRaw: '18250000000',
  lockedTokens: 18_250,
  lockedUsd: 18_249.1,
  _generatedAt: GENERATED_AT,
};

/** GET /api/launches?pageSize=2 */
export const LAUNCHES = {
  launches: [PUMP_LAUNCH, TOKEN_DETAIL.token.launch],
  pagination: { page: 1, pageSize: 2, total: 2, totalPages: 1 },
  _generatedAt: GENERATED_AT,
};

/** GET /api/launches/status/{paymentSignature}: paid, the coin not made yet. */
export const LAUNCH_PROCESSING = { paymentSignature: PAYMENT_SIGNATURE, status: 'processing', mint: null, updatedAt: '2026-10-02T06:50:00.000Z' };
export const LAUNCH_COMPLETED = { paymentSignature: PAYMENT_SIGNATURE, status: 'completed', mint: PUMP_MINT, updatedAt: '2026-10-02T06:51:00.000Z' };

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
/** GET /api/pairs */
export const PAIRS = {
  pairs: [
    { ...SPYX_QUOTE, decimals: 8, tokenProgram: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', launchable: true, launchLabReady: true },
    { ...USDC_QUOTE, decimals: 6, tokenProgram: TOKEN_PROGRAM, launchable: true, launchLabReady: false },
  ],
  _generatedAt: GENERATED_AT,
};

/** GET /api/launchlab/pricing/{quoteMint} for SPYX. */
export const LAUNCHLAB_PRICING = {
  quoteMint: SPYX_MINT,
  quoteSymbol: 'SPYX',
  quoteDecimals: 8,
  quotePriceUsd: 671.2,
  baseDecimals: 6,
  supply: '1000000000000000',
  totalSellA: '793100000000000',
  totalFundRaisingB: '12500000000',
  virtualA: '1073025605596382',
  virtualB: '4525079574',
  constants: { globalConfig: 'G1oba1ConfigXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8N', curveType: 0, migrateType: 1, quoteOnlyFees: true },
  _generatedAt: GENERATED_AT,
};

/** GET /api/stats */
export const STATS = {
  totals: { tokens: 161_670, graduated: 1_204, aboutToGraduate: 37, rewardLaunches: 9_812, totalMarketCapUsd: 912_000_000, volume24hUsd: 41_200_000 },
  revenue: { totalUsd: 3_120_000, holdersUsd: 1_040_000, protocolUsd: 2_080_000, buybackUsd: 520_000 },
  burns: { totalUsd: 410_000, burnCount: 5_201 },
  config: { graduationThresholds: { raydium: 69_000, launchlab: 69_000, pump: 69_000 }, launchPaths: { raydium: true, launchlab: true, pump: true } },
  _generatedAt: GENERATED_AT,
};

/** GET /api/revenue?limit=1 (history=true adds `daily`, oldest first). */
export const REVENUE = {
  revenue: { totalUsd: 3_120_000, holdersUsd: 1_040_000, protocolUsd: 2_080_000 },
  buybacks: { totalUsd: 520_000, count: 1_880 },
  burnsBySource: { flywheel: { valueUsd: 410_000, count: 5_201 } },
  recent: [{ signature: TX_2, kind: 'burn', mint: ZCAT_MINT, valueUsd: 410.02, at: '2026-10-02T06:40:00.000Z' }],
  _generatedAt: GENERATED_AT,
};
export const REVENUE_HISTORY = {
  ...REVENUE,
  daily: [
    { day: '2026-09-30', dailyRevenue: 12_000, dailyHoldersRevenue: 4_000, dailyProtocolRevenue: 8_000 },
    { day: '2026-10-01', dailyRevenue: 15_000, dailyHoldersRevenue: 5_000, dailyProtocolRevenue: 10_000 },
  ],
};

/** GET /api/rewards?limit=1 */
export const REWARDS = {
  coins: [
    {
      mint: ZCAT_MINT,
      symbol: 'ZCAT',
      quote: { mint: ZEC_MINT, symbol: 'ZEC', decimals: 8 },
      distributedRaw: '1250000000',
      distributedTokens: 12.5,
      distributedUsd: 6_010.4,
      payoutCount: 31,
      lastPayoutAt: '2026-10-02T06:30:00.000Z',
    },
  ],
  recent: [{ signature: TX_1, mint: ZCAT_MINT, amountTokens: 0.41, valueUsd: 197.13, holderCount: 809, paidAt: '2026-10-02T06:30:00.000Z' }],
  _generatedAt: GENERATED_AT,
};
