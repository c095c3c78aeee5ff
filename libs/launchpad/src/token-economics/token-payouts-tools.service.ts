import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { LAUNCHPAD_CLIENT, type LaunchpadPort } from '../launchpad.ports';
import { claimableFees, payoutRows, rewardFigures, type TokenFeesPart, type TokenRewardsPart } from './token-economics-figures';
import { LaunchpadMintLimitInput } from './token-economics.dto';

export interface LaunchpadTokenRewardsData extends TokenRewardsPart {
  /** Solana mint of the coin, as asked. */
  mint: string;
}

export interface LaunchpadTokenFeesData extends TokenFeesPart {
  /** Solana mint of the coin, as asked. */
  mint: string;
}

/** Who a launchpad coin pays: its holders (reward mode) and its creator (claimable trading fees). */
@Injectable()
export class TokenPayoutsToolsService {
  constructor(@Inject(LAUNCHPAD_CLIENT) private readonly launchpad: LaunchpadPort) {}

  @Tool({
    name: 'launchpad_token_rewards',
    input: LaunchpadMintLimitInput,
    summary: 'What a reward coin has paid its holders from its transfer tax: distributed, still to pay, payouts and holders.',
    description:
      'Reward mode (a Token-2022 transfer tax paid to holders): distributed, undistributed, queued, inFlight and stranded, each raw and in whole tokens of the quote holders are paid in (from the raw amount and its decimals), accrued (distributed + undistributed) and distributedPct, payoutCount, holderCount, lastPayoutAt; the newest `limit` payouts. A standard-mode coin answers mode standard with rewards null and a note: it pays holders nothing. Unknown mint 404.',
  })
  async rewards(input: LaunchpadMintLimitInput): Promise<ToolResult<LaunchpadTokenRewardsData>> {
    const { mint } = input;
    const answer = await this.launchpad.tokenRewards(mint, input.limit);
    const { decimals } = answer.quote;
    const rewards = rewardFigures(answer.rewards, decimals);
    const notes: string[] = [];
    if (answer.mode === 'standard') notes.push('A standard-mode coin has no transfer tax and pays its holders no rewards: rewards is null.');
    else if (rewards === null) notes.push('The site gave no reward figures for this reward coin: rewards is null (unknown, not zero).');
    return {
      data: {
        mint,
        mode: answer.mode,
        quote: answer.quote,
        base: answer.base,
        rewards,
        payouts: payoutRows(answer.payouts.slice(0, input.limit), decimals),
      },
      notes: notes.length ? notes : undefined,
    };
  }

  @Tool({
    name: 'launchpad_token_fees',
    input: LaunchpadMintLimitInput,
    summary: "Trading fees a launchpad coin's creator can still claim, in the coin and in its quote.",
    description:
      "claimable: base (the coin) and quote, each raw and in whole tokens, and their USD value; creator. Reward coins, pump and LaunchLab launches answer claimable null with the site's reason (their fees go elsewhere). limit is accepted for the peer's inputs; the answer lists no rows. Unknown mint 404.",
  })
  async fees(input: LaunchpadMintLimitInput): Promise<ToolResult<LaunchpadTokenFeesData>> {
    const { mint } = input;
    const answer = await this.launchpad.fees(mint);
    const claimable = claimableFees(answer.claimable);
    const notes =
      claimable === null && answer.reason === null ? ['The site gave no claimable fees and no reason: claimable is null (unknown, not zero).'] : undefined;
    return { data: { mint, creator: answer.creator, claimable, reason: answer.reason }, notes };
  }
}
