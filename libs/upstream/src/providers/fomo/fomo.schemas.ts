import { z } from 'zod';

/*
 * The FOMO data API's trader payloads (upstreams.md §2.1; field names as published there, and
 * where §2.1 lists a route without its shape, as the peer's answers built on it carry them).
 * Identifiers are required; any other field may be absent or null upstream and comes out as null,
 * never as 0. Objects are not strict, so a field FOMO adds later does not break parsing.
 */

/** A value that may be absent or null upstream: always present on our side, null when unknown. */
export const maybe = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);

/** A number FOMO sometimes sends as a decimal string (token stats volumes). */
export const numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, 'a number or a decimal string')
    .transform(Number),
]);

/** A list that may be absent: absent is an empty list only where FOMO omits empty lists. */
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);

const text = z.string();
const count = z.number();

export const walletsSchema = z.object({
  solana: maybe(text),
  evm: maybe(text),
  /** Whether the wallets are proven to belong to the trader (peer answers carry it). */
  verified: maybe(z.boolean()),
  /** How each wallet was attributed, per chain family, e.g. { solana: 'onchain-holdings' }. */
  evidence: maybe(z.record(z.string(), z.string())),
  /** 'resolving' while FOMO is still loading the account. */
  status: maybe(text),
});

export const topTokenSchema = z.object({
  tokenAddress: text,
  symbol: maybe(text),
  networkId: maybe(z.number().int()),
  imageUrl: maybe(text),
  humanAmount: maybe(count),
  price: maybe(count),
  value: maybe(count),
  pnl: maybe(count),
});

export const leaderboardWindowSchema = z.enum(['24h', '7d', '30d', 'all']);

export const leaderboardRowSchema = z.object({
  rank: z.number().int(),
  handle: text,
  userId: text,
  displayName: maybe(text),
  /** Profit and loss over the board's window. */
  pnlUsd: maybe(count),
  volumeUsd: maybe(count),
  trades: maybe(count),
  followers: maybe(count),
  following: maybe(count),
  /** Number of tokens held. */
  holdings: maybe(count),
  wallets: maybe(walletsSchema),
  topTokens: list(topTokenSchema),
  clan: maybe(text),
  twitter: maybe(text),
  createdAt: maybe(text),
  description: maybe(text),
  verified: maybe(z.boolean()),
  imageUrl: maybe(text),
});

export const leaderboardSchema = z.object({
  window: leaderboardWindowSchema,
  source: maybe(text),
  capturedAt: maybe(text),
  count: maybe(count),
  traders: z.array(leaderboardRowSchema),
});

const pnlWindowsSchema = z.object({
  '24h': maybe(count),
  '7d': maybe(count),
  '30d': maybe(count),
  all: maybe(count),
});

export const profileSchema = z.object({
  userId: text,
  handle: text,
  displayName: maybe(text),
  wallets: maybe(walletsSchema),
  pnl: maybe(pnlWindowsSchema),
  /** Volume and trade count per window, when FOMO sends them beside the all-time figures. */
  volume: maybe(pnlWindowsSchema),
  tradesByWindow: maybe(pnlWindowsSchema),
  volumeUsd: maybe(count),
  trades: maybe(count),
  swapCount: maybe(count),
  positionCount: maybe(count),
  followers: maybe(count),
  following: maybe(count),
  holdings: maybe(count),
  topTokens: list(topTokenSchema),
  verified: maybe(z.boolean()),
  description: maybe(text),
  clan: maybe(text),
  twitter: maybe(text),
  imageUrl: maybe(text),
  createdAt: maybe(text),
  accountAgeDays: maybe(count),
  averageHoldTimeSeconds: maybe(count),
  private: maybe(z.boolean()),
  restricted: maybe(z.boolean()),
});

/** A token as FOMO nests it in positions, swaps, balances and theses. */
export const tokenRefSchema = z.object({
  address: text,
  symbol: maybe(text),
  name: maybe(text),
  decimals: maybe(z.number().int()),
  networkId: maybe(z.number().int()),
  imageUrl: maybe(text),
});

export const positionSchema = z.object({
  tradeId: text,
  status: maybe(text),
  token: tokenRefSchema,
  chain: maybe(text),
  networkId: maybe(z.number().int()),
  amount: maybe(count),
  costBasisUsd: maybe(count),
  /** Null when the tokens were received, not bought. */
  avgEntryPrice: maybe(count),
  avgExitPrice: maybe(count),
  priceUsd: maybe(count),
  valueUsd: maybe(count),
  realizedPnlUsd: maybe(count),
  unrealizedPnlUsd: maybe(count),
  bought: maybe(count),
  boughtUsd: maybe(count),
  sold: maybe(count),
  soldUsd: maybe(count),
  transferredIn: maybe(count),
  transferredOut: maybe(count),
  isDev: maybe(z.boolean()),
  createdAt: maybe(text),
  closedAt: maybe(text),
  lastTradeAt: maybe(text),
});

