import type { AnalyticsTokenPnl, AnalyticsWalletPnl } from '@scout/upstream';

/*
 * The figures of a Solana wallet's PnL, from the token-analytics API's /pnl answer. The wallet-wide
 * figures are the provider's summary (it sums every coin, listed or not); the win rate and the
 * holdings are read here. A figure the provider did not send stays null, never 0.
 */

export interface PnlFigures {
  /** Realized profit (negative: loss) over every coin sold, USD; null when the provider did not send it. */
  realizedPnlUsd: number | null;
  /** Unrealized profit (negative: loss) on the coins still held, USD; null when the provider did not send it. */
  unrealizedPnlUsd: number | null;
  /** Realized plus unrealized. */
  totalPnlUsd: number | null;
  /** USD that went into the wallet's coins (buys and transfers in). */
  investedUsd: number | null;
  /** USD per buy, over every buy. */
  averageBuyUsd: number | null;
  /** Coins with a total PnL above zero, and below it. */
  wins: number | null;
  /** Coins with a total PnL below zero; null when the provider did not send it. */
  losses: number | null;
  /** wins / (wins + losses), in percent: coins at exactly zero are not counted. Null without a decided coin. */
  winRatePct: number | null;
}

export interface PnlHolding {
  /** Solana mint of the coin held (base58). */
  mint: string;
  /** Tokens held now. */
  amount: number;
  /** The holding at the price now. */
  valueUsd: number | null;
  /** Unrealized profit (negative: loss) on the coin, USD; null when the provider does not say. */
  unrealizedPnlUsd: number | null;
  /** Realized profit (negative: loss) on the coin's sales, USD; null when the provider does not say. */
  realizedPnlUsd: number | null;
  /** Average cost per token held. */
  costBasisUsd: number | null;
}

const cents = (x: number) => Math.round(x * 100) / 100;

/** The wallet-wide figures from the provider's summary. */
export function pnlFigures(summary: AnalyticsWalletPnl['summary']): PnlFigures {
  const { realized, unrealized, totalWins: wins, totalLosses: losses } = summary;
  const decided = wins !== null && losses !== null ? wins + losses : null;
  return {
    realizedPnlUsd: realized,
    unrealizedPnlUsd: unrealized,
    totalPnlUsd: summary.total ?? (realized !== null && unrealized !== null ? cents(realized + unrealized) : null),
    investedUsd: summary.totalInvested,
    averageBuyUsd: summary.averageBuyAmount,
    wins,
    losses,
    winRatePct: decided ? cents((100 * wins!) / decided) : null,
  };
}

/** The empty figures of a wallet with no trade: nothing to measure, so every figure is null. */
export function emptyPnlFigures(): PnlFigures {
  return {
    realizedPnlUsd: null,
    unrealizedPnlUsd: null,
    totalPnlUsd: null,
    investedUsd: null,
    averageBuyUsd: null,
    wins: null,
    losses: null,
    winRatePct: null,
  };
}

/**
 * Whether the provider knows any trade of the wallet: a coin listed, or (with the coins left out)
 * a summary showing money in, a decided coin or a PnL. An unused wallet's summary is all zeros.
 */
export function hasHistory(pnl: AnalyticsWalletPnl): boolean {
  if (Object.keys(pnl.tokens).length > 0) return true;
  const s = pnl.summary;
  return [s.totalInvested, s.totalWins, s.totalLosses, s.realized, s.unrealized].some((v) => v !== null && v !== 0);
}

/** The coins still held (a positive amount), largest value first; a coin without a value comes last. */
export function holdingsByValue(tokens: Record<string, AnalyticsTokenPnl>): PnlHolding[] {
  const rows: PnlHolding[] = [];
  for (const [mint, t] of Object.entries(tokens)) {
    if (t.holding === null || t.holding <= 0) continue;
    rows.push({
      mint,
      amount: t.holding,
      valueUsd: t.current_value,
      unrealizedPnlUsd: t.unrealized,
      realizedPnlUsd: t.realized,
      costBasisUsd: t.cost_basis,
    });
  }
  return rows.sort((a, b) => (b.valueUsd ?? -Infinity) - (a.valueUsd ?? -Infinity) || (a.mint < b.mint ? -1 : 1));
}

/** Sum of the priced holdings' values (as the portfolio tool: an unpriced one is out of the total), and how many were unpriced. */
export function holdingsTotal(holdings: readonly PnlHolding[]): { valueUsd: number; unpriced: number } {
  let sum = 0;
  let unpriced = 0;
  for (const h of holdings) {
    if (h.valueUsd === null) unpriced += 1;
    else sum += h.valueUsd;
  }
  return { valueUsd: cents(sum), unpriced };
}
