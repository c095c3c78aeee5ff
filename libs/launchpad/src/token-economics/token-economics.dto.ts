import { Limit } from '@scout/core';
import { IsString, Matches } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { SOLANA_ADDRESS, SOLANA_ADDRESS_RULE } from '@scout/upstream';

/** A coin on the launchpad as captured from the site (the peer's STONK), for the published examples. */
const EXAMPLE_MINT = '6GmAFSYs4gk3FDao5FzzySQpPZaWsa4rUJHacpMpUNgx';
export const LAUNCHPAD_LIMIT_MAX = 100;
export const LAUNCHPAD_LIMIT_DEFAULT = 25;

/** launchpad_token_backing: one coin by its mint (the peer's name for it). */
export class LaunchpadMintInput {
  @IsString()
  @Matches(SOLANA_ADDRESS, { message: `mint must be ${SOLANA_ADDRESS_RULE}` })
  @JSONSchema({ description: "The coin's Solana mint address (base58).", minLength: 32, maxLength: 44, examples: [EXAMPLE_MINT] })
  mint!: string;
}

/** launchpad_token_burns, _rewards, _airdrop, _fees: a coin and how many of its newest rows to list. */
export class LaunchpadMintLimitInput extends LaunchpadMintInput {
  @Limit(LAUNCHPAD_LIMIT_MAX, LAUNCHPAD_LIMIT_DEFAULT, `Newest rows to list, 1-${LAUNCHPAD_LIMIT_MAX}.`)
  limit: number = LAUNCHPAD_LIMIT_DEFAULT;
}
