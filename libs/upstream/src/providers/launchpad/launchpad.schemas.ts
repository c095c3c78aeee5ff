import { z } from 'zod';

/*
 * The launchpad site's answers (StonkFun format, upstreams.md "StonkFun"). The site publishes no
 * schema: these shapes follow its captured `/api/tokens` answer and the peer's tool catalog, and
 * are the one statement of them Scout's client and sandbox share. Figures the site may leave out
 * (`creator`, `liquidityUsd`, `transferFee`, `flywheel`) become null, never 0. Raw token amounts
 * are u64 decimal strings and stay strings (BigInt where arithmetic needs them). Objects are not
 * strict, so a field the site adds later does not break parsing.
 */

const optionalNumber = z
  .number()
  .nullish()
  .transform((v) => v ?? null);
const optionalString = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
/** A raw u64 amount in base units, as decimal digits. */
const rawAmount = z.string().regex(/^\d+$/, 'expected a raw amount (decimal digits)');
const isoTime = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'expected an ISO 8601 time');
const optionalTime = isoTime.nullish().transform((v) => v ?? null);

/** How a coin launches: a Raydium pool, Raydium LaunchLab's bonding curve, or pump's curve. */
export const LAUNCH_PATHS = ['raydium', 'launchlab', 'pump'] as const;
export type LaunchPath = (typeof LAUNCH_PATHS)[number];
export const LAUNCH_MODES = ['standard', 'reward'] as const;
export type LaunchMode = (typeof LAUNCH_MODES)[number];
/** What `/api/tokens?status=` takes: still on its curve, or graduated to a pool. The site refuses anything else (400). */
export const LAUNCHPAD_TOKEN_STATUSES = ['bonding', 'graduated'] as const;
export type LaunchpadTokenStatus = (typeof LAUNCHPAD_TOKEN_STATUSES)[number];

/** The token a coin is paired against: an xStock, a stablecoin or a custom quote. */
export const launchpadQuoteSchema = z.object({
  mint: z.string().min(1),
  symbol: optionalString,
  name: optionalString,
  /** Relative on the site (`/api/asset/quote-logo/...`): the client makes it absolute. */
  logoUrl: optionalString,
  category: optionalString,
  categoryLabel: optionalString,
});

export const launchpadMarketSchema = z.object({
  priceUsd: optionalNumber,
  marketCapUsd: optionalNumber,
  fdvUsd: optionalNumber,
  volume24hUsd: optionalNumber,
  /** Absent on some rows of the captured answer. */
  liquidityUsd: optionalNumber,
  /** Percent. */
  priceChange24h: optionalNumber,
  peakMarketCapUsd: optionalNumber,
});

/** One coin as `/api/tokens` lists it. */
export const launchpadTokenSchema = z.object({
  mint: z.string().min(1),
  pool: optionalString,
  name: optionalString,
  symbol: optionalString,
  quote: launchpadQuoteSchema,
  /** Absent on some rows of the captured answer. */
  creator: optionalString,
  launchpad: z.enum(LAUNCH_PATHS),
  mode: z.enum(LAUNCH_MODES),
  quoteOnlyFees: z.boolean().nullish(),
  /** Reward mode: the Token-2022 transfer tax paid to holders, in basis points. */
  transferFee: z.object({ bps: z.number().int().nonnegative() }).nullish(),
  flywheel: z.object({ active: z.boolean() }).nullish(),
  imageUrl: optionalString,
  metadataUri: optionalString,
  links: z.record(z.string(), z.unknown()).nullish(),
  market: launchpadMarketSchema,
  /** e.g. `graduated`, `bonding`. */
  status: z.string(),
  /** 0..1 of the way to graduation. */
  graduationProgress: z.number().min(0).max(1).nullish(),
  graduatedAt: optionalTime,
  createdAt: isoTime,
});

export const launchpadPaginationSchema = z.object({
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
});

/** GET /api/tokens */
export const launchpadTokenListSchema = z.object({
  tokens: z.array(launchpadTokenSchema),
  pagination: launchpadPaginationSchema,
  network: optionalString,
  _generatedAt: optionalTime,
});

