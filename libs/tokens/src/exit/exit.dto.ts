import { IsNumber, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { SolanaTokenInput } from '../solana-token-input.dto';

export const EXIT_MIN_USD = 10;
export const EXIT_MAX_USD = 1_000_000;

/** service_token_exit_check */
export class ExitCheckInput extends SolanaTokenInput {
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(EXIT_MIN_USD)
  @Max(EXIT_MAX_USD)
  @JSONSchema({ description: `Sell size in USD to quote, ${EXIT_MIN_USD}-${EXIT_MAX_USD.toLocaleString('en-US')}.`, default: 10_000, examples: [10_000] })
  usd: number = 10_000;
}
