/*
 * Raydium LaunchLab's bonding curve from the site's raw parameters. The curve is constant product on
 * virtual reserves: with a base tokens sold for b quote, the marginal price is
 * (virtualB + b) / (virtualA - a). It starts at virtualB / virtualA and graduates once totalSellA
 * base has been sold for totalFundRaisingB quote. Raw amounts are u64 decimal strings: sums and
 * products stay exact in BigInt, and only the final quotient becomes a number.
 */

/** The parameters a pricing answer carries (launchpadLaunchLabPricingSchema). */
export interface LaunchLabParams {
  quoteDecimals: number;
  baseDecimals: number;
  /** USD per whole quote token; null when unpriced. */
  quotePriceUsd: number | null;
  supply: string;
  totalSellA: string;
  totalFundRaisingB: string;
  virtualA: string;
  virtualB: string;
}

/** A point on the curve: price per whole base token and market cap of the whole supply, in quote and USD. */
export interface CurvePoint {
  /** Price of one whole coin, in whole quote tokens; null when the curve never reaches this point. */
  priceQuote: number | null;
  /** Price of one whole coin, USD; null when the quote is unpriced or priceQuote is null. */
  priceUsd: number | null;
  /** Market cap of the whole supply, in whole quote tokens; null when priceQuote is null. */
  marketCapQuote: number | null;
  /** Market cap of the whole supply, USD; null when the quote is unpriced or marketCapQuote is null. */
  marketCapUsd: number | null;
}

export interface LaunchLabCurve {
  supplyTokens: number;
  /** Base tokens the curve sells before graduating, whole. */
  totalSellTokens: number;
  /** Share of the supply the curve sells, percent. */
  sellSharePct: number | null;
  /** Quote raised by graduation, whole. */
  totalFundRaisingTokens: number;
  start: CurvePoint;
  graduation: CurvePoint;
  /** Graduation price over start price; null when either is unknown. */
  priceMultiple: number | null;
}

/** Significant digits kept when a BigInt quotient becomes a number (a double holds about 17). */
const QUOTIENT_DIGITS = 20;

/** n / d as a number, without losing precision to doubles on the way; null when d is not positive. */
export function bigRatio(n: bigint, d: bigint): number | null {
  if (d <= 0n || n < 0n) return null;
  if (n === 0n) return 0;
  // Scale so the integer quotient carries QUOTIENT_DIGITS digits, then scale back once.
  const shift = QUOTIENT_DIGITS - (n.toString().length - d.toString().length);
  if (shift >= 0) return Number((n * 10n ** BigInt(shift)) / d) / 10 ** shift;
  return Number(n / (d * 10n ** BigInt(-shift))) * 10 ** -shift;
}

/** A raw amount in whole tokens. */
export function wholeTokens(raw: bigint, decimals: number): number {
  return bigRatio(raw, 10n ** BigInt(decimals)) ?? 0;
}

/**
 * The curve's point where reserves are reserveA base and reserveB quote (raw, virtual included):
 * price = reserveB / reserveA per base unit, in whole tokens times 10^(baseDecimals - quoteDecimals);
 * market cap = price x supply in whole base tokens. Null figures when reserveA is not positive.
 */
export function curvePoint(p: LaunchLabParams, reserveA: bigint, reserveB: bigint): CurvePoint {
  const baseUnit = 10n ** BigInt(p.baseDecimals);
  const quoteUnit = 10n ** BigInt(p.quoteDecimals);
  // Price in whole quote per whole base: (reserveB / quoteUnit) / (reserveA / baseUnit).
  const priceQuote = bigRatio(reserveB * baseUnit, reserveA * quoteUnit);
  // Market cap in whole quote: price x supply / baseUnit = reserveB x supply / (reserveA x quoteUnit).
  const marketCapQuote = bigRatio(reserveB * BigInt(p.supply), reserveA * quoteUnit);
  const usd = (v: number | null) => (v === null || p.quotePriceUsd === null ? null : v * p.quotePriceUsd);
  return { priceQuote, priceUsd: usd(priceQuote), marketCapQuote, marketCapUsd: usd(marketCapQuote) };
}

/** Start and graduation of a LaunchLab curve, from the site's raw parameters. */
export function launchLabCurve(p: LaunchLabParams): LaunchLabCurve {
  const [supply, sellA, raiseB, virtualA, virtualB] = [p.supply, p.totalSellA, p.totalFundRaisingB, p.virtualA, p.virtualB].map((v) => BigInt(v));
  const start = curvePoint(p, virtualA, virtualB);
  const graduation = curvePoint(p, virtualA - sellA, virtualB + raiseB);
  const sellShare = bigRatio(sellA * 100n, supply);
  return {
    supplyTokens: wholeTokens(supply, p.baseDecimals),
    totalSellTokens: wholeTokens(sellA, p.baseDecimals),
    sellSharePct: sellShare,
    totalFundRaisingTokens: wholeTokens(raiseB, p.quoteDecimals),
    start,
    graduation,
    priceMultiple: start.priceQuote && graduation.priceQuote !== null ? graduation.priceQuote / start.priceQuote : null,
  };
}