/** How a coin was launched: the launch record. */
export const launchpadLaunchRecordSchema = z.object({
  mint: z.string().min(1),
  pool: optionalString,
  name: optionalString,
  symbol: optionalString,
  creator: optionalString,
  quote: launchpadQuoteSchema,
  launchpad: z.enum(LAUNCH_PATHS),
  mode: z.enum(LAUNCH_MODES),
  transferFee: z.object({ bps: z.number().int().nonnegative() }).nullish(),
  startMarketCapUsd: optionalNumber,
  targetMarketCapUsd: optionalNumber,
  createdAt: isoTime,
});

/** GET /api/tokens/{mint}: the listing plus its launch record (null for a coin the site did not launch). */
export const launchpadTokenDetailSchema = z.object({
  token: launchpadTokenSchema.extend({ launch: launchpadLaunchRecordSchema.nullish().transform((v) => v ?? null) }),
  network: optionalString,
  _generatedAt: optionalTime,
});

/** GET /api/tokens/{mint}/burns?limit= */
export const launchpadTokenBurnsSchema = z.object({
  mint: z.string(),
  totals: z.object({
    symbol: optionalString,
    amountRaw: rawAmount,
    amountTokens: z.number().nonnegative(),
    valueUsdAtBurn: optionalNumber,
    burnCount: z.number().int().nonnegative(),
    lastBurnAt: optionalTime,
  }),
  burns: z.array(
    z.object({
      signature: z.string().min(1),
      symbol: optionalString,
      amountTokens: z.number().nonnegative(),
      valueUsdAtBurn: optionalNumber,
      /** e.g. `flywheel`. */
      source: z.string(),
      burnedAt: isoTime,
    }),
  ),
  _generatedAt: optionalTime,
});

const rewardAmountsSchema = z.object({
  distributedRaw: rawAmount,
  distributedTokens: z.number().nonnegative(),
  undistributedRaw: rawAmount,
  undistributedTokens: z.number().nonnegative(),
  queuedRaw: rawAmount,
  queuedTokens: z.number().nonnegative(),
  inFlightRaw: rawAmount,
  inFlightTokens: z.number().nonnegative(),
  strandedRaw: rawAmount,
  strandedTokens: z.number().nonnegative(),
  payoutCount: z.number().int().nonnegative(),
  holderCount: z.number().int().nonnegative(),
  lastPayoutAt: optionalTime,
});

const tokenRefSchema = z.object({ mint: z.string().min(1), symbol: optionalString, decimals: z.number().int().nonnegative() });

