import type { Chain } from '@scout/upstream';
import type { TrendDirection } from './calc/trend';

// ---------------------------------------------------------------------------------------------
// service_chain_health
// ---------------------------------------------------------------------------------------------

export interface ChainHealthRow {
  /** Scout's chain name, as asked. */
  chain: Chain;
  /** The chain's display label. */
  label: string;
  /** Total value locked in the chain's DeFi, in USD; null when DefiLlama does not list the chain. */
  tvlUsd: number | null;
  /** All stablecoins on the chain, in USD; null when DefiLlama does not list the chain. */
  stablecoinSupplyUsd: number | null;
  /** Stablecoin dollars in existence on the chain per dollar locked in its DeFi. */
  stablecoinsPerTvlDollar: number | null;
}

/** service_chain_health: per chain, TVL, total stablecoin supply, and stablecoin dollars per dollar locked in DeFi. */
export interface ChainHealthData {
  /** One row per chain asked, in the order asked. */
  chains: ChainHealthRow[];
}

// ---------------------------------------------------------------------------------------------
// service_chain_trend
// ---------------------------------------------------------------------------------------------

/** Change of the latest daily value against the latest value at least that many days older; null where the history does not reach. */
export interface WindowChanges {
  /** Change over 1 day, in percent. */
  change1dPct: number | null;
  /** Change over 7 days, in percent. */
  change7dPct: number | null;
  /** Change over 30 days, in percent. */
  change30dPct: number | null;
  /** Change over 90 days, in percent. */
  change90dPct: number | null;
  /** Change over one year (365 days), in percent. */
  change1yPct: number | null;
}

/** TVL of the chain (or all DeFi) now, its change over each window, and its all-time high. */
export interface ChainTrendTvl extends WindowChanges {
  /** Latest daily TVL, in USD; null when DefiLlama has no TVL history. */
  currentUsd: number | null;
  /** Day of the latest TVL value (ISO 8601 time); null without history. */
  asOf: string | null;
  /** Highest daily TVL on record, in USD. */
  allTimeHighUsd: number | null;
  /** First day at the all-time high (ISO 8601 time). */
  allTimeHighDate: string | null;
  /** How far the latest TVL sits below the all-time high, in percent (0 at the high). */
  belowAllTimeHighPct: number | null;
}

/** Stablecoin supply of the chain (or all DeFi) now and its change over each window. */
export interface ChainTrendStablecoins extends WindowChanges {
  /** Latest daily stablecoin supply, in USD; null when DefiLlama has no stablecoin history. */
  currentSupplyUsd: number | null;
  /** Day of the latest supply value (ISO 8601 time); null without history. */
  asOf: string | null;
}

/** One ISO week (Monday to Sunday, UTC) of the weekly series. */
export interface ChainTrendWeek {
  /** ISO week, e.g. '2025-W07'. */
  week: string;
  /** Monday of the week, YYYY-MM-DD. */
  weekStart: string;
  /** The last TVL value inside the week, in USD; null when there is none. */
  tvlUsd: number | null;
  /** The last stablecoin supply value inside the week, in USD; null when there is none. */
  stablecoinSupplyUsd: number | null;
}

/** service_chain_trend: TVL and stablecoin supply of a chain (or all DeFi), their changes, TVL all-time high, weekly series. */
export interface ChainTrendData {
  /** The chain asked for; null for DeFi as a whole. */
  chain: Chain | null;
  /** The chain's display label, or 'DeFi as a whole'. */
  scope: string;
  /** TVL now (USD), its change over 1d, 7d, 30d, 90d and 1y, its all-time high and how far below it. */
  tvl: ChainTrendTvl;
  /** Stablecoin supply now (USD) and its change over 1d, 7d, 30d, 90d and 1y. */
  stablecoins: ChainTrendStablecoins;
  /** The last value of each ISO week, oldest first, ending with the current week. */
  weekly: ChainTrendWeek[];
}

// ---------------------------------------------------------------------------------------------
// service_chain_revenue
// ---------------------------------------------------------------------------------------------

/** Revenue of a chain's protocols: what they keep of the fees users pay. */
export interface ChainRevenueFigures {
  /** Revenue over the last 24 hours, in USD. */
  usd24h: number | null;
  /** Revenue over the last 7 days, in USD. */
  usd7d: number | null;
  /** Revenue over the last 30 days, in USD. */
  usd30d: number | null;
}

/** Fees users pay to a chain's protocols. */
export interface ChainFeeFigures {
  /** Fees over the last 24 hours, in USD. */
  usd24h: number | null;
  /** Fees over the last 30 days, in USD. */
  usd30d: number | null;
}

/** One of a chain's top-earning protocols, ranked by 30-day revenue. */
export interface ChainTopEarner {
  /** The protocol's name as DefiLlama gives it, e.g. Uniswap. */
  name: string;
  /** DefiLlama's display name, which may name the version, e.g. Uniswap V3; null when DefiLlama leaves it out. */
  displayName: string | null;
  /** DefiLlama slug; null when DefiLlama leaves it out. */
  slug: string | null;
  /** DefiLlama's category for the protocol, e.g. Dexs or Lending; null when DefiLlama leaves it out. */
  category: string | null;
  /** Revenue over the last 24 hours, in USD. */
  revenue24hUsd: number | null;
  /** Revenue over the last 30 days, in USD. */
  revenue30dUsd: number | null;
  /** The protocol's 30-day revenue over the chain's, in percent. */
  shareOfChainRevenue30dPct: number | null;
}

export interface ChainRevenueRow {
  /** Scout's chain name. */
  chain: Chain;
  /** The chain's display label. */
  label: string;
  /** What the chain's protocols keep of the fees users pay, over 24h, 7d and 30d, in USD. */
  revenue: ChainRevenueFigures;
  /** What users pay the chain's protocols, over 24h and 30d, in USD. */
  fees: ChainFeeFigures;
  /** Revenue / fees over 30 days, in percent. */
  shareOfFeesKept30dPct: number | null;
  /** The last 7 days of revenue against the 7 before, in percent. */
  weekOverWeekPct: number | null;
  /** up or down beyond ±5% week over week, flat within; null when the change is unknown. */
  trend: TrendDirection | null;
  /** The chain's 30-day revenue over all DeFi revenue, in percent. */
  shareOfAllDefiRevenue30dPct: number | null;
  /** The chain's protocols ranked by 30-day revenue. */
  topEarners: ChainTopEarner[];
}

/** Revenue of all DeFi, the base of shareOfAllDefiRevenue30dPct. */
export interface AllDefiRevenue {
  /** Revenue over the last 24 hours, in USD. */
  usd24h: number | null;
  /** Revenue over the last 30 days, in USD. */
  usd30d: number | null;
}

/** service_chain_revenue: per chain, revenue, fees, share of fees kept, trend, share of all DeFi revenue, top earners. */
export interface ChainRevenueData {
  /** Ranked by 30-day revenue. */
  chains: ChainRevenueRow[];
  /** Revenue of all DeFi over 24h and 30d, in USD: the base of each chain's shareOfAllDefiRevenue30dPct. */
  allDefiRevenue: AllDefiRevenue;
}
