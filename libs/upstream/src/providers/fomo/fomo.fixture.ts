/**
 * FOMO payloads in the documented shapes (upstreams.md §2.1). The leaderboard is the peer's real
 * captured 7d board, trimmed to three rows (its rows are FOMO's, its envelope is the peer's);
 * the other routes use the same traders with made-up figures.
 */

export const PRICEDIN_ID = '27000f4b-0bc3-572b-a018-2d6e50c512e0';
export const TAKIN_ID = 'd6a85eb5-d3fb-5b8a-8445-019af88ba512';
export const ORBIO = '0xaa07a0e9209e16ac99708c3ec70159c6ef3128a3';
export const PAID = '98kfF7rmsg1QDUEoCqNE7g7M1FdrTt92TEp2CLzypump';
export const TRADE_ID = 'eaf8b130-0d90-4213-bdc5-a04c8109e371';

/** GET /v2/leaderboard/7d, three rows of the captured board. */
export const LEADERBOARD_7D = {
  window: '7d',
  source: 'fomo-live',
  capturedAt: '2026-10-02T06:51:12.121Z',
  traders: [
    {
      rank: 1,
      handle: 'ExactTallTakin',
      userId: TAKIN_ID,
      displayName: 'ExactTallTakin',
      pnlUsd: 776563,
      volumeUsd: 1092742,
      trades: 120,
      followers: 50932,
      holdings: 0,
      wallets: {
        solana: 'AGdtsMmphhymH5wYW3dWKSkAxpLYRrNDCTFAfuq8ii9v',
        evm: '0x6434454a2f00b3dbbf714de40c71c86857f881a3',
        verified: false,
        evidence: { solana: 'onchain-holdings', evm: 'provider-claimed' },
      },
      topTokens: [],
      clan: null,
      twitter: null,
      createdAt: '2026-09-18T16:17:32.398Z',
      description: null,
      following: 4,
      verified: false,
    },
    {
      rank: 2,
      handle: 'pricedin',
      userId: PRICEDIN_ID,
      displayName: 'pricedin',
      pnlUsd: 687219,
      volumeUsd: 933687,
      trades: 118,
      followers: 46460,
      holdings: 23,
      wallets: {
        solana: 'EU7FSVgkt8eZYV199enSCoQa3qoH6h6HP8v9BqpGDeG5',
        evm: '0x85d26724d4447a85ec1089b0a572c97f1ad476f3',
        verified: false,
        evidence: { solana: 'provider-claimed', evm: 'onchain-holdings' },
      },
      topTokens: [
        {
          imageUrl: 'https://token-media.defined.fi/4663_0xaa07a0e9209e16ac99708c3ec70159c6ef3128a3_thumb_934e78f37433.png',
          tokenAddress: ORBIO,
          networkId: 4663,
          humanAmount: 17150331.662868395,
          price: 0.0851885921063,
          value: 1461012.6085158577,
          pnl: 1549316.5963397985,
        },
      ],
      clan: null,
      twitter: null,
      createdAt: '2025-10-31T14:58:46.460Z',
      description: 'fomo 2026 rising star\nX: @dpricedin',
      following: 0,
      verified: false,
    },
    {
      rank: 5,
      handle: 'B3N_',
      userId: '02c943b0-ddbe-5e77-8f68-3710c3ff0a64',
      displayName: 'B3N_',
      pnlUsd: 450789,
      volumeUsd: 5186553,
      trades: 385,
      followers: 9792,
      holdings: 12,
      wallets: { solana: '9PB1RLFsp65qLJ1SQMmcx2ff8Zn6cPYkYqMCWUfVC3sc', evm: null, verified: true, evidence: { solana: 'onchain-holdings' } },
      topTokens: [],
      clan: null,
      twitter: null,
      createdAt: '2026-09-03T11:57:55.000Z',
      description: null,
      following: 66,
      verified: false,
    },
  ],
};

/** GET /v2/users/pricedin: a sparse profile (FOMO leaves out what it does not know). */
export const PROFILE_PRICEDIN = {
  userId: PRICEDIN_ID,
  handle: 'pricedin',
  displayName: 'pricedin',
  wallets: { solana: 'EU7FSVgkt8eZYV199enSCoQa3qoH6h6HP8v9BqpGDeG5', evm: '0x85d26724d4447a85ec1089b0a572c97f1ad476f3' },
  pnl: { '24h': -1200.5, '7d': 687219, '30d': 702003, all: 687219 },
  volumeUsd: 933687,
  trades: 118,
  swapCount: 412,
  followers: 46460,
  following: 0,
  holdings: 23,
  topTokens: [],
  verified: false,
  description: 'fomo 2026 rising star',
  createdAt: '2025-10-31T14:58:46.460Z',
  averageHoldTimeSeconds: 51840,
};

