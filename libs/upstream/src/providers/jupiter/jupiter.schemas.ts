import { z } from 'zod';

/*
 * Jupiter's published response shapes, field for field (jup-ag/docs openapi-spec: price/v3/price.yaml,
 * swap/v1/swap.yaml, tokens/v2/tokens.yaml). `nullable` and `required` follow the YAML exactly:
 * a field the YAML marks nullable accepts null, a field it does not list as required may be absent.
 * Objects are not strict, so a field Jupiter adds later does not break parsing.
 */

/** `type: string, format: date-time` (RFC 3339, `Z` or an offset). */
const dateTime = z.iso.datetime({ offset: true });

// ---- Price API v3: GET /price/v3?ids= ----

export const priceV3EntrySchema = z.object({
  createdAt: dateTime,
  /** Total liquidity in USD across all pools. */
  liquidity: z.number(),
  usdPrice: z.number(),
  blockId: z.number().int().nullable(),
  decimals: z.number().int(),
  /** 24-hour price change, in percent. */
  priceChange24h: z.number().nullable(),
});

/** Mint to price; mints without a reliable price are omitted by Jupiter. */
export const priceV3ResponseSchema = z.record(z.string(), priceV3EntrySchema);

export type PriceV3Entry = z.infer<typeof priceV3EntrySchema>;

// ---- Metis Swap API v1: GET /swap/v1/quote ----

export const swapModeSchema = z.enum(['ExactIn', 'ExactOut']);

const platformFeeSchema = z.object({
  amount: z.string().optional(),
  feeBps: z.number().int().optional(),
});

const swapInfoSchema = z.object({
  ammKey: z.string(),
  label: z.string().optional(),
  inputMint: z.string(),
  outputMint: z.string(),
  inAmount: z.string(),
  outAmount: z.string(),
  /** Deprecated upstream. */
  feeAmount: z.string().nullable().optional(),
  /** Deprecated upstream. */
  feeMint: z.string().nullable().optional(),
});

const routePlanStepSchema = z.object({
  swapInfo: swapInfoSchema,
  percent: z.number().int().nullable().optional(),
  bps: z.number().int().optional(),
});

export const quoteResponseSchema = z.object({
  inputMint: z.string(),
  inAmount: z.string(),
  outputMint: z.string(),
  /** Best output after AMM and platform fees, before slippage; raw units of the output mint. */
  outAmount: z.string(),
  /** `outAmount` after the `slippageBps` tolerance. */
  otherAmountThreshold: z.string(),
  swapMode: swapModeSchema,
  slippageBps: z.number().int().min(0),
  /**
   * Null when the quote was asked without `platformFeeBps` (Scout never sends it): jup-ag/docs
   * swap/v1/get-quote.mdx's example answer has `"platformFee": null`, though swap.yaml lists the
   * field as an object only. Scout reads nothing from it.
   */
  platformFee: platformFeeSchema.nullable().optional(),
  /** A decimal fraction in a string ("0.0001" is 0.01 %). */
  priceImpactPct: z.string(),
  routePlan: z.array(routePlanStepSchema),
  contextSlot: z.number().int().optional(),
  timeTaken: z.number().optional(),
  mostReliableAmmsQuoteReport: z
    .object({ info: z.record(z.string(), z.string()).optional() })
    .nullable()
    .optional(),
});

export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

// ---- Tokens API v2: GET /tokens/v2/search?query= ----

const swapStatsSchema = z.object({
  priceChange: z.number().nullable().optional(),
  holderChange: z.number().nullable().optional(),
  liquidityChange: z.number().nullable().optional(),
  volumeChange: z.number().nullable().optional(),
  buyVolume: z.number().nullable().optional(),
  sellVolume: z.number().nullable().optional(),
  buyOrganicVolume: z.number().nullable().optional(),
  sellOrganicVolume: z.number().nullable().optional(),
  numBuys: z.number().nullable().optional(),
  numSells: z.number().nullable().optional(),
  numTraders: z.number().nullable().optional(),
  numOrganicBuyers: z.number().nullable().optional(),
  numNetBuyers: z.number().nullable().optional(),
});

/** MintInformation lists no required fields: every field may be absent. */
export const mintInformationSchema = z.object({
  /** The mint address. */
  id: z.string().optional(),
  name: z.string().optional(),
  symbol: z.string().optional(),
  /** Logo URL. */
  icon: z.string().nullable().optional(),
  decimals: z.number().optional(),
  tokenProgram: z.string().optional(),
  createdAt: dateTime.optional(),
  twitter: z.string().nullable().optional(),
  telegram: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  discord: z.string().nullable().optional(),
  instagram: z.string().nullable().optional(),
  tiktok: z.string().nullable().optional(),
  otherUrl: z.string().nullable().optional(),
  dev: z.string().nullable().optional(),
  mintAuthority: z.string().nullable().optional(),
  freezeAuthority: z.string().nullable().optional(),
  circSupply: z.number().nullable().optional(),
  totalSupply: z.number().nullable().optional(),
  launchpad: z.string().nullable().optional(),
  partnerConfig: z.string().nullable().optional(),
  graduatedPool: z.string().nullable().optional(),
  graduatedAt: z.string().nullable().optional(),
  holderCount: z.number().nullable().optional(),
  fdv: z.number().nullable().optional(),
  mcap: z.number().nullable().optional(),
  usdPrice: z.number().nullable().optional(),
  priceBlockId: z.number().nullable().optional(),
  liquidity: z.number().nullable().optional(),
  apy: z.object({ jupEarn: z.number().optional() }).nullable().optional(),
  stats5m: swapStatsSchema.nullable().optional(),
  stats1h: swapStatsSchema.nullable().optional(),
  stats6h: swapStatsSchema.nullable().optional(),
  stats24h: swapStatsSchema.nullable().optional(),
  firstPool: z.object({ id: z.string().optional(), createdAt: z.string().optional() }).nullable().optional(),
  audit: z
    .object({
      isSus: z.boolean().nullable().optional(),
      mintAuthorityDisabled: z.boolean().nullable().optional(),
      freezeAuthorityDisabled: z.boolean().nullable().optional(),
      /** 0-100 scale. */
      topHoldersPercentage: z.number().nullable().optional(),
      /** 0-100 scale. */
      devBalancePercentage: z.number().nullable().optional(),
      devMints: z.number().nullable().optional(),
    })
    .nullable()
    .optional(),
  /** 0-100. */
  organicScore: z.number().optional(),
  /**
   * tokens.yaml enumerates high, medium, low. Scout only passes the label on (never branches on
   * it), so a label Jupiter adds later is kept as it comes rather than refused.
   */
  organicScoreLabel: z.string().optional(),
  isVerified: z.boolean().nullable().optional(),
  tags: z.array(z.string()).nullable().optional(),
  updatedAt: dateTime.optional(),
});

export const tokenSearchResponseSchema = z.array(mintInformationSchema);

export type MintInformation = z.infer<typeof mintInformationSchema>;
