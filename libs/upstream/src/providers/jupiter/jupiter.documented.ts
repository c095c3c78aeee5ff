import { QUOTE_DOCS_EXAMPLE, SOL, USDC } from './jupiter.fixture';

/*
 * Schema variants Jupiter's documents allow, for the contract spec. Each builds on the published
 * examples in jupiter.fixture.ts and changes only what the named document permits. Documents:
 * jup-ag/docs (github.com/jup-ag/docs) at 1dda348d206ca25211ec225e250caaf7fbc195d5, copied in
 * ../shared/reference/upstream-specs/jupiter/ (price_v3_price.yaml, swap_v1_swap.yaml,
 * tokens_v2_tokens.yaml).
 */

/**
 * GET /price/v3 with both nullable fields null (price_v3_price.yaml: `blockId` and
 * `priceChange24h` are `nullable: true`; all six fields are required).
 */
export const PRICE_V3_NULLS = {
  [SOL]: { createdAt: '2024-06-05T08:55:25.527Z', liquidity: 621679197.67, usdPrice: 147.48, blockId: null, decimals: 9, priceChange24h: null },
};

/** GET /price/v3 with a `createdAt` carrying an offset (price_v3_price.yaml: `format: date-time`, RFC 3339). */
export const PRICE_V3_OFFSET_TIME = {
  [USDC]: { createdAt: '2024-06-05T10:55:25+02:00', liquidity: 1, usdPrice: 1, blockId: 1, decimals: 6, priceChange24h: 0 },
};

/** GET /price/v3 when no asked mint has a reliable price (price_v3_price.yaml: "Tokens without a reliable price are omitted"). */
export const PRICE_V3_EMPTY = {};

/**
 * GET /swap/v1/quote with only the fields swap_v1_swap.yaml's QuoteResponse lists as required
 * (inputMint, outputMint, inAmount, outAmount, otherAmountThreshold, swapMode, slippageBps,
 * priceImpactPct, routePlan), a RoutePlanStep with only `swapInfo`, a SwapInfo with only its
 * required ammKey/inputMint/outputMint/inAmount/outAmount.
 */
export const QUOTE_REQUIRED_ONLY = {
  inputMint: SOL,
  inAmount: '100000000',
  outputMint: USDC,
  outAmount: '16198753',
  otherAmountThreshold: '16117760',
  swapMode: 'ExactIn',
  slippageBps: 50,
  priceImpactPct: '0',
  routePlan: [
    { swapInfo: { ammKey: '5BKxfWMbmYBAEWvyPZS9esPducUba9GqyMjtLCfbaqyF', inputMint: SOL, outputMint: USDC, inAmount: '100000000', outAmount: '16198753' } },
  ],
};

/**
 * GET /swap/v1/quote with every nullable field null (swap_v1_swap.yaml: `mostReliableAmmsQuoteReport`,
 * RoutePlanStep `percent`, SwapInfo `feeAmount`/`feeMint` are `nullable: true`; `platformFee` null
 * as in swap/v1/get-quote.mdx's example answer).
 */
export const QUOTE_NULLS = {
  ...QUOTE_DOCS_EXAMPLE,
  platformFee: null,
  mostReliableAmmsQuoteReport: null,
  routePlan: [
    {
      ...QUOTE_DOCS_EXAMPLE.routePlan[0],
      swapInfo: { ...QUOTE_DOCS_EXAMPLE.routePlan[0].swapInfo, feeAmount: null, feeMint: null },
      percent: null,
      bps: 10000,
    },
  ],
};

/** GET /swap/v1/quote in ExactOut mode (swap_v1_swap.yaml SwapMode: `ExactIn`, `ExactOut`). */
export const QUOTE_EXACT_OUT = { ...QUOTE_DOCS_EXAMPLE, swapMode: 'ExactOut' };

/**
 * The quote endpoint's 400 answers for a swap it cannot route: jup-ag/docs
 * guides/how-to-build-a-custom-swap-with-metis.mdx, "Error handling / During quoting" lists the
 * codes; the body shape `{ error, errorCode }` is the one the same guide reads (`quoteResponse.error`).
 */
export const QUOTE_NO_ROUTE_ERRORS = [
  { error: 'Could not find any route', errorCode: 'COULD_NOT_FIND_ANY_ROUTE' },
  { error: 'No routes found', errorCode: 'NO_ROUTES_FOUND' },
  { error: 'The token is not tradable', errorCode: 'TOKEN_NOT_TRADABLE' },
  { error: 'Route plan does not consume all the amount', errorCode: 'ROUTE_PLAN_DOES_NOT_CONSUME_ALL_THE_AMOUNT' },
] as const;

/**
 * The rate-limit headers of jup-ag/docs portal/rate-limits.mdx ("Rate limit headers"): on
 * successful and 429 answers, not on 401/403.
 */
export const RATE_LIMIT_HEADERS = { 'x-ratelimit-remaining': '0', 'x-ratelimit-current': '60', 'x-ratelimit-reset': '1767225600' };

/** A MintInformation with no field at all (tokens_v2_tokens.yaml: MintInformation lists no `required`). */
export const MINT_EMPTY = {};

/** A MintInformation with every field tokens_v2_tokens.yaml marks `nullable: true` as null. */
export const MINT_NULLS = {
  id: SOL,
  icon: null,
  twitter: null,
  telegram: null,
  website: null,
  discord: null,
  instagram: null,
  tiktok: null,
  otherUrl: null,
  dev: null,
  mintAuthority: null,
  freezeAuthority: null,
  circSupply: null,
  totalSupply: null,
  launchpad: null,
  partnerConfig: null,
  graduatedPool: null,
  graduatedAt: null,
  holderCount: null,
  fdv: null,
  mcap: null,
  usdPrice: null,
  priceBlockId: null,
  liquidity: null,
  apy: null,
  stats5m: null,
  stats1h: null,
  stats6h: null,
  stats24h: { priceChange: null, buyVolume: null, sellVolume: null, buyOrganicVolume: null, sellOrganicVolume: null, numBuys: null },
  firstPool: null,
  audit: { isSus: null, mintAuthorityDisabled: null, freezeAuthorityDisabled: null, topHoldersPercentage: null, devBalancePercentage: null, devMints: null },
  isVerified: null,
  tags: null,
};

/** tokens_v2_tokens.yaml `organicScoreLabel` enum: high, medium, low. */
export const ORGANIC_SCORE_LABELS = ['high', 'medium', 'low'] as const;
