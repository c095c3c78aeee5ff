import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { SOLANA_ADDRESS, SOLANA_ADDRESS_RULE } from '@scout/upstream';

/** launchpad_token_report: one launchpad coin by its mint (the peer's input names). */
export class TokenReportInput {
  @IsString()
  @Matches(SOLANA_ADDRESS, { message: `mint must be ${SOLANA_ADDRESS_RULE}` })
  @JSONSchema({
    description: "The coin's Solana mint address (base58).",
    minLength: 32,
    maxLength: 44,
    // STONK, from the captured /api/tokens answer.
    examples: ['6GmAFSYs4gk3FDao5FzzySQpPZaWsa4rUJHacpMpUNgx'],
  })
  mint!: string;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({
    description: 'Also list which tracked FOMO traders hold the coin (their captured balances). The cost stays the same.',
    default: false,
  })
  includeTrackedHolders: boolean = false;
}
