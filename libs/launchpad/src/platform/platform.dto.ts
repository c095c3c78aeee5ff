import { Limit } from '@scout/core';
import { IsBoolean, IsOptional } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { LAUNCHPAD_LIMIT_DEFAULT, LAUNCHPAD_LIMIT_MAX } from '../token-economics/token-economics.dto';

/** launchpad_stats takes no input. */
export class LaunchpadStatsInput {}

/** launchpad_rewards */
export class LaunchpadRewardsInput {
  @Limit(LAUNCHPAD_LIMIT_MAX, LAUNCHPAD_LIMIT_DEFAULT, `Recent distributions to list, newest first, 1-${LAUNCHPAD_LIMIT_MAX}.`)
  limit: number = LAUNCHPAD_LIMIT_DEFAULT;
}

/** launchpad_revenue */
export class LaunchpadRevenueInput {
  @Limit(LAUNCHPAD_LIMIT_MAX, LAUNCHPAD_LIMIT_DEFAULT, `Recent buybacks and burns to list, newest first, 1-${LAUNCHPAD_LIMIT_MAX}.`)
  limit: number = LAUNCHPAD_LIMIT_DEFAULT;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Also return the daily USD series by UTC day, with its sums.', default: false, examples: [true] })
  history: boolean = false;
}
