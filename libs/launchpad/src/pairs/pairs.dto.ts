import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IsSolanaAddress, QUOTE_MINT_EXAMPLE } from '../launchpad-inputs';

/** launchpad_pairs */
export class LaunchpadPairsInput {
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,32}$/, { message: 'category must be 1-32 letters, digits, _ or -' })
  @JSONSchema({ description: 'Only quotes of this category, e.g. xstock, stablecoin or custom.', examples: ['xstock'] })
  category?: string;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Only quotes the platform does (true) or does not (false) allow launches against.', examples: [true] })
  launchable?: boolean;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({
    description: 'Only quotes with (true) or without (false) a Raydium LaunchLab config, i.e. launchpad_launchlab_pricing answers for them.',
    examples: [true],
  })
  launchLabReady?: boolean;
}

/** launchpad_launchlab_pricing */
export class LaunchLabPricingInput {
  @IsString()
  @IsSolanaAddress('mint')
  @JSONSchema({ description: 'Quote mint from launchpad_pairs (one with launchLabReady true).', minLength: 32, maxLength: 44, examples: [QUOTE_MINT_EXAMPLE] })
  quoteMint!: string;
}
