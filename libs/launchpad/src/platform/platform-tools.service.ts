import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { LAUNCHPAD_CLIENT, type LaunchpadPort } from '../launchpad.ports';
import {
  burnsBySource,
  dailyTotals,
  enabledLaunchPaths,
  platformTotals,
  revenueSplit,
  rewardCoinRow,
  rewardsOverall,
  type BurnsBySource,
  type DailyTotals,
  type PlatformTotals,
  type RevenueSplit,
  type RewardCoinRow,
  type RewardsOverall,
} from './platform-figures';
import { LaunchpadRevenueInput, LaunchpadRewardsInput, LaunchpadStatsInput } from './platform.dto';

/** Burns over the launchpad's life. */
export interface PlatformBurns {
  /** USD at burn time; null when the site does not say. */
  totalUsd: number | null;
  /** Number of burns. */
  burnCount: number;
}

/** Buybacks over the launchpad's life. */
export interface BuybackTotals {
  /** USD spent on buybacks. */
  totalUsd: number;
  /** Number of buybacks. */
  count: number;
}

/** One buyback or burn. */
export interface RecentBuyback {
  /** The transaction signature (base58). */
  signature: string;
  /** buyback or burn. */
  kind: 'buyback' | 'burn';
  /** Solana mint of the coin bought back or burned. */
  mint: string;
  /** USD at the time; null when the site does not say. */
  valueUsd: number | null;
  /** ISO 8601. */
  at: string;
}

/** One UTC day of revenue, in USD. */
export interface DailyRevenue {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** Revenue that day, USD. */
  dailyRevenue: number;
  /** Revenue paid to holders that day, USD. */
  dailyHoldersRevenue: number;
  /** Revenue kept by the protocol that day, USD. */
  dailyProtocolRevenue: number;
}

/** One reward distribution to a coin's holders. */
export interface RecentDistribution {
  /** The payout's transaction signature (base58). */
  signature: string;
  /** Solana mint of the reward coin. */
  mint: string;
  /** Whole tokens of the reward coin. */
  amountTokens: number;
  /** USD value at payout; null when the site does not say. */
  valueUsd: number | null;
  /** Holders paid. */
  holderCount: number;
  /** ISO 8601. */
  paidAt: string;
}

export interface LaunchpadStatsData {
  /** Coin counts, total market cap and 24h volume, with graduatedPct and rewardLaunchPct. */
  totals: PlatformTotals;
  /** Revenue split (USD, with holders and protocol shares) plus buybackUsd (null when the site does not say). */
  revenue: RevenueSplit & {
    /** USD spent on buybacks over the launchpad's life; null when the site does not say. */
    buybackUsd: number | null;
  };
  /** Burn totals over the launchpad's life. */
  burns: PlatformBurns;
  /** Graduation thresholds and launch paths. */
  config: {
    /** Market cap (USD) at which a coin graduates, per launch path. */
    graduationThresholds: { [launchPath: string]: number };
    /** Each launch path and whether it is switched on. */
    launchPaths: { [launchPath: string]: boolean };
    /** The launch paths switched on, in the site's order. */
    enabledLaunchPaths: string[];
  };
}

export interface LaunchpadRevenueData {
  /** Total, holders' and protocol's revenue, USD, with their shares (percent). */
  revenue: RevenueSplit;
  /** Buybacks over the launchpad's life: USD and count. */
  buybacks: BuybackTotals;
  /** Burns by source (USD at burn, count) and their total. */
  burns: BurnsBySource;
  /** The newest buybacks and burns, up to `limit`. */
  recent: RecentBuyback[];
  /** With `history`: the daily USD series by UTC day, oldest first; else null. */
  daily: DailyRevenue[] | null;
  /** The daily series added up (it adds to the total revenue); null without `history`. */
  dailyTotals: DailyTotals | null;
}

export interface LaunchpadRewardsData {
  /** The per-coin payouts added up. */
  overall: RewardsOverall;
  /** Lifetime payouts per reward coin. */
  coins: RewardCoinRow[];
  /** The newest distributions, up to `limit`. */
  recent: RecentDistribution[];
}

