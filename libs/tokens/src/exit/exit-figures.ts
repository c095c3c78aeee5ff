import type { QuoteResponse } from '@scout/upstream';

/** The smaller sizes quoted beside the asked one (those below it), so depth shows as a curve. */
export const LADDER_USD = [100, 1_000, 10_000] as const;

/** The sizes to quote: the ladder's steps below `usd`, then `usd` itself, ascending. */
export function exitSizes(usd: number): number[] {
  return [...LADDER_USD.filter((step) => step < usd), usd];
}

/**
 * The raw amount of a token worth `usd` at `priceUsd`: floor(usd / price × 10^decimals), in exact
 * integer arithmetic past 2^53 (a meme coin's raw amounts do not fit a double); null when it is 0.
 */
export function rawAmountForUsd(usd: number, priceUsd: number, decimals: number): bigint | null {
  if (!(priceUsd > 0) || !(usd > 0) || !Number.isInteger(decimals) || decimals < 0) return null;
  const whole = usd / priceUsd;
  if (!Number.isFinite(whole)) return null;
  // The amount's 15 significant digits (all a double holds) as an integer times a power of ten,
  // then shifted by the decimals in integer arithmetic: floor, and exact however large.
  const [mantissa, exponent] = whole.toExponential(14).split('e');
  const digits = BigInt(mantissa.replace('.', ''));
  const shift = Number(exponent) - 14 + decimals;
  const raw = shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
  return raw > 0n ? raw : null;
}

/** A raw integer amount in whole units. */
export function fromRaw(raw: string | bigint, decimals: number): number {
  const value = BigInt(raw);
  const unit = 10n ** BigInt(decimals);
  return Number(value / unit) + Number(value % unit) / Number(unit);
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** One quoted sell into USDC. */
export interface ExitQuote {
  /** The USD size quoted for sale. */
  usd: number;
  /** Always true: this size has a route into USDC now. */
  routable: true;
  /** Raw token amount sold (a string: it may exceed 2^53). */
  amountRaw: string;
  /** The amount sold in whole tokens: amountRaw / 10^decimals. */
  amount: number;
  /** USDC the route pays out, before the slippage tolerance. */
  receivedUsd: number;
  /** The least it pays within the slippage tolerance asked. */
  minReceivedUsd: number;
  /** What the sale loses against the token's price, percent: (usd - received) / usd. */
  slippagePct: number;
  /** Jupiter's price impact, percent (its own figure is a fraction). */
  priceImpactPct: number;
  /** The venues (AMMs) the route passes through, in route order. */
  venues: string[];
}

export interface NoExit {
  /** The USD size quoted for sale. */
  usd: number;
  /** Always false: this size has no route into USDC now. */
  routable: false;
  /** Why: Jupiter's code (COULD_NOT_FIND_ANY_ROUTE, TOKEN_NOT_TRADABLE, ...), no_price or amount_too_small. */
  reason: string;
}

export function exitQuote(usd: number, amountRaw: bigint, decimals: number, quote: QuoteResponse, usdcDecimals: number): ExitQuote {
  const receivedUsd = fromRaw(quote.outAmount, usdcDecimals);
  const impact = Number(quote.priceImpactPct);
  return {
    usd,
    routable: true,
    amountRaw: amountRaw.toString(),
    amount: fromRaw(amountRaw, decimals),
    receivedUsd: round(receivedUsd, 6),
    minReceivedUsd: round(fromRaw(quote.otherAmountThreshold, usdcDecimals), 6),
    slippagePct: round(((usd - receivedUsd) / usd) * 100, 4),
    priceImpactPct: Number.isFinite(impact) ? round(impact * 100, 4) : 0,
    venues: [...new Set(quote.routePlan.map((step) => step.swapInfo.label ?? step.swapInfo.ammKey))],
  };
}

/** Buying with `usd` of USDC and selling straight back: what comes back, and the loss in percent. */
export interface RoundTrip {
  /** USD of USDC spent on the buy. */
  usd: number;
  /** True when both the buy and the sell back routed. */
  routable: boolean;
  /** Whole tokens the buy gets; null when the buy does not route. */
  tokensBought: number | null;
  /** USDC the sell back pays out, in USD; null when either leg does not route. */
  backUsd: number | null;
  /** What the round trip loses, percent of usd: (usd - backUsd) / usd; null when not routable. */
  lossPct: number | null;
  /** Why not routable: Jupiter's code or no_route; null when it routed. */
  reason: string | null;
}

export function roundTrip(usd: number, tokensBought: number | null, backUsd: number | null, reason: string | null): RoundTrip {
  if (tokensBought === null || backUsd === null) return { usd, routable: false, tokensBought, backUsd: null, lossPct: null, reason };
  return { usd, routable: true, tokensBought, backUsd: round(backUsd, 6), lossPct: round(((usd - backUsd) / usd) * 100, 4), reason: null };
}
