import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** The `trader` input every per-trader tool takes. */
export class TraderInput {
  @IsString()
  @Length(1, 100)
  @JSONSchema({ description: 'Trader handle (any case, @ optional) or FOMO user id (UUID). Prefer the user id when known: handles can change.' })
  trader!: string;
}

/** service_fomo_trader_following */
export class TraderFollowingInput extends TraderInput {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(300)
  @JSONSchema({ description: 'Accounts to return, 1-300 (the provider serves at most 300).', default: 100 })
  limit: number = 100;
}

/** service_fomo_trader_followers */
export class TraderFollowersInput extends TraderInput {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(200)
  @JSONSchema({ description: 'Followers to sample, 1-200 (the provider serves at most 200).', default: 100 })
  limit: number = 100;
}
