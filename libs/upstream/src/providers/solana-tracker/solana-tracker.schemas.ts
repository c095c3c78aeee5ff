import { z } from 'zod';

/*
 * The Solana token-analytics API's response shapes (Solana Tracker's Data API; upstreams.md §2.8,
 * field names from its published SDK interfaces), only the fields Scout reads. A figure the API
 * leaves out or sends as null becomes null, never 0; a list it leaves out becomes empty. Objects
 * are not strict, so a field the API adds later does not break parsing. Times: `created_time`
 * and chart `time` are unix seconds, every other instant (`createdAt`, `lastUpdated`,
 * `first_buy_time`, ...) milliseconds.
 */

const num = z
  .number()
  .nullish()
  .transform((v) => v ?? null);
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
const flag = z
  .boolean()
  .nullish()
  .transform((v) => v ?? null);
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);

const valuePair = z.object({ quote: num, usd: num });

export const poolSchema = z.object({
  poolId: z.string().min(1),
  liquidity: valuePair.nullish(),
  price: valuePair.nullish(),
  tokenSupply: num,
  /** Percent of the pool's LP tokens burned, 0-100. */
  lpBurn: num,
  tokenAddress: text,
  marketCap: valuePair.nullish(),
  /** The venue, e.g. raydium, pumpfun-amm, pumpfun (still on its bonding curve). */
  market: text,
  quoteToken: text,
  decimals: num,
  security: z.object({ freezeAuthority: text, mintAuthority: text }).nullish(),
  lastUpdated: num,
  deployer: text,
  txns: z.object({ buys: num, sells: num, total: num, volume: num, volume24h: num }).nullish(),
  curvePercentage: num,
  createdAt: num,
});

/** A wallet in a risk category; the wire names it `wallet` (older answers: `address`). */
const riskWalletSchema = z
  .object({ wallet: z.string().optional(), address: z.string().optional(), balance: num, percentage: num })
  .refine((w) => (w.wallet ?? w.address) !== undefined, 'a risk wallet needs wallet or address')
  .transform((w) => ({ wallet: (w.wallet ?? w.address)!, balance: w.balance, percentage: w.percentage }));

const riskCategorySchema = z.object({ count: num, totalBalance: num, totalPercentage: num, wallets: listOf(riskWalletSchema) });

export const riskFactorSchema = z.object({
  name: z.string(),
  description: text,
  value: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v))),
  /** "warning" or "danger". */
  level: z.string(),
  score: num,
});

/** GET /tokens/{mint}. */
export const tokenDetailSchema = z.object({
  token: z.object({
    name: text,
    symbol: text,
    mint: z.string().min(1),
    decimals: num,
    image: text,
    description: text,
    creation: z.object({ creator: z.string().min(1), created_tx: text, created_time: num }).nullish(),
  }),
  pools: listOf(poolSchema),
  /** Price change per window, "1m" to "24h" (12 windows); a window the API leaves out is absent. */
  events: z
    .record(z.string(), z.object({ priceChangePercentage: num }))
    .nullish()
    .transform((v) => v ?? {}),
  risk: z.object({
    snipers: riskCategorySchema.nullish(),
    insiders: riskCategorySchema.nullish(),
    bundlers: riskCategorySchema.nullish(),
    /** Percent of the supply the ten largest holders own. */
    top10: num,
    dev: z.object({ percentage: num, amount: num }).nullish(),
    rugged: flag,
    risks: listOf(riskFactorSchema),
    /** 0-10, higher is riskier. */
    score: num,
    jupiterVerified: flag,
  }),
  buys: num,
  sells: num,
  txns: num,
  holders: num,
});

/** GET /tokens/{mint}/bundlers. */
export const bundlersSchema = z.object({
  total: num,
  balance: num,
  percentage: num,
  initialBalance: num,
  initialPercentage: num,
  wallets: listOf(z.object({ wallet: z.string().min(1), initialBalance: num, initialPercentage: num, balance: num, percentage: num, bundleTime: num })),
});

