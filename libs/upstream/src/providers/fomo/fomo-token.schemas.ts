import { z } from 'zod';
import { maybe, numeric, tokenRefSchema } from './fomo.schemas';

/*
 * The FOMO data API's token payloads (upstreams.md §2.1): stats, devs, tracked holders, token
 * boards, candles, token search, theses on a token and the alert feed. Same rules as the trader payloads: identifiers
 * required, every other missing value null.
 */

const text = z.string();
const count = z.number();

const flowWindowSchema = z.object({
  buys: maybe(numeric),
  sells: maybe(numeric),
  uniqueBuyers: maybe(numeric),
  uniqueSellers: maybe(numeric),
  /** Sent as decimal strings upstream. */
  buyVolumeUsd: maybe(numeric),
  sellVolumeUsd: maybe(numeric),
  netVolumeUsd: maybe(numeric),
  /** Null when there were no sells. */
  buySellRatio: maybe(numeric),
});

export const tokenStatsSchema = z.object({
  address: text,
  networkId: maybe(z.number().int()),
  priceUsd: maybe(numeric),
  holders: maybe(numeric),
  top10HoldersPercent: maybe(numeric),
  windows: z.object({
    '5m': maybe(flowWindowSchema),
    '1h': maybe(flowWindowSchema),
    '4h': maybe(flowWindowSchema),
    '24h': maybe(flowWindowSchema),
  }),
});

export const tokenDevSchema = z.object({
  userId: maybe(text),
  handle: maybe(text),
  wallet: maybe(text),
  isDev: maybe(z.boolean()),
  amount: maybe(count),
  valueUsd: maybe(count),
  costBasisUsd: maybe(count),
  realizedPnlUsd: maybe(count),
  unrealizedPnlUsd: maybe(count),
  averageEntryPrice: maybe(count),
  averageHoldTimeSeconds: maybe(count),
  tradeId: maybe(text),
  thesis: maybe(z.object({ thesisId: maybe(text), text: text, likes: maybe(count), ts: maybe(text) })),
});

export const tokenDevsSchema = z.object({
  devs: z.array(tokenDevSchema),
});

export const tokenHolderSchema = z.object({
  userId: maybe(text),
  handle: text,
  amount: maybe(count),
  valueUsd: maybe(count),
  priceUsd: maybe(count),
});

export const tokenHoldersSchema = z.object({
  holders: z.array(tokenHolderSchema),
  capturedAt: maybe(text),
});

export const tokenBoardNameSchema = z.enum(['trending', 'most-held', 'graduated']);

export const tokenBoardItemSchema = z.object({
  rank: z.number().int(),
  token: z.object({ name: maybe(text), symbol: maybe(text), address: text, networkId: maybe(z.number().int()) }),
  network: maybe(text),
  fomoBuyers: maybe(count),
  /** Null on the most-held board. */
  holders: maybe(count),
  priceUsd: maybe(count),
  change24h: maybe(count),
  marketCapUsd: maybe(count),
  volume24hUsd: maybe(count),
});

export const tokenBoardSchema = z.object({
  board: tokenBoardNameSchema,
  source: maybe(text),
  capturedAt: maybe(text),
  stale: maybe(z.boolean()),
  ageHours: maybe(count),
  count: maybe(count),
  tokens: z.array(tokenBoardItemSchema),
  available: maybe(z.boolean()),
});

export const alertSchema = z.object({
  eventId: text,
  /** FOMO names it `type` or `alertType`; both are read into `type`. */
  type: maybe(text),
  alertType: maybe(text),
  userId: maybe(text),
  tradeId: maybe(text),
  trader: maybe(text),
  token: maybe(z.union([text, tokenRefSchema])),
  tokenAddress: maybe(text),
  chain: maybe(text),
  chainId: maybe(z.union([z.number().int(), text])),
  /** On a buy, the position's mark after the fill; on a sell, the signed realized PnL. */
  usdValue: maybe(count),
  /** The fill's own size, when FOMO knows it. */
  tradeUsd: maybe(count),
  text: maybe(text),
  ts: maybe(z.union([text, count])),
});

export const alertsSchema = z.object({
  alerts: z.array(alertSchema),
  cursor: maybe(text),
});

/** Candle resolutions FOMO takes: minutes unless suffixed S (seconds) or D (days). */
export const FOMO_CANDLE_RESOLUTIONS = ['1S', '15S', '30S', '1', '5', '15', '30', '60', '240', '720', '1D', '7D'] as const;

export const candleSchema = z.object({
  /** Bucket start, unix seconds. */
  t: numeric,
  o: numeric,
  h: numeric,
  l: numeric,
  c: numeric,
  /** USD traded in the bucket. */
  v: maybe(numeric),
});

/** Candles are sparse: a bucket nobody traded in is left out. Oldest first. */
export const candlesSchema = z.object({
  /** Some answers name the token `token` rather than `address`; the client fills it in. */
  address: maybe(text),
  token: maybe(text),
  networkId: maybe(z.number().int()),
  resolution: z.union([text, z.number()]).transform(String),
  /** Whether the provider read the candles live or from its own store, and whether they are old (the peer passes both on). */
  source: maybe(text),
  stale: maybe(z.boolean()),
  candles: z.array(candleSchema),
});

export const tokenSearchResultSchema = z.object({
  address: text,
  name: maybe(text),
  symbol: maybe(text),
  networkId: maybe(z.number().int()),
  network: maybe(text),
  priceUsd: maybe(numeric),
  marketCapUsd: maybe(numeric),
});

export const tokenSearchSchema = z.object({
  results: z.array(tokenSearchResultSchema),
});

export type FomoTokenStats = z.output<typeof tokenStatsSchema>;
export type FomoTokenDev = z.output<typeof tokenDevSchema>;
export type FomoTokenHolder = z.output<typeof tokenHolderSchema>;
export type FomoTokenBoardName = z.infer<typeof tokenBoardNameSchema>;
export type FomoTokenBoard = z.output<typeof tokenBoardSchema>;
export type FomoAlert = z.output<typeof alertSchema>;
export type FomoAlerts = z.output<typeof alertsSchema>;
export type FomoCandleResolution = (typeof FOMO_CANDLE_RESOLUTIONS)[number];
export type FomoCandle = z.output<typeof candleSchema>;
export interface FomoCandles {
  address: string;
  networkId: number | null;
  resolution: string;
  source: string | null;
  stale: boolean | null;
  candles: FomoCandle[];
}
export interface FomoCandlesQuery {
  /** One of FOMO_CANDLE_RESOLUTIONS. */
  resolution: string;
  /** Buckets ending at `to` when `from` is not given: 1-1000 (FOMO's default 300). */
  countBack?: number;
  /** Unix seconds. */
  from?: number;
  /** Unix seconds (default: now). */
  to?: number;
  networkId?: number;
}
export type FomoTokenSearchResult = z.output<typeof tokenSearchResultSchema>;
