import * as fx from './fomo.fixture';

/*
 * FOMO's answers in the shapes its documents show. FOMO publishes no reference of its own: the
 * documents are the endpoint catalogue in ../shared/reference/upstreams.md §2.1 (fomoapi.io, lines
 * 201-238) and the peer's captured answers in ../shared/reference/peer/responses/ (the peer's tools
 * wrap FOMO's answers; where a capture carries FOMO's own rows or fields, they are copied here).
 * Each fixture names the one it follows. Used by fomo.contract.spec.ts.
 */

/** upstreams.md line 216: `GET /v2/me` → plan, credits{monthly,usedThisMonth,prepaid,remaining}, streams{appFeed,onChain}. */
export const ME = fx.ME;

/** ../shared/reference/peer/responses/stalkchain_fomo_leaderboard.md (FOMO's own rows, three of them) and upstreams.md line 217. */
export const LEADERBOARD = fx.LEADERBOARD_7D;

/**
 * upstreams.md line 218 (`GET /v2/users/{handle}`, full profile with wallets); fields and values as in
 * ../shared/reference/peer/responses/stalkchain_fomo_trader_report.md (identity: pnl, accountAgeDays,
 * averageHoldTimeSeconds and twitter null) and stalkchain_fomo_compare_traders.md (swapCount null).
 */
export const PROFILE = {
  userId: fx.PRICEDIN_ID,
  handle: 'pricedin',
  displayName: 'pricedin',
  verified: false,
  wallets: {
    solana: 'EU7FSVgkt8eZYV199enSCoQa3qoH6h6HP8v9BqpGDeG5',
    evm: '0x85d26724d4447a85ec1089b0a572c97f1ad476f3',
    verified: false,
    evidence: { solana: 'provider-claimed', evm: 'onchain-holdings' },
  },
  pnl: null,
  volumeUsd: 933687,
  trades: 118,
  swapCount: null,
  followers: 46460,
  accountAgeDays: null,
  createdAt: '2025-10-31T14:58:46.460Z',
  averageHoldTimeSeconds: null,
  twitter: null,
};

/** upstreams.md line 219 (`{trades:[{tradeId,status,token{address},…}], cursor}`); the best closed trade of stalkchain_fomo_trader_report.md. */
export const POSITIONS = fx.POSITIONS_PAGE_1;

/** upstreams.md line 220 (`GET /v2/users/{userId}/swaps`, 100 fills per page, complete:false). */
export const SWAPS = fx.SWAPS_PAGE;

/**
 * upstreams.md line 221 (cap ~100 holdings, totalValueUsd a floor); the holdings, byChain and total of
 * ../shared/reference/peer/responses/stalkchain_fomo_trader_report.md (portfolio).
 */
