import { z } from 'zod';

/**
 * Zod schemas of the DefiLlama payloads Scout reads, after the published OpenAPI documents
 * (defillama-openapi-free.json, -pro.json for /hacks) and DefiLlama's own SDK types where the
 * documents leave nullability out. The documents mark almost no field required (OpenAPI: a
 * property not in `required` may be absent), so only what a tool computes with is required here
 * (a payload without it fails here instead of turning into zeros); every display field may be
 * absent or null and reads as null. Unknown extra fields pass (stripped, never refused).
 */

/** A number DefiLlama may send as null or leave out; both mean "unknown". */
const maybeNumber = z.number().nullish();
const maybeString = z.string().nullish();

/** Unix seconds, sent as a number by most endpoints and as a digit string by the stablecoin charts. */
const unixSeconds = z.union([z.number(), z.string().regex(/^\d+$/, 'expected unix seconds').transform(Number)]);

/** Amounts keyed by peg type: `{ peggedUSD: 1.2e9, peggedEUR: ... }`. */
const peggedAmounts = z.record(z.string(), z.number().nullable());

// --- api.llama.fi: TVL ------------------------------------------------------------------------

export const chainsPayload = z.array(
  z.object({
    name: z.string(),
    tvl: z.number(),
    gecko_id: maybeString,
    tokenSymbol: maybeString,
    cmcId: maybeString,
    chainId: maybeNumber,
  }),
);

export const historicalChainTvlPayload = z.array(z.object({ date: z.number(), tvl: z.number() }));

export const protocolsPayload = z.array(
  z.object({
    /** Matches exploits by DefiLlama id; without it they are matched by name only. */
    id: maybeString,
    name: z.string(),
    /** In the SDK type and in live answers; absent from the free document's example. */
    slug: maybeString,
    symbol: maybeString,
    url: maybeString,
    category: maybeString,
    /** Shown, never computed with: absent reads as null. */
    chains: z.array(z.string()).nullish(),
    tvl: maybeNumber,
    chainTvls: z.record(z.string(), z.number().nullable()).nullish(),
    change_1h: maybeNumber,
    change_1d: maybeNumber,
    change_7d: maybeNumber,
    /** Count of audits as a digit string ("0".."3"). */
    audits: maybeString,
    audit_note: maybeString,
    audit_links: z.array(z.string()).nullish(),
    parentProtocol: maybeString,
    listedAt: maybeNumber,
    mcap: maybeNumber,
  }),
);

const tvlPoint = z.object({ date: z.number(), totalLiquidityUSD: z.number() });

export const protocolPayload = z.object({
  /** 'parent#aave' for a parent protocol: names its exploits; absent reads as null. */
  id: maybeString,
  name: z.string(),
  slug: maybeString,
  symbol: maybeString,
  url: maybeString,
  category: maybeString,
  chains: z.array(z.string()).nullish(),
  /** The protocol's total TVL history (SDK type); the free document shows only chainTvls. */
  tvl: z.array(tvlPoint).nullish(),
  /** Per chain (and per extra kind: 'staking', 'Ethereum-borrowed'); an entry without a `tvl` series adds nothing. */
  chainTvls: z.record(z.string(), z.object({ tvl: z.array(tvlPoint).nullish() })).nullish(),
  currentChainTvls: z.record(z.string(), z.number().nullable()).nullish(),
  audits: maybeString,
  audit_note: maybeString,
  audit_links: z.array(z.string()).nullish(),
  isParentProtocol: z.boolean().nullish(),
  otherProtocols: z.array(z.string()).nullish(),
  mcap: maybeNumber,
});

/** /hacks (public on api.llama.fi; `/api/hacks` in the Pro document). */
export const hacksPayload = z.array(
  z.object({
    date: z.number(),
    name: z.string(),
    classification: maybeString,
    technique: maybeString,
    amount: maybeNumber,
    chain: z.array(z.string()),
    bridgeHack: z.boolean().nullish(),
    targetType: maybeString,
    source: maybeString,
    returnedFunds: maybeNumber,
    defillamaId: z.union([z.number(), z.string()]).nullish(),
    language: maybeString,
    parentProtocolId: maybeString,
  }),
);

// --- stablecoins.llama.fi ---------------------------------------------------------------------

const chainCirculating = z.object({
  current: peggedAmounts,
  circulatingPrevDay: peggedAmounts.nullish(),
  circulatingPrevWeek: peggedAmounts.nullish(),
  circulatingPrevMonth: peggedAmounts.nullish(),
});

export const stablecoinsPayload = z.object({
  peggedAssets: z.array(
    z.object({
      id: maybeString,
      /** Shown only: absent reads as null. */
      name: maybeString,
      symbol: maybeString,
      gecko_id: maybeString,
      /**
       * The key of the supply figures ('peggedUSD', 'peggedEUR', 'peggedVAR', ... as documented and
       * seen live); any value passes, a USD peg is the only one Scout gives a peg status.
       */
      pegType: z.string(),
      pegMechanism: maybeString,
      circulating: peggedAmounts,
      circulatingPrevDay: peggedAmounts.nullish(),
      circulatingPrevWeek: peggedAmounts.nullish(),
      circulatingPrevMonth: peggedAmounts.nullish(),
      chainCirculating: z.record(z.string(), chainCirculating).nullish(),
      chains: z.array(z.string()).nullish(),
      price: maybeNumber,
      priceSource: maybeString,
    }),
  ),
});

