import { Limit } from '@scout/core';
import { IsString, Length, Matches, type ValidationOptions } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/**
 * Refuses a text input with nothing to look up (blanks, or a lone @ before a handle): the provider
 * would be asked for an empty name. A 400 naming the field, before any charge.
 */
export function IsNotBlank(options: ValidationOptions = {}): PropertyDecorator {
  return Matches(/[^\s@]/, { message: '$property must name something: not only spaces or @', ...options });
}

/** The `trader` input every per-trader tool takes. */
export class TraderInput {
  @IsString()
  @Length(1, 100)
  @IsNotBlank()
  @JSONSchema({ description: 'Trader handle (any case, @ optional) or FOMO user id (UUID). Prefer the user id when known: handles can change.' })
  trader!: string;
}

/** service_fomo_trader_following */
export class TraderFollowingInput extends TraderInput {
  @Limit(300, 100, 'Accounts to return, 1-300 (the provider serves at most 300).')
  limit: number = 100;
}

/** service_fomo_trader_followers */
export class TraderFollowersInput extends TraderInput {
  @Limit(200, 100, 'Followers to sample, 1-200 (the provider serves at most 200).')
  limit: number = 100;
}

/** The `tradeId` input of the tools about one trade. */
export class TradeInput {
  @IsString()
  @Length(1, 200)
  @IsNotBlank()
  @JSONSchema({ description: 'The trade (position) id, from positions, spotlight, alerts (tradeId) or devs.' })
  tradeId!: string;
}
