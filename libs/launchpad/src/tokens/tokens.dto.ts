import { LAUNCH_MODES, LAUNCHPAD_TOKEN_STATUSES, type LaunchMode, type LaunchpadTokenStatus } from '@scout/upstream';
import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { COIN_MINT_EXAMPLE, IsSolanaAddress, LaunchpadPagingInput, QUOTE_MINT_EXAMPLE } from '../launchpad-inputs';

export const TOKEN_SORTS = ['marketCap', 'newest', 'volume'] as const;
export type TokenSort = (typeof TOKEN_SORTS)[number];

/** A filter word such as `graduated` or `xstock`: letters, digits, `_` and `-`. */
const FILTER_WORD = /^[A-Za-z0-9_-]{1,32}$/;
const FILTER_WORD_RULE = '1-32 letters, digits, _ or -';

/** launchpad_tokens */
export class LaunchpadTokensInput extends LaunchpadPagingInput {
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @JSONSchema({ description: 'Search name, symbol or mint (1-64 characters).', examples: ['NVDA'] })
  q?: string;

  @IsOptional()
  @IsIn(TOKEN_SORTS)
  @JSONSchema({ description: `Order: ${TOKEN_SORTS.join(', ')} (the site's default when not given).`, examples: ['newest'] })
  sort?: TokenSort;

  @IsOptional()
  @IsIn(LAUNCH_MODES)
  @JSONSchema({ description: 'Fee model: standard, or reward (a transfer tax paid to holders, buyback and burn).', examples: ['reward'] })
  mode?: LaunchMode;

  // The site takes only these (anything else it refuses, which would be a 502 naming its path).
  @IsOptional()
  @IsIn(LAUNCHPAD_TOKEN_STATUSES)
  @JSONSchema({ description: 'Graduation status: bonding (still on its curve) or graduated (trading in a pool).', examples: ['graduated'] })
  status?: LaunchpadTokenStatus;

  @IsOptional()
  @IsString()
  @IsSolanaAddress('mint')
  @JSONSchema({ description: 'Only coins paired with this quote mint (see launchpad_pairs).', minLength: 32, maxLength: 44, examples: [QUOTE_MINT_EXAMPLE] })
  quoteMint?: string;

  @IsOptional()
  @IsString()
  @Matches(FILTER_WORD, { message: `category must be ${FILTER_WORD_RULE}` })
  @JSONSchema({ description: "The quote's category, e.g. xstock or stablecoin.", examples: ['xstock'] })
  category?: string;
}

/** launchpad_token (and every tool about one launchpad coin). */
export class LaunchpadMintInput {
  @IsString()
  @IsSolanaAddress('mint')
  @JSONSchema({ description: 'Solana mint of a launchpad coin (base58).', minLength: 32, maxLength: 44, examples: [COIN_MINT_EXAMPLE] })
  mint!: string;
}