/** GET /v2/users/{userId}/positions, a first page of closed positions with a cursor onwards. */
export const POSITIONS_PAGE_1 = {
  trades: [
    {
      tradeId: TRADE_ID,
      status: 'closed',
      token: { address: PAID, symbol: 'PAID' },
      chain: 'solana',
      amount: 0,
      costBasisUsd: 5200,
      avgEntryPrice: 0.0021,
      avgExitPrice: 0.0032,
      priceUsd: 0.0019,
      realizedPnlUsd: 2648.23,
      unrealizedPnlUsd: 0,
      createdAt: '2026-09-19T10:00:00.000Z',
      closedAt: '2026-09-20T23:57:06.381Z',
    },
    {
      tradeId: 'b8ba3e43-5d93-4dfa-ada4-5f80ebcc129a',
      status: 'closed',
      token: { address: ORBIO },
      chain: 'robinhood',
      amount: 0,
      costBasisUsd: 30000,
      avgEntryPrice: null,
      realizedPnlUsd: -22429.63,
      createdAt: '2026-09-01T08:00:00.000Z',
      closedAt: '2026-09-09T19:50:25.276Z',
    },
  ],
  cursor: 'c2',
};

export const POSITIONS_PAGE_2 = {
  trades: [
    {
      tradeId: '56ce0a5f-1fb8-4ad5-ac01-0fa8b993a661',
      status: 'closed',
      token: { address: PAID },
      chain: 'solana',
      realizedPnlUsd: 10,
      closedAt: '2026-08-20T00:00:00.000Z',
    },
  ],
  cursor: null,
};

/** GET /v2/users/{userId}/swaps, one page. */
export const SWAPS_PAGE = {
  swaps: [
    {
      swapId: 's-1',
      chain: 'solana',
      tokenIn: { address: 'So11111111111111111111111111111111111111112', amount: 24.5, usd: 5200 },
      tokenOut: { address: PAID, amount: 2476190.47, usd: 5200 },
      tradeIdIn: null,
      tradeIdOut: TRADE_ID,
      at: '2026-09-19T10:00:00.000Z',
    },
  ],
  cursor: null,
  complete: false,
};