/**
 * /stablecoinchains: the SDK and live answers carry `totalCirculatingUSD` (every peg in USD); the
 * free document shows `totalCirculating`. One of the two must be there.
 */
export const stablecoinChainsPayload = z.array(
  z
    .object({
      name: z.string(),
      gecko_id: maybeString,
      tokenSymbol: maybeString,
      totalCirculatingUSD: peggedAmounts.nullish(),
      totalCirculating: peggedAmounts.nullish(),
    })
    .refine((c) => c.totalCirculatingUSD != null || c.totalCirculating != null, {
      message: 'a chain needs totalCirculatingUSD or totalCirculating',
    }),
);

export const stablecoinChartsPayload = z.array(
  z
    .object({
      date: unixSeconds,
      totalCirculatingUSD: peggedAmounts.nullish(),
      totalCirculating: peggedAmounts.nullish(),
    })
    .refine((p) => p.totalCirculatingUSD != null || p.totalCirculating != null, {
      message: 'a point needs totalCirculatingUSD or totalCirculating',
    }),
);

// --- yields.llama.fi --------------------------------------------------------------------------

export const yieldPoolsPayload = z.object({
  /** 'success' in the document's example; Scout reads `data` whatever it says. */
  status: maybeString,
  data: z.array(
    z.object({
      /** The pool's id (a uuid), shown only: absent reads as null. */
      pool: maybeString,
      /** Filtered on (the chain and symbol filters) and ranked by (tvlUsd): required. */
      chain: z.string(),
      project: maybeString,
      symbol: z.string(),
      tvlUsd: z.number(),
      apy: maybeNumber,
      apyBase: maybeNumber,
      apyReward: maybeNumber,
      apyPct1D: maybeNumber,
      apyPct7D: maybeNumber,
      apyPct30D: maybeNumber,
      apyMean30d: maybeNumber,
      stablecoin: z.boolean().nullish(),
      /** 'no' | 'yes' in the document; passed on, so any text passes. */
      ilRisk: maybeString,
      /** 'single' | 'multi' in the document; passed on, so any text passes. */
      exposure: maybeString,
      poolMeta: maybeString,
      il7d: maybeNumber,
      volumeUsd1d: maybeNumber,
      volumeUsd7d: maybeNumber,
      rewardTokens: z.array(z.string().nullable()).nullish(),
      underlyingTokens: z.array(z.string().nullable()).nullish(),
    }),
  ),
});

// --- api.llama.fi: dimensions (DEX volume, fees and revenue, open interest) ----------------------

/** `{ <chain>: { <protocol or version>: value } }` */
const breakdown = z.record(z.string(), z.record(z.string(), z.number().nullable())).nullish();

const overviewTotals = {
  total24h: maybeNumber,
  total48hto24h: maybeNumber,
  total7d: maybeNumber,
  total14dto7d: maybeNumber,
  total30d: maybeNumber,
  total60dto30d: maybeNumber,
  total1y: maybeNumber,
  totalAllTime: maybeNumber,
  total7DaysAgo: maybeNumber,
  total30DaysAgo: maybeNumber,
  change_1d: maybeNumber,
  change_7d: maybeNumber,
  change_1m: maybeNumber,
  change_7dover7d: maybeNumber,
  change_30dover30d: maybeNumber,
  breakdown24h: breakdown,
  breakdown30d: breakdown,
};

export const overviewPayload = z.object({
  ...overviewTotals,
  chain: maybeString,
  allChains: z.array(z.string()).nullish(),
  protocols: z.array(
    z.object({
      ...overviewTotals,
      name: z.string(),
      defillamaId: z.union([z.string(), z.number()]).nullish(),
      displayName: maybeString,
      slug: maybeString,
      category: maybeString,
      protocolType: maybeString,
      parentProtocol: maybeString,
      chains: z.array(z.string()).nullish(),
      /** Shown on /overview/fees rows in the free document. */
      revenue24h: maybeNumber,
    }),
  ),
});

// --- coins.llama.fi ---------------------------------------------------------------------------

export const coinPricesPayload = z.object({
  coins: z.record(
    z.string(),
    z.object({
      price: z.number(),
      symbol: z.string(),
      timestamp: z.number(),
      decimals: maybeNumber,
      confidence: maybeNumber,
    }),
  ),
});

export type ChainsPayload = z.infer<typeof chainsPayload>;
export type ProtocolsPayload = z.infer<typeof protocolsPayload>;
export type ProtocolPayload = z.infer<typeof protocolPayload>;
export type HacksPayload = z.infer<typeof hacksPayload>;
export type StablecoinsPayload = z.infer<typeof stablecoinsPayload>;
export type OverviewPayload = z.infer<typeof overviewPayload>;