/** What a token row carries on /deployer and /search alike. */
const listedTokenFields = {
  name: text,
  symbol: text,
  mint: z.string().min(1),
  decimals: num,
  poolAddress: text,
  liquidityUsd: num,
  marketCapUsd: num,
  priceUsd: num,
  lpBurn: num,
  market: text,
  freezeAuthority: text,
  mintAuthority: text,
  createdAt: num,
  lastUpdated: num,
  buys: num,
  sells: num,
  totalTransactions: num,
};

/** GET /deployer/{wallet}. */
export const deployerTokensSchema = z.object({
  total: num,
  tokens: listOf(z.object(listedTokenFields)),
});

/** One wallet's PnL on one token (PnLData). */
const pnlFields = {
  holding: num,
  held: num,
  sold: num,
  sold_usd: num,
  realized: num,
  unrealized: num,
  total: num,
  total_sold: num,
  total_invested: num,
  average_buy_amount: num,
  current_value: num,
  cost_basis: num,
  first_buy_time: num,
  last_buy_time: num,
  last_sell_time: num,
  last_trade_time: num,
  buy_transactions: num,
  sell_transactions: num,
  total_transactions: num,
};
export const pnlDataSchema = z.object(pnlFields);

/** A row of GET /first-buyers/{mint} and GET /top-traders/{mint}. */
export const traderRowSchema = z.object({
  wallet: z.string().min(1),
  first_buy: z.object({ signature: text, amount: num, volume_usd: num, time: num }).nullish(),
  first_sell_time: num,
  last_transaction_time: num,
  average_sell_amount: num,
  ...pnlFields,
});
export const traderRowsSchema = z.array(traderRowSchema);

/** GET /pnl/{wallet}. */
export const walletPnlSchema = z.object({
  tokens: z
    .record(z.string(), pnlDataSchema)
    .nullish()
    .transform((v) => v ?? {}),
  summary: z.object({
    realized: num,
    unrealized: num,
    total: num,
    totalInvested: num,
    averageBuyAmount: num,
    totalWins: num,
    totalLosses: num,
    winPercentage: num,
    lossPercentage: num,
  }),
});

/** A row of GET /search. */
export const searchResultSchema = z.object({
  ...listedTokenFields,
  deployer: text,
  status: text,
  holders: num,
  volume_24h: num,
});

/** GET /search. */
export const searchResponseSchema = z.object({
  status: text,
  data: z.array(searchResultSchema),
  total: num,
  pages: num,
  page: num,
});

/** One candle of GET /chart/{mint} (in market cap with marketCap=true). */
export const candleSchema = z.object({
  open: z.number(),
  close: z.number(),
  low: z.number(),
  high: z.number(),
  volume: num,
  /** Bucket start, unix seconds. */
  time: z.number().int(),
});

/** GET /chart/{mint}: the wire spells the list `oclhv`. */
export const chartResponseSchema = z.object({ oclhv: z.array(candleSchema) });

export type AnalyticsToken = z.infer<typeof tokenDetailSchema>;
export type AnalyticsPool = z.infer<typeof poolSchema>;
export type AnalyticsRiskFactor = z.infer<typeof riskFactorSchema>;
export type AnalyticsBundlers = z.infer<typeof bundlersSchema>;
export type AnalyticsDeployerTokens = z.infer<typeof deployerTokensSchema>;
export type AnalyticsTraderRow = z.infer<typeof traderRowSchema>;
export type AnalyticsWalletPnl = z.infer<typeof walletPnlSchema>;
export type AnalyticsTokenPnl = z.infer<typeof pnlDataSchema>;
export type AnalyticsSearchPage = z.infer<typeof searchResponseSchema>;
export type AnalyticsSearchResult = z.infer<typeof searchResultSchema>;
export type AnalyticsCandle = z.infer<typeof candleSchema>;
