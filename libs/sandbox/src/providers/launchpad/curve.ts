/**
 * LaunchLab's bonding curve per quote (constant product on virtual reserves A, B): a new coin starts
 * at price B/A quote per base (raw units) and graduates once totalSellA is sold, having raised
 * totalFundRaisingB = A·B/(A − totalSellA) − B. A and B are solved from the quote's raise and start
 * market cap (QUOTE_CURVES), then the raise is recomputed from them in BigInt so the raw strings
 * satisfy the curve exactly. With sell share s the graduation market cap is raise² / (startMcap · s²):
 * the raises below put it near the LaunchLab threshold of the stats' config (85,000 USD) at each
 * quote's level.
 */
import { LAUNCHPAD_DECIMALS, LAUNCHPAD_SUPPLY, type LaunchpadQuoteInfo } from '../../market';

/** Per quote: what a curve raises by graduation and a new coin's start market cap, in whole quote tokens. */
export const QUOTE_CURVES: Record<string, { raise: number; startMcap: number }> = {
  USDC: { raise: 16_350, startMcap: 5_000 },
  SPYx: { raise: 26.8, startMcap: 7.5 },
  NVDAx: { raise: 66, startMcap: 28 },
  STNK: { raise: 48_000, startMcap: 20_000 },
};
/** Share of the supply the curve sells before graduating. */
export const SELL_SHARE_BPS = 7_931n;

export interface LaunchLabCurve {
  supply: bigint;
  totalSellA: bigint;
  virtualA: bigint;
  virtualB: bigint;
  totalFundRaisingB: bigint;
}

/** The curve's raw parameters for a quote. */
export function launchLabCurve(q: LaunchpadQuoteInfo): LaunchLabCurve {
  const cfg = QUOTE_CURVES[q.symbol];
  const supply = BigInt(LAUNCHPAD_SUPPLY) * 10n ** BigInt(LAUNCHPAD_DECIMALS);
  const sellA = (supply * SELL_SHARE_BPS) / 10_000n;
  const scale = 10 ** q.decimals;
  const p0 = (cfg.startMcap * scale) / Number(supply);
  const raise = cfg.raise * scale;
  const virtualA = BigInt(Math.round((raise * Number(sellA)) / (raise - p0 * Number(sellA))));
  const virtualB = BigInt(Math.round(p0 * Number(virtualA)));
  const totalFundRaisingB = (virtualA * virtualB) / (virtualA - sellA) - virtualB;
  return { supply, totalSellA: sellA, virtualA, virtualB, totalFundRaisingB };
}

/** Market cap at graduation, in whole quote tokens: the price after totalSellA is sold, times the supply. */
export function graduationMarketCapInQuote(q: LaunchpadQuoteInfo): number {
  const c = launchLabCurve(q);
  const reserveA = c.virtualA - c.totalSellA;
  const reserveB = c.virtualB + c.totalFundRaisingB;
  // price (raw quote per raw base) × raw supply, in raw quote, then whole quote tokens.
  return Number((reserveB * c.supply) / reserveA) / 10 ** q.decimals;
}