export const positionsPageSchema = z.object({
  trades: z.array(positionSchema),
  /** The next page's cursor; null on the last page. */
  cursor: maybe(text),
  /** Closed and open positions FOMO knows of in all, when it says. */
  closedTotal: maybe(count),
  openTotal: maybe(count),
  /** False when FOMO has not captured the trader's positions yet. */
  available: maybe(z.boolean()),
});

const swapLegSchema = z.object({
  address: text,
  symbol: maybe(text),
  amount: maybe(count),
  usd: maybe(count),
  /** Value now (relay source only). */
  usdNow: maybe(count),
});

export const swapSchema = z.object({
  swapId: text,
  /** 'buy' or 'sell' of the position's token. */
  side: maybe(text),
  chain: maybe(text),
  networkId: maybe(z.number().int()),
  tokenIn: swapLegSchema,
  tokenOut: swapLegSchema,
  tradeIdIn: maybe(text),
  tradeIdOut: maybe(text),
  /** The fill's USD size. */
  humanUsdAmountIn: maybe(count),
  priceUsd: maybe(count),
  txHash: maybe(text),
  at: maybe(text),
});

export const swapsPageSchema = z.object({
  swaps: z.array(swapSchema),
  cursor: maybe(text),
  /** Whether this page ends the history FOMO holds for the filter. */
  complete: maybe(z.boolean()),
  total: maybe(count),
});

export const holdingSchema = z.object({
  token: tokenRefSchema,
  tradeId: maybe(text),
  chain: maybe(text),
  networkId: maybe(z.number().int()),
  amount: maybe(count),
  priceUsd: maybe(count),
  valueUsd: maybe(count),
  change24h: maybe(count),
});

export const balancesSchema = z.object({
  holdings: z.array(holdingSchema),
  /** A floor: FOMO caps the list at about 100 holdings. */
  totalValueUsd: maybe(count),
  /** True when FOMO left holdings out (its cap). */
  capped: maybe(z.boolean()),
  byChain: maybe(z.record(z.string(), z.object({ holdings: maybe(count), valueUsd: maybe(count) }))),
  livePerpPnl: maybe(count),
  hyperliquidPerps: maybe(z.unknown()),
});

export const socialEntrySchema = z.object({
  userId: text,
  handle: text,
  displayName: maybe(text),
  followers: maybe(count),
  following: maybe(count),
  trades: maybe(count),
  volumeUsd: maybe(count),
  pnl24h: maybe(count),
  /** All-time PnL. */
  pnlUsd: maybe(count),
  twitter: maybe(text),
  verified: maybe(z.boolean()),
  imageUrl: maybe(text),
  createdAt: maybe(text),
  accountAgeDays: maybe(count),
});

export const socialListSchema = z.object({
  users: z.array(socialEntrySchema),
  /** How many FOMO counts in all, beyond the capped list, when it says. */
  total: maybe(count),
  /** True when FOMO serves fewer than it counts (followers stop at 200). */
  sourceCapped: maybe(z.boolean()),
});

export const thesisSchema = z.object({
  thesisId: text,
  tradeId: maybe(text),
  userId: maybe(text),
  handle: maybe(text),
  token: maybe(tokenRefSchema),
  chain: maybe(text),
  text: text,
  likes: maybe(count),
  replies: maybe(count),
  /** The author's position value in the token when they wrote it. */
  equity: maybe(count),
  tradeUsd: maybe(count),
  valueUsd: maybe(count),
  costBasisUsd: maybe(count),
  realizedPnlUsd: maybe(count),
  unrealizedPnlUsd: maybe(count),
  /** Realized plus unrealized PnL of the position, and as a percent of its cost (spotlight). */
  pnlUsd: maybe(count),
  pnlPct: maybe(count),
  isDev: maybe(z.boolean()),
  ts: maybe(text),
});

export const thesesPageSchema = z.object({
  theses: z.array(thesisSchema),
  cursor: maybe(text),
});

export const spotlightTradeSchema = z.object({
  tradeId: text,
  token: tokenRefSchema,
  chain: maybe(text),
  avgEntryPrice: maybe(count),
  avgExitPrice: maybe(count),
  costBasisUsd: maybe(count),
  realizedPnlUsd: maybe(count),
  unrealizedPnlUsd: maybe(count),
  pnlUsd: maybe(count),
  openedAt: maybe(text),
  closedAt: maybe(text),
  thesis: maybe(z.object({ thesisId: maybe(text), text: text, likes: maybe(count), ts: maybe(text) })),
});

