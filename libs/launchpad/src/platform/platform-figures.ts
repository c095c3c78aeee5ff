import type { QuoteTokenRef } from '../quote-token';
import type { LaunchpadRevenue, LaunchpadRewards, LaunchpadStats } from '@scout/upstream';
import { sharePct, sumKnown, sumRaw, tokenAmount, type TokenAmount } from '../token-amount';

/*
 * The platform-wide figures: shares of revenue, the sums of the daily series and of the per-coin
 * rewards. A share or sum of a missing figure is null, never 0.
 */

/** Revenue split between the coins' holders and the protocol. */
export interface RevenueSplit {
  totalUsd: number | null;
  holdersUsd: number | null;
  protocolUsd: number | null;
  /** holdersUsd / totalUsd, percent. */
  holdersSharePct: number | null;
  protocolSharePct: number | null;
}

export function revenueSplit(revenue: { totalUsd: number | null; holdersUsd: number | null; protocolUsd: number | null }): RevenueSplit {
  const { totalUsd, holdersUsd, protocolUsd } = revenue;
  return { totalUsd, holdersUsd, protocolUsd, holdersSharePct: sharePct(holdersUsd, totalUsd), protocolSharePct: sharePct(protocolUsd, totalUsd) };
}

export interface PlatformTotals {
  tokens: number;
  graduated: number;
  aboutToGraduate: number;
  rewardLaunches: number;
  totalMarketCapUsd: number | null;
  volume24hUsd: number | null;
  /** graduated / tokens, percent. */
  graduatedPct: number | null;
  /** rewardLaunches / tokens, percent. */
  rewardLaunchPct: number | null;
}

export function platformTotals(totals: LaunchpadStats['totals']): PlatformTotals {
  return {
    ...totals,
    graduatedPct: sharePct(totals.graduated, totals.tokens),
    rewardLaunchPct: sharePct(totals.rewardLaunches, totals.tokens),
  };
}

/** The launch paths switched on, in the site's order. */
export function enabledLaunchPaths(launchPaths: Record<string, boolean>): string[] {
  return Object.entries(launchPaths)
    .filter(([, on]) => on)
    .map(([path]) => path);
}

export interface BurnsBySource {
  /** Burned USD (at burn) over every source. */
  totalUsd: number;
  count: number;
  bySource: { [source: string]: { valueUsd: number; count: number } };
}

export function burnsBySource(bySource: LaunchpadRevenue['burnsBySource']): BurnsBySource {
  const rows = Object.values(bySource);
  return { totalUsd: rows.reduce((s, r) => s + r.valueUsd, 0), count: rows.reduce((s, r) => s + r.count, 0), bySource };
}

type DailyRevenue = NonNullable<LaunchpadRevenue['daily']>[number];

/** The daily series' sums: over every day, they are what the platform made in total. */
export interface DailyTotals {
  days: number;
  firstDay: string | null;
  lastDay: string | null;
  revenueUsd: number;
  holdersRevenueUsd: number;
  protocolRevenueUsd: number;
  /** The day that made the most revenue; null for an empty series. */
  bestDay: { day: string; revenueUsd: number } | null;
}

export function dailyTotals(daily: readonly DailyRevenue[]): DailyTotals {
  const best = daily.reduce<DailyRevenue | null>((top, d) => (top === null || d.dailyRevenue > top.dailyRevenue ? d : top), null);
  return {
    days: daily.length,
    firstDay: daily[0]?.day ?? null,
    lastDay: daily[daily.length - 1]?.day ?? null,
    revenueUsd: daily.reduce((s, d) => s + d.dailyRevenue, 0),
    holdersRevenueUsd: daily.reduce((s, d) => s + d.dailyHoldersRevenue, 0),
    protocolRevenueUsd: daily.reduce((s, d) => s + d.dailyProtocolRevenue, 0),
    bestDay: best ? { day: best.day, revenueUsd: best.dailyRevenue } : null,
  };
}

type RewardCoin = LaunchpadRewards['coins'][number];

export interface RewardCoinRow {
  mint: string;
  symbol: string | null;
  quote: QuoteTokenRef;
  /** In the quote holders are paid in, from the raw amount and its decimals. */
  distributed: TokenAmount;
  distributedUsd: number | null;
  payoutCount: number;
  lastPayoutAt: string | null;
}

export function rewardCoinRow(coin: RewardCoin): RewardCoinRow {
  return {
    mint: coin.mint,
    symbol: coin.symbol,
    quote: coin.quote,
    distributed: tokenAmount(coin.distributedRaw, coin.quote.decimals),
    distributedUsd: coin.distributedUsd,
    payoutCount: coin.payoutCount,
    lastPayoutAt: coin.lastPayoutAt,
  };
}

/** The per-coin payouts added up: the platform's lifetime rewards. */
export interface RewardsOverall {
  coins: number;
  /** Null when a coin's USD value is missing (a partial sum would read as the whole). */
  distributedUsd: number | null;
  payoutCount: number;
  /** Raw amounts added per quote mint (amounts in different tokens do not add). */
  distributedByQuote: { mint: string; symbol: string | null; distributed: TokenAmount }[];
  lastPayoutAt: string | null;
}

export function rewardsOverall(rows: readonly RewardCoinRow[]): RewardsOverall {
  const byQuote = new Map<string, { quote: RewardCoinRow['quote']; raws: string[] }>();
  for (const row of rows) {
    const entry = byQuote.get(row.quote.mint) ?? { quote: row.quote, raws: [] };
    entry.raws.push(row.distributed.raw);
    byQuote.set(row.quote.mint, entry);
  }
  const last = rows.map((r) => r.lastPayoutAt).filter((t): t is string => t !== null);
  return {
    coins: rows.length,
    distributedUsd: sumKnown(rows.map((r) => r.distributedUsd)),
    payoutCount: rows.reduce((s, r) => s + r.payoutCount, 0),
    distributedByQuote: [...byQuote.values()].map(({ quote, raws }) => ({
      mint: quote.mint,
      symbol: quote.symbol,
      distributed: tokenAmount(sumRaw(raws), quote.decimals),
    })),
    lastPayoutAt: last.length ? last.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b)) : null,
  };
}
