import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import type { FomoSocialEntry } from '@scout/upstream';
import type { TraderSpotlight } from '../fomo-views';
import { TraderResolver, type TraderRef } from '../trader-resolver';
import { TraderFollowersInput, TraderFollowingInput, TraderInput } from '../trader-input.dto';
import { FOMO_TRADERS_CLIENT, type FomoTradersPort } from '../traders.ports';
import { followerMix, socialRow, type FollowerMix, type SocialRow } from './social-figures';

export interface FollowingData {
  /** The trader asked about: FOMO user id and handle. */
  trader: TraderRef;
  /** How many accounts the trader follows in all, when the provider says. */
  total: number | null;
  /** Accounts returned (at most limit). */
  count: number;
  /** The accounts followed, with their trades, volume, 24h PnL, age and verification. */
  following: SocialRow[];
}

export interface FollowersData {
  /** The trader asked about: FOMO user id and handle. */
  trader: TraderRef;
  /** Followers in all, when the provider says; the list is a sample of at most 200. */
  total: number | null;
  /** Followers in the sample returned. */
  sampled: number;
  /** True when the provider served fewer than the trader has. */
  sourceCapped: boolean;
  /** Real (has traded), empty (never traded) and unknown accounts in the sample, with the share of real ones. */
  mix: FollowerMix;
  /** The sampled followers. */
  followers: SocialRow[];
}

export interface SpotlightData extends TraderSpotlight {
  /** The trader asked about: FOMO user id and handle. */
  trader: TraderRef;
}

/** A trader's social graph and showcase: who they follow, who follows them (real or empty), their spotlight. */
@Injectable()
export class SocialToolsService {
  constructor(
    @Inject(FOMO_TRADERS_CLIENT) private readonly fomo: FomoTradersPort,
    private readonly traders: TraderResolver,
  ) {}

  @Tool({
    name: 'service_fomo_trader_following',
    input: TraderFollowingInput,
    summary: 'The accounts a tracked trader follows, with their trades, volume, 24h PnL, age and verification.',
    description: 'Up to 300 accounts, as the provider lists them. Useful to see whose calls a trader watches.',
  })
  async following(input: TraderFollowingInput): Promise<ToolResult<FollowingData>> {
    const trader = await this.traders.resolve(input.trader);
    const list = await this.fomo.following(trader.userId, input.limit);
    const following = list.users.slice(0, input.limit).map(socialRow);
    return { data: { trader, total: list.total, count: following.length, following } };
  }

  @Tool({
    name: 'service_fomo_trader_followers',
    input: TraderFollowersInput,
    summary: "A sample of a tracked trader's followers, split into real accounts (that trade) and empty ones.",
    description:
      'The provider serves at most 200 followers; total says how many there are in all. mix counts real (has traded), empty (never traded) and unknown accounts in the sample, with the share of real ones.',
  })
  async followers(input: TraderFollowersInput): Promise<ToolResult<FollowersData>> {
    const trader = await this.traders.resolve(input.trader);
    const list = await this.fomo.followers(trader.userId, input.limit);
    const sample: FomoSocialEntry[] = list.users.slice(0, input.limit);
    const total = list.total;
    const sourceCapped = list.sourceCapped === true || (total !== null && total > list.users.length);
    const notes = sourceCapped ? [`A sample of ${sample.length} of ${total ?? 'more'} followers: the provider serves at most 200.`] : [];
    return {
      data: { trader, total, sampled: sample.length, sourceCapped, mix: followerMix(sample), followers: sample.map(socialRow) },
      notes,
    };
  }

  @Tool({
    name: 'service_fomo_trader_spotlight',
    input: TraderInput,
    summary: "A tracked trader's best trades and most-liked written calls (theses).",
    description: 'As the provider features them: each trade with entry, exit and PnL, each thesis with its likes.',
  })
  async spotlight(input: TraderInput): Promise<ToolResult<SpotlightData>> {
    const trader = await this.traders.resolve(input.trader);
    const spotlight = await this.fomo.spotlight(trader.userId);
    return { data: { trader, bestTrades: spotlight.bestTrades, bestTheses: spotlight.bestTheses } };
  }
}
