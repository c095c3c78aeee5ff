import { validationRule } from '@scout/core';
import { IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { EVM_ADDRESS, SOLANA_ADDRESS, SOLANA_ADDRESS_RULE } from '@scout/upstream';

/**
 * A Solana mint, for the on-chain token checks (Solana only). An EVM contract is refused with the
 * tool that reads one (`evmTool`), so the caller knows where to go instead.
 */
export function IsSolanaMint(evmTool: string): PropertyDecorator {
  return validationRule('isSolanaMint', (value, _object, property) => {
    if (typeof value !== 'string') return `${property} must be ${SOLANA_ADDRESS_RULE}`;
    if (EVM_ADDRESS.test(value.trim())) return `${property} is an EVM contract: this check reads Solana mints only; for an EVM token use ${evmTool}`;
    return SOLANA_ADDRESS.test(value.trim()) ? null : `${property} must be a Solana mint: ${SOLANA_ADDRESS_RULE}`;
  });
}

/** The `token` input of the on-chain token checks (the peer's name for it). */
export class SolanaTokenInput {
  @IsString()
  @IsSolanaMint('service_token_info (chain and address)')
  @JSONSchema({
    description: 'Solana token mint address (base58).',
    minLength: 32,
    maxLength: 44,
    examples: ['DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'],
  })
  token!: string;
}
