import type { QuoteTokenRef } from '../quote-token';
import type { LaunchpadRevenue, LaunchpadRewards, LaunchpadStats } from '@scout/upstream';
import { sharePct, sumKnown, sumRaw, tokenAmount, type TokenAmount } from '../token-amount';

/*
 * The platform-wide figures: shares of revenue, the sums of the daily series and of the per-coin
 * rewards. A share or sum of a missing figure is null, never 0.
 */

/** Revenue split between the coins' holders and the protocol. */
export interface RevenueSplit {
  /** Total revenue, USD; null when the site does not say. */
  totalUsd: number | null;
  /** Revenue paid to the coins' holders, USD; null when the site does not say. */
  holdersUsd: number | null;
  /** Revenue kept by the protocol, USD; null when the site does not say. */
  protocolUsd: number | null;
  /** holdersUsd / totalUsd, percent. */
  holdersSharePct: number | null;
  /** protocolUsd / totalUsd, percent; null when either is unknown or the total is zero. */
  protocolSharePct: number | null;
}

export function revenueSplit(revenue: { totalUsd: number | null; holdersUsd: number | null; protocolUsd: number | null }): RevenueSplit {
  const { totalUsd, holdersUsd, protocolUsd } = revenue;
  return { totalUsd, holdersUsd, protocolUsd, holdersSharePct: sharePct(holdersUsd, totalUsd), protocolSharePct: sharePct(protocolUsd, totalUsd) };
}

export interface PlatformTotals {
  /** Coins on the launchpad. */
  tokens: number;
  /** Coins graduated from their curve to a pool. */
  graduated: number;
  /** Coins still bonding and close to graduation. */
  aboutToGraduate: number;
  /** Coins launched in reward mode. */
  rewardLaunches: number;
  /** Market cap of all coins, USD; null when the site does not say. */
  totalMarketCapUsd: number | null;
  /** Trading volume of all coins over the last 24h, USD; null when the site does not say. */
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
  /** Number of burns over every source. */
  count: number;
  /** Burned USD (at burn) and burn count per source, e.g. flywheel. */
  bySource: {
    [source: string]: {
      /** USD value of the source's burns, at burn. */
      valueUsd: number;
      /** Burns from the source. */
      count: number;
    };
  };
}

export function burnsBySource(bySource: LaunchpadRevenue['burnsBySource']): BurnsBySource {
  const rows = Object.values(bySource);
  return { totalUsd: rows.reduce((s, r) => s + r.valueUsd, 0), count: rows.reduce((s, r) => s + r.count, 0), bySource };
}

type DailyRevenue = NonNullable<LaunchpadRevenue['daily']>[number];

/** The daily series' sums: over every day, they are what the platform made in total. */
export interface DailyTotals {
  /** Days in the series. */
  days: number;
  /** Oldest UTC day, YYYY-MM-DD; null for an empty series. */
  firstDay: string | null;
  /** Newest UTC day, YYYY-MM-DD; null for an empty series. */
  lastDay: string | null;
  /** Revenue over the series, USD. */
  revenueUsd: number;
  /** Revenue paid to holders over the series, USD. */
  holdersRevenueUsd: number;
  /** Revenue kept by the protocol over the series, USD. */
  protocolRevenueUsd: number;
  /** The day that made the most revenue; null for an empty series. */
  bestDay: {
    /** The UTC day, YYYY-MM-DD. */
    day: string;
    /** Revenue that day, USD. */
    revenueUsd: number;
  } | null;
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
  /** Solana mint of the reward coin (base58). */
  mint: string;
  /** Coin ticker; null when the site does not say. */
  symbol: string | null;
  /** The token holders are paid in (the coin's quote). */
  quote: QuoteTokenRef;
  /** In the quote holders are paid in, from the raw amount and its decimals. */
  distributed: TokenAmount;
  /** USD value of everything distributed; null when the site does not say. */
  distributedUsd: number | null;
  /** Number of payouts made. */
  payoutCount: number;
  /** Time of the newest payout, ISO 8601 UTC; null when none or the site does not say. */
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
  /** Reward coins added up. */
  coins: number;
  /** Null when a coin's USD value is missing (a partial sum would read as the whole). */
  distributedUsd: number | null;
  /** Payouts over every coin. */
  payoutCount: number;
  /** Raw amounts added per quote mint (amounts in different tokens do not add). */
  distributedByQuote: {
    /** Solana mint of the quote token paid out (base58). */
    mint: string;
    /** Quote ticker; null when the site does not say. */
    symbol: string | null;
    /** Paid out in that quote over every reward coin paid in it: raw and whole tokens. */
    distributed: TokenAmount;
  }[];
  /** Newest payout over every coin, ISO 8601 UTC; null when none is dated. */
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
