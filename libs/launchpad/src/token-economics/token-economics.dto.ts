import { Limit } from '@scout/core';
import { LaunchpadMintInput } from '../tokens/tokens.dto';

export const LAUNCHPAD_LIMIT_MAX = 100;
export const LAUNCHPAD_LIMIT_DEFAULT = 25;

/** launchpad_token_burns, _rewards, _airdrop, _fees: a coin and how many of its newest rows to list. */
export class LaunchpadMintLimitInput extends LaunchpadMintInput {
  @Limit(LAUNCHPAD_LIMIT_MAX, LAUNCHPAD_LIMIT_DEFAULT, `Newest rows to list, 1-${LAUNCHPAD_LIMIT_MAX}.`)
  limit: number = LAUNCHPAD_LIMIT_DEFAULT;
}