/** The launchpad as a whole: its totals and config, the money it made and burned, what it paid holders. */
@Injectable()
export class PlatformToolsService {
  constructor(@Inject(LAUNCHPAD_CLIENT) private readonly launchpad: LaunchpadPort) {}

  @Tool({
    name: 'launchpad_stats',
    input: LaunchpadStatsInput,
    summary: 'Launchpad totals and config: coins, graduated, about to graduate, reward launches, market cap, volume, revenue and burns.',
    description:
      'totals: tokens, graduated, aboutToGraduate, rewardLaunches, total market cap and 24h volume, with graduatedPct and rewardLaunchPct; revenue (total, holders, protocol, buybacks) with the holders and protocol shares; burn totals; config: graduation thresholds (market cap per launch path) and the enabled launch paths. For money made over time use launchpad_revenue.',
  })
  async stats(_input: LaunchpadStatsInput): Promise<ToolResult<LaunchpadStatsData>> {
    const stats = await this.launchpad.stats();
    const { graduationThresholds, launchPaths } = stats.config;
    return {
      data: {
        totals: platformTotals(stats.totals),
        revenue: { ...revenueSplit(stats.revenue), buybackUsd: stats.revenue.buybackUsd },
        burns: stats.burns,
        config: { graduationThresholds, launchPaths, enabledLaunchPaths: enabledLaunchPaths(launchPaths) },
      },
    };
  }

  @Tool({
    name: 'launchpad_revenue',
    input: LaunchpadRevenueInput,
    summary: 'What the launchpad platform made, bought back and burned, across all coins; with history, by UTC day.',
    description:
      "revenue: total, holders' and protocol's USD with their shares; buybacks (USD, count); burns by source (USD at burn, count) and their total; the newest `limit` buybacks and burns. With history: the daily series by UTC day (dailyRevenue, dailyHoldersRevenue, dailyProtocolRevenue), oldest first, and dailyTotals, its sums (they add to the total revenue) and best day. One coin's burns: launchpad_token_burns.",
  })
  async revenue(input: LaunchpadRevenueInput): Promise<ToolResult<LaunchpadRevenueData>> {
    const answer = await this.launchpad.revenue(input.history ? { limit: input.limit, history: true } : { limit: input.limit });
    const daily = input.history ? answer.daily : null;
    const notes = input.history && daily === null ? ['The site returned no daily series: daily and dailyTotals are null (unknown, not zero).'] : undefined;
    return {
      data: {
        revenue: revenueSplit(answer.revenue),
        buybacks: answer.buybacks,
        burns: burnsBySource(answer.burnsBySource),
        recent: answer.recent.slice(0, input.limit),
        daily,
        dailyTotals: daily ? dailyTotals(daily) : null,
      },
      notes,
    };
  }

  @Tool({
    name: 'launchpad_rewards',
    input: LaunchpadRewardsInput,
    summary: 'What every reward coin on the launchpad has paid its holders: lifetime payouts per coin, their sum, recent distributions.',
    description:
      "coins: per reward coin, distributed raw and in whole tokens of its quote (from the raw amount and its decimals), USD, payout count, last payout. overall adds them: coins, USD (null when a coin's USD is missing), payouts, and tokens per quote mint. recent: the newest `limit` distributions. One coin's rewards: launchpad_token_rewards.",
  })
  async rewards(input: LaunchpadRewardsInput): Promise<ToolResult<LaunchpadRewardsData>> {
    const answer = await this.launchpad.rewards({ limit: input.limit });
    const coins = answer.coins.map(rewardCoinRow);
    const overall = rewardsOverall(coins);
    const notes =
      overall.distributedUsd === null ? ['A reward coin has no USD value for its payouts: overall.distributedUsd is null (unknown, not zero).'] : undefined;
    return { data: { overall, coins, recent: answer.recent.slice(0, input.limit) }, notes };
  }
}