/** GET /v2/users/{userId}/balances. */
export const BALANCES = {
  holdings: [
    {
      token: { symbol: 'ORBIO', address: ORBIO, networkId: 4663 },
      chain: 'robinhood',
      amount: 17150331.66,
      priceUsd: 0.0852,
      valueUsd: 1461148.83,
      change24h: -17.2904,
    },
    {
      token: { symbol: 'USDC', address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', networkId: 1399811149 },
      chain: 'solana',
      amount: 29381.1,
      priceUsd: 1,
      valueUsd: 29381.1,
      change24h: 0.0034,
    },
  ],
  totalValueUsd: 1490529.93,
};

/** GET /v2/users/{userId}/following (and /followers: same shape). */
export const FOLLOWING = {
  users: [
    {
      userId: TAKIN_ID,
      handle: 'ExactTallTakin',
      followers: 50932,
      trades: 120,
      volumeUsd: 1092742,
      pnl24h: 3100,
      verified: false,
      createdAt: '2026-09-18T16:17:32.398Z',
    },
    { userId: '7776f175-5d94-5f62-b9a2-1d435b8cb5d1', handle: 'lurker01', followers: 0, trades: 0 },
  ],
  total: 2,
};

/** GET /v2/users/{userId}/spotlight. */
export const SPOTLIGHT = {
  bestTrades: [
    {
      tradeId: TRADE_ID,
      token: { address: PAID, symbol: 'PAID' },
      chain: 'solana',
      avgEntryPrice: 0.0021,
      avgExitPrice: 0.0032,
      costBasisUsd: 5200,
      realizedPnlUsd: 2648.23,
      openedAt: '2026-09-19T10:00:00.000Z',
      closedAt: '2026-09-20T23:57:06.381Z',
    },
  ],
  bestTheses: [
    {
      thesisId: 'th-1',
      tradeId: TRADE_ID,
      token: { address: PAID, symbol: 'PAID' },
      chain: 'solana',
      text: 'cheap entry, strong holders',
      likes: 41,
      ts: '2026-09-19T10:01:00.000Z',
    },
  ],
};

/** GET /v2/search?q=pricedin&type=all. */
export const SEARCH = {
  traders: [
    {
      userId: PRICEDIN_ID,
      handle: 'pricedin',
      displayName: 'pricedin',
      wallets: LEADERBOARD_7D.traders[1].wallets,
      pnlUsd: 687219,
      volumeUsd: 933687,
      trades: 118,
      followers: 46460,
      verified: false,
      createdAt: '2025-10-31T14:58:46.460Z',
    },
  ],
  tokens: [{ address: PAID, name: 'Paid', symbol: 'PAID', networkId: 1399811149, marketCapUsd: 1890000 }],
};

/** GET /v2/thesis/user/{id}. */
export const THESES = {
  theses: [
    {
      thesisId: 'th-1',
      tradeId: TRADE_ID,
      userId: PRICEDIN_ID,
      handle: 'pricedin',
      token: { address: PAID, symbol: 'PAID' },
      chain: 'solana',
      text: 'cheap entry, strong holders',
      likes: 41,
      replies: 3,
      equity: 5200,
      realizedPnlUsd: 2648.23,
      unrealizedPnlUsd: 0,
      isDev: false,
      ts: '2026-09-19T10:01:00.000Z',
    },
  ],
  cursor: null,
};

/** GET /v2/trades/{tradeId}. */
export const TRADE = {
  tradeId: TRADE_ID,
  userId: PRICEDIN_ID,
  handle: 'pricedin',
  token: { address: PAID, symbol: 'PAID', name: 'Paid' },
  chain: 'solana',
  status: 'closed',
  source: 'live',
  avgEntryPrice: 0.0021,
  avgExitPrice: 0.0032,
  realizedPnlUsd: 2648.23,
  isDev: false,
  priceUsd: 0.0019,
  liquidityUsd: 120000,
  createdAt: '2026-09-19T10:00:00.000Z',
  closedAt: '2026-09-20T23:57:06.381Z',
  swaps: [
    { swapId: 's-1', side: 'buy', humanAmountIn: 24.5, humanAmountOut: 2476190.47, humanUsdAmountIn: 5200, at: '2026-09-19T10:00:00.000Z' },
    { swapId: 's-2', side: 'sell', humanAmountIn: 2476190.47, humanUsdAmountIn: 7848.23, at: '2026-09-20T23:57:06.381Z' },
  ],
  transfers: [],
  thesis: { text: 'cheap entry, strong holders', likes: 41 },
};

/** GET /v2/trades/{tradeId}/comments. */
export const COMMENTS = {
  comments: [
    {
      commentId: 'c-1',
      userId: TAKIN_ID,
      handle: 'ExactTallTakin',
      text: 'nice entry',
      likes: 2,
      parentId: null,
      isReply: false,
      olderThesisCount: 0,
      newerThesisCount: 1,
      links: [],
    },
    {
      commentId: 'c-2',
      userId: PRICEDIN_ID,
      text: 'ty, see https://fomo.family/t/x',
      likes: 0,
      parentId: 'c-1',
      isReply: true,
      links: ['https://fomo.family/t/x'],
    },
  ],
};

/** GET /v2/me. */
export const ME = {
  plan: 'starter',
  credits: { monthly: 2500000, usedThisMonth: 120000, prepaid: 0, remaining: 2380000 },
  streams: { appFeed: true, onChain: false },
};

/** GET /v2/token/{address}/stats: volumes arrive as strings. */
export const TOKEN_STATS = {
  address: PAID,
  networkId: 1399811149,
  priceUsd: 0.00396144831215,
  holders: 6959,
  top10HoldersPercent: 14.26739192950232,
  windows: {
    '5m': { buys: 607, sells: 560, uniqueBuyers: 352, uniqueSellers: 337, buyVolumeUsd: '85509.12', sellVolumeUsd: '91082.5', buySellRatio: 1.084 },
    '1h': { buys: 9616, sells: 0, uniqueBuyers: 3699, uniqueSellers: 0, buyVolumeUsd: '1216435', sellVolumeUsd: '0', buySellRatio: null },
  },
};

/** GET /v2/leaderboard/tokens/trending. */
export const TOKEN_BOARD = {
  board: 'trending',
  source: 'fomo-live',
  capturedAt: '2026-10-02T06:50:00.000Z',
  stale: false,
  ageHours: 0,
  count: 1,
  tokens: [
    {
      rank: 1,
      token: { name: 'Paid', symbol: 'PAID', address: PAID, networkId: 1399811149 },
      network: 'solana',
      fomoBuyers: 19,
      holders: 6959,
      priceUsd: 0.00396,
      change24h: 12.5,
      marketCapUsd: 3960000,
      volume24hUsd: 7040880,
    },
  ],
  available: true,
};