export const spotlightSchema = z.object({
  bestTrades: list(spotlightTradeSchema),
  bestTheses: list(thesisSchema),
});

export const searchTraderSchema = z.object({
  userId: text,
  handle: text,
  displayName: maybe(text),
  wallets: maybe(walletsSchema),
  pnlUsd: maybe(count),
  volumeUsd: maybe(count),
  trades: maybe(count),
  followers: maybe(count),
  verified: maybe(z.boolean()),
  imageUrl: maybe(text),
  /** Account creation (ISO), when the search row carries it. */
  createdAt: maybe(text),
});

export const searchTokenSchema = z.object({
  address: text,
  name: maybe(text),
  symbol: maybe(text),
  networkId: maybe(z.number().int()),
  chain: maybe(text),
  priceUsd: maybe(count),
  marketCapUsd: maybe(count),
  imageUrl: maybe(text),
});

export const searchSchema = z.object({
  traders: list(searchTraderSchema),
  tokens: list(searchTokenSchema),
});

export const tradeSwapSchema = z.object({
  swapId: maybe(text),
  side: maybe(text),
  tokenIn: maybe(swapLegSchema),
  tokenOut: maybe(swapLegSchema),
  humanAmountIn: maybe(count),
  humanAmountOut: maybe(count),
  /** The true USD size of a buy (an alert's usdValue is the position's mark, not the fill). */
  humanUsdAmountIn: maybe(count),
  humanUsdAmountOut: maybe(count),
  priceUsd: maybe(count),
  txHash: maybe(text),
  at: maybe(text),
});

export const tradeTransferSchema = z.object({
  transferId: maybe(text),
  /** 'in' or 'out' of the trader's wallet. */
  direction: maybe(text),
  tokenAddress: maybe(text),
  from: maybe(text),
  to: maybe(text),
  amount: maybe(count),
  usd: maybe(count),
  txHash: maybe(text),
  at: maybe(text),
});

/** A trade is its position row with the fills and transfers behind it, and live context. */
export const tradeSchema = positionSchema.extend({
  userId: maybe(text),
  handle: maybe(text),
  /** 'live' when FOMO read it from the app just now. */
  source: maybe(text),
  liquidityUsd: maybe(count),
  swaps: list(tradeSwapSchema),
  transfers: list(tradeTransferSchema),
  thesis: maybe(z.object({ thesisId: maybe(text), text: text, likes: maybe(count), ts: maybe(text) })),
  capturedAt: maybe(text),
});

export const commentSchema = z.object({
  commentId: text,
  userId: text,
  handle: maybe(text),
  text: text,
  likes: maybe(count),
  parentId: maybe(text),
  isReply: maybe(z.boolean()),
  olderThesisCount: maybe(count),
  newerThesisCount: maybe(count),
  links: list(text),
  createdAt: maybe(text),
});

export const commentsSchema = z.object({
  comments: z.array(commentSchema),
});

export const accountSchema = z.object({
  plan: maybe(text),
  credits: maybe(
    z.object({
      monthly: maybe(count),
      usedThisMonth: maybe(count),
      prepaid: maybe(count),
      remaining: maybe(count),
    }),
  ),
  streams: maybe(z.object({ appFeed: maybe(z.boolean()), onChain: maybe(z.boolean()) })),
});

export type FomoWindow = z.infer<typeof leaderboardWindowSchema>;
export type FomoWallets = z.output<typeof walletsSchema>;
export type FomoTopToken = z.output<typeof topTokenSchema>;
export type FomoLeaderboardRow = z.output<typeof leaderboardRowSchema>;
export type FomoLeaderboard = z.output<typeof leaderboardSchema>;
export type FomoProfile = z.output<typeof profileSchema>;
export type FomoTokenRef = z.output<typeof tokenRefSchema>;
export type FomoPosition = z.output<typeof positionSchema>;
export type FomoPositionsPage = z.output<typeof positionsPageSchema>;
export type FomoSwap = z.output<typeof swapSchema>;
export type FomoSwapsPage = z.output<typeof swapsPageSchema>;
export type FomoHolding = z.output<typeof holdingSchema>;
export type FomoBalances = z.output<typeof balancesSchema>;
export type FomoSocialEntry = z.output<typeof socialEntrySchema>;
export type FomoSocialList = z.output<typeof socialListSchema>;
export type FomoThesis = z.output<typeof thesisSchema>;
export type FomoThesesPage = z.output<typeof thesesPageSchema>;
export type FomoSpotlight = z.output<typeof spotlightSchema>;
export type FomoSearchResult = z.output<typeof searchSchema>;
export type FomoTrade = z.output<typeof tradeSchema>;
export type FomoComment = z.output<typeof commentSchema>;
export type FomoAccount = z.output<typeof accountSchema>;