/** GET /api/tokens/{mint}/rewards?limit=: rewards null in standard mode. */
export const launchpadTokenRewardsSchema = z.object({
  mint: z.string(),
  mode: z.enum(LAUNCH_MODES),
  quote: tokenRefSchema,
  rewards: rewardAmountsSchema.nullish().transform((v) => v ?? null),
  base: tokenRefSchema.nullish().transform((v) => v ?? null),
  /** The newest payouts, up to `limit`. */
  payouts: z
    .array(
      z.object({
        signature: z.string().min(1),
        amountRaw: rawAmount,
        amountTokens: z.number().nonnegative(),
        holderCount: z.number().int().nonnegative(),
        paidAt: isoTime,
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
  _generatedAt: optionalTime,
});

/** GET /api/tokens/{mint}/airdrop?limit=: airdrop null (with a message) when the coin launched without one. */
export const launchpadTokenAirdropSchema = z.object({
  mint: z.string(),
  airdrop: z
    .object({
      /** Percent of supply carved out. */
      supplySharePct: z.number().min(0).max(100),
      walletCount: z.number().int().nonnegative(),
      snapshotSource: optionalString,
      recipients: z
        .array(z.object({ wallet: z.string().min(1), amountTokens: z.number().nonnegative() }))
        .nullish()
        .transform((v) => v ?? []),
    })
    .nullish()
    .transform((v) => v ?? null),
  message: optionalString,
  _generatedAt: optionalTime,
});

/** GET /api/tokens/{mint}/fees: claimable null, with a reason, for reward, pump and LaunchLab launches. */
export const launchpadTokenFeesSchema = z.object({
  mint: z.string(),
  creator: optionalString,
  claimable: z
    .object({ baseRaw: rawAmount, baseTokens: z.number().nonnegative(), quoteRaw: rawAmount, quoteTokens: z.number().nonnegative(), valueUsd: optionalNumber })
    .nullish()
    .transform((v) => v ?? null),
  reason: optionalString,
  _generatedAt: optionalTime,
});

/** GET /api/tokens/{mint}/backing: pump launches only (the site answers 400 for the others). */
export const launchpadTokenBackingSchema = z.object({
  mint: z.string(),
  launchpad: z.literal('pump'),
  quote: tokenRefSchema,
  lockedRaw: rawAmount,
  lockedTokens: z.number().nonnegative(),
  lockedUsd: optionalNumber,
  _generatedAt: optionalTime,
});

/** GET /api/launches?creator=&mode=&since=&page=&pageSize= (newest first). */
export const launchpadLaunchListSchema = z.object({
  launches: z.array(launchpadLaunchRecordSchema),
  pagination: launchpadPaginationSchema,
  _generatedAt: optionalTime,
});

/** GET /api/launches/status/{paymentSignature} */
export const launchpadLaunchStatusSchema = z.object({
  paymentSignature: z.string().min(1),
  status: z.enum(['processing', 'completed']),
  /** Set once completed. */
  mint: optionalString,
  updatedAt: optionalTime,
});

/** GET /api/pairs: the quote tokens a launch can pair against. */
export const launchpadPairListSchema = z.object({
  pairs: z.array(
    launchpadQuoteSchema.extend({
      decimals: z.number().int().nonnegative(),
      /** The SPL program that owns the mint (Token or Token-2022). */
      tokenProgram: z.string(),
      /** The platform allows launches against it. */
      launchable: z.boolean(),
      /** A Raydium LaunchLab GlobalConfig exists for it. */
      launchLabReady: z.boolean(),
    }),
  ),
  _generatedAt: optionalTime,
});

/** GET /api/launchlab/pricing/{quoteMint}: the curve's raw parameters (400 when the quote is not LaunchLab-ready). */
export const launchpadLaunchLabPricingSchema = z.object({
  quoteMint: z.string().min(1),
  quoteSymbol: optionalString,
  quoteDecimals: z.number().int().nonnegative(),
  /** USD per whole quote token now; null when unpriced. */
  quotePriceUsd: optionalNumber,
  baseDecimals: z.number().int().nonnegative(),
  /** Total supply of a new coin, raw. */
  supply: rawAmount,
  /** Base tokens the curve sells before graduating, raw. */
  totalSellA: rawAmount,
  /** Quote raised by the time totalSellA is sold, raw. */
  totalFundRaisingB: rawAmount,
  /** Virtual reserves of the constant-product curve at the start, raw. */
  virtualA: rawAmount,
  virtualB: rawAmount,
  /** Constants a create instruction needs (global and platform config, curve and migrate type, ...). */
  constants: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  _generatedAt: optionalTime,
});

/** GET /api/stats */
export const launchpadPlatformStatsSchema = z.object({
  totals: z.object({
    tokens: z.number().int().nonnegative(),
    graduated: z.number().int().nonnegative(),
    aboutToGraduate: z.number().int().nonnegative(),
    rewardLaunches: z.number().int().nonnegative(),
    totalMarketCapUsd: optionalNumber,
    volume24hUsd: optionalNumber,
  }),
  revenue: z.object({ totalUsd: optionalNumber, holdersUsd: optionalNumber, protocolUsd: optionalNumber, buybackUsd: optionalNumber }),
  burns: z.object({ totalUsd: optionalNumber, burnCount: z.number().int().nonnegative() }),
  config: z.object({
    /** Market cap (USD) at which a coin graduates, per launch path. */
    graduationThresholds: z.record(z.string(), z.number().nonnegative()),
    launchPaths: z.record(z.string(), z.boolean()),
  }),
  _generatedAt: optionalTime,
});

const dailyRevenueSchema = z.object({
  /** UTC day, YYYY-MM-DD. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  dailyRevenue: z.number().nonnegative(),
  dailyHoldersRevenue: z.number().nonnegative(),
  dailyProtocolRevenue: z.number().nonnegative(),
});

/** GET /api/revenue?limit=&history= */
export const launchpadPlatformRevenueSchema = z.object({
  revenue: z.object({ totalUsd: z.number().nonnegative(), holdersUsd: z.number().nonnegative(), protocolUsd: z.number().nonnegative() }),
  buybacks: z.object({ totalUsd: z.number().nonnegative(), count: z.number().int().nonnegative() }),
  /** Burned USD (at burn) by source, e.g. flywheel. */
  burnsBySource: z.record(z.string(), z.object({ valueUsd: z.number().nonnegative(), count: z.number().int().nonnegative() })),
  /** The newest buybacks and burns, up to `limit`. */
  recent: z.array(z.object({ signature: z.string().min(1), kind: z.enum(['buyback', 'burn']), mint: z.string(), valueUsd: optionalNumber, at: isoTime })),
  /** With `history=true`: oldest first. */
  daily: z
    .array(dailyRevenueSchema)
    .nullish()
    .transform((v) => v ?? null),
  _generatedAt: optionalTime,
});

/** GET /api/rewards?limit= */
export const launchpadPlatformRewardsSchema = z.object({
  coins: z.array(
    z.object({
      mint: z.string().min(1),
      symbol: optionalString,
      quote: tokenRefSchema,
      distributedRaw: rawAmount,
      distributedTokens: z.number().nonnegative(),
      distributedUsd: optionalNumber,
      payoutCount: z.number().int().nonnegative(),
      lastPayoutAt: optionalTime,
    }),
  ),
  recent: z.array(
    z.object({
      signature: z.string().min(1),
      mint: z.string().min(1),
      amountTokens: z.number().nonnegative(),
      valueUsd: optionalNumber,
      holderCount: z.number().int().nonnegative(),
      paidAt: isoTime,
    }),
  ),
  _generatedAt: optionalTime,
});

export type LaunchpadQuote = z.infer<typeof launchpadQuoteSchema>;
export type LaunchpadMarket = z.infer<typeof launchpadMarketSchema>;
export type LaunchpadToken = z.infer<typeof launchpadTokenSchema>;
export type LaunchpadTokenList = z.infer<typeof launchpadTokenListSchema>;
export type LaunchpadTokenDetail = z.infer<typeof launchpadTokenDetailSchema>;
export type LaunchRecord = z.infer<typeof launchpadLaunchRecordSchema>;
export type LaunchpadBurns = z.infer<typeof launchpadTokenBurnsSchema>;
export type LaunchpadTokenRewards = z.infer<typeof launchpadTokenRewardsSchema>;
export type LaunchpadAirdrop = z.infer<typeof launchpadTokenAirdropSchema>;
export type LaunchpadFees = z.infer<typeof launchpadTokenFeesSchema>;
export type LaunchpadBacking = z.infer<typeof launchpadTokenBackingSchema>;
export type LaunchList = z.infer<typeof launchpadLaunchListSchema>;
export type LaunchStatus = z.infer<typeof launchpadLaunchStatusSchema>;
export type LaunchpadPairs = z.infer<typeof launchpadPairListSchema>;
export type LaunchLabPricing = z.infer<typeof launchpadLaunchLabPricingSchema>;
export type LaunchpadStats = z.infer<typeof launchpadPlatformStatsSchema>;
export type LaunchpadRevenue = z.infer<typeof launchpadPlatformRevenueSchema>;
export type LaunchpadRewards = z.infer<typeof launchpadPlatformRewardsSchema>;