export const BALANCES = {
  totalValueUsd: 1792167,
  byChain: {
    robinhood: { holdings: 20, valueUsd: 1700482.66 },
    ethereum: { holdings: 3, valueUsd: 53589.96 },
    solana: { holdings: 12, valueUsd: 37886.2 },
    bsc: { holdings: 4, valueUsd: 208.16 },
  },
  holdings: [
    { token: { symbol: 'ORBIO', address: fx.ORBIO }, chain: 'robinhood', valueUsd: 1461148.83, change24h: -17.2904 },
    { token: { symbol: 'USDC', address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' }, chain: 'solana', valueUsd: 29381.1, change24h: 0.0034 },
  ],
};

/**
 * upstreams.md line 222 (`/following` limit ≤300, `/followers`); each entry's fields and values as
 * the traders of ../shared/reference/peer/responses/stalkchain_fomo_compare_traders.md (pnl24h and accountAgeDays null).
 */
export const SOCIAL = {
  users: [
    { userId: fx.TAKIN_ID, handle: 'ExactTallTakin', verified: false, followers: 50932, volumeUsd: 1092742, trades: 120, pnl24h: null, accountAgeDays: null },
    {
      userId: 'aefe2ddd-c580-5245-a2f5-e4ed62f7ef10',
      handle: 'frankdegods',
      verified: false,
      followers: 334689,
      volumeUsd: 68023282,
      trades: 7683,
      pnl24h: null,
    },
  ],
};

/** upstreams.md line 222 (`/spotlight`): best trades and best theses. */
export const SPOTLIGHT = fx.SPOTLIGHT;

/**
 * upstreams.md line 231 (`GET /v2/search?q=&type=traders|tokens|all`); the trader rows of
 * ../shared/reference/peer/responses/stalkchain_fomo_compare_traders.md, whose source is this search ("search (cheap)").
 */
export const SEARCH = {
  traders: [
    {
      userId: fx.PRICEDIN_ID,
      handle: 'pricedin',
      verified: false,
      pnlUsd: 687219,
      volumeUsd: 933687,
      trades: 118,
      followers: 46460,
      wallets: PROFILE.wallets,
    },
  ],
  tokens: [],
};

/** upstreams.md line 223 (`/v2/thesis`, `/v2/thesis/token/{address}`, `/v2/thesis/user/{id}[/token/{address}]`). */
export const THESES = fx.THESES;

/** upstreams.md lines 224 and 238 (`GET /v2/trades/{tradeId}`; the fill size is `trade.swaps[].humanUsdAmountIn`). */
export const TRADE = fx.TRADE;

/** upstreams.md line 224 (`GET /v2/trades/{tradeId}/comments?limit≤200`). */
export const COMMENTS = fx.COMMENTS;

/**
 * upstreams.md line 225 (windows 5m/1h/4h/24h, volumes as strings, buySellRatio null when there are no
 * sells); the figures of the flow in ../shared/reference/peer/responses/stalkchain_fomo_analyze_token.md.
 */
export const TOKEN_STATS = {
  address: 'GAwhcphCqCv5bKHmCiN4VDdNWfbXJL4npmkc8L3Q9S9H',
  networkId: 1399811149,
  priceUsd: 0.00396144831215,
  holders: 6959,
  top10HoldersPercent: 14.26739192950232,
  windows: {
    '5m': {
      buys: 607,
      sells: 560,
      uniqueBuyers: 352,
      uniqueSellers: 337,
      buyVolumeUsd: '85509',
      sellVolumeUsd: '91082',
      netVolumeUsd: '-5573',
      buySellRatio: 1.084,
    },
    '1h': {
      buys: 9616,
      sells: 8225,
      uniqueBuyers: 3699,
      uniqueSellers: 3382,
      buyVolumeUsd: '1216435',
      sellVolumeUsd: '1216498',
      netVolumeUsd: '-63',
      buySellRatio: 1.169,
    },
    '4h': {
      buys: 63393,
      sells: 55083,
      uniqueBuyers: 15333,
      uniqueSellers: 12555,
      buyVolumeUsd: '7040880',
      sellVolumeUsd: '6896382',
      netVolumeUsd: '144498',
      buySellRatio: 1.151,
    },
    '24h': {
      buys: 63393,
      sells: 0,
      uniqueBuyers: 15333,
      uniqueSellers: 0,
      buyVolumeUsd: '7040880',
      sellVolumeUsd: '0',
      netVolumeUsd: '7040880',
      buySellRatio: null,
    },
  },
};

/**
 * upstreams.md line 226 (deployer and insider positions with theses); the captured token of
 * ../shared/reference/peer/responses/stalkchain_fomo_analyze_token.md has none (`devs: []`), so the one dev here is made up.
 */
export const TOKEN_DEVS = {
  devs: [
    {
      userId: fx.PRICEDIN_ID,
      handle: 'pricedin',
      wallet: 'EU7FSVgkt8eZYV199enSCoQa3qoH6h6HP8v9BqpGDeG5',
      isDev: true,
      amount: 1200000,
      valueUsd: 4753.74,
      costBasisUsd: 900,
      realizedPnlUsd: 0,
      unrealizedPnlUsd: 3853.74,
      tradeId: fx.TRADE_ID,
      thesis: { thesisId: 'th-1', text: 'my launch', likes: 3, ts: '2026-10-02T03:00:00.000Z' },
    },
  ],
};
export const TOKEN_DEVS_NONE = { devs: [] };

/** upstreams.md line 227 (tracked holders); handle, valueUsd and amount as the topTrackedHolders of ../shared/reference/peer/responses/stalkchain_fomo_analyze_token.md. */
export const TOKEN_HOLDERS = {
  holders: [
    { handle: 'lizzerd', valueUsd: 59005.24, amount: 14894865.86 },
    { handle: 'Skyygawd', valueUsd: 56774.52, amount: 14331757.7 },
    { handle: '0xLingard', valueUsd: 56178.76, amount: 14181367.85 },
  ],
};

/** upstreams.md line 228 (`{board, source, capturedAt, stale, ageHours, count, tokens:[…], available}`). */
export const TOKEN_BOARD = fx.TOKEN_BOARD;

/** ../shared/reference/peer/responses/stalkchain_fomo_token_candles.md: the token under `token`, resolution "60", two of its buckets. */
export const CANDLES = {
  token: 'GAwhcphCqCv5bKHmCiN4VDdNWfbXJL4npmkc8L3Q9S9H',
  networkId: 1399811149,
  resolution: '60',
  resolutionSeconds: 3600,
  stale: false,
  source: 'live',
  count: 2,
  sparse: true,
  candles: [
    {
      t: 1790910000,
      time: '2026-10-02T03:00:00.000Z',
      o: 3.453505466754067e-6,
      h: 0.0007813474078836572,
      l: 3.453505466754067e-6,
      c: 0.0006300916516424594,
      v: 2157149.0115131205,
    },
    {
      t: 1790913600,
      time: '2026-10-02T04:00:00.000Z',
      o: 0.0006300916516424594,
      h: 0.005257409088144541,
      l: 0.0005894981011109273,
      c: 0.0029747752721077086,
      v: 6143171.582238408,
    },
  ],
};

/** upstreams.md line 231 (`GET /v2/tokens/search?q=` returns `results`). */
export const TOKEN_SEARCH = {
  results: [{ address: fx.PAID, name: 'Paid', symbol: 'PAID', networkId: 1399811149, network: 'solana', priceUsd: '0.00396', marketCapUsd: 3960000 }],
};

/**
 * upstreams.md lines 232 and 237 (`{alerts:[{type/alertType, eventId, userId, tradeId, trader, token,
 * tokenAddress, chain, chainId, usdValue, tradeUsd?, text, ts}]}`; a buy's usdValue is the position's
 * mark, a sell's the signed realized PnL); trader, ids, token and values of the first match of
 * ../shared/reference/peer/responses/stalkchain_fomo_multi_trader_entries.md. The second names its kind `alertType` and
 * has no `tradeUsd`, as the catalogue allows.
 */
export const ALERTS = {
  alerts: [
    {
      type: 'buy',
      eventId: 'ev-1',
      userId: '65917ac7-00ed-5ade-8854-663dadde00e2',
      tradeId: 'eaf8b130-0d90-4213-bdc5-a04c8109e371',
      trader: 'lokomonkeyy',
      token: 'www',
      tokenAddress: 'GAwhcphCqCv5bKHmCiN4VDdNWfbXJL4npmkc8L3Q9S9H',
      chain: 'solana',
      chainId: 1399811149,
      usdValue: 14726.98,
      tradeUsd: 5000,
      text: 'lokomonkeyy bought $www',
      ts: '2026-10-02T06:48:40.000Z',
    },
    {
      alertType: 'sell',
      eventId: 'ev-2',
      userId: '991048a3-d556-5020-8895-8e9603f81f1c',
      tradeId: 'cacafa1d-1119-42a4-90a9-5ef6d956b5a2',
      trader: 'pedrigavifrenki',
      token: 'www',
      tokenAddress: 'GAwhcphCqCv5bKHmCiN4VDdNWfbXJL4npmkc8L3Q9S9H',
      chain: 'solana',
      chainId: 1399811149,
      usdValue: -2100.5,
      text: 'pedrigavifrenki sold $www',
      ts: '2026-10-02T06:43:55.000Z',
    },
  ],
  cursor: null,
};
