import { IsBoolean, IsOptional } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { LaunchpadMintInput } from '../tokens/tokens.dto';

/** launchpad_token_report: one launchpad coin by its mint, and whether to add its tracked holders (the peer's input names). */
export class TokenReportInput extends LaunchpadMintInput {
  @IsOptional()
  @IsBoolean()
  @JSONSchema({
    description: 'Also list which tracked FOMO traders hold the coin (their captured balances). The cost stays the same.',
    default: false,
  })
  includeTrackedHolders: boolean = false;
}
