import { validationRule } from '@scout/core';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { addressProblem, CHAINS, EVM_ADDRESS, EVM_ADDRESS_RULE, SOLANA_ADDRESS, SOLANA_ADDRESS_RULE, type Chain } from '@scout/upstream';

/** What is wrong with a token address (with the chain when one is given), or null when it is well formed. */
export function tokenAddressProblem(value: unknown, chain: unknown): string | null {
  if (typeof value !== 'string') return 'address must be a string';
  if (chain !== undefined && chain !== null) return addressProblem(chain, value);
  return SOLANA_ADDRESS.test(value) || EVM_ADDRESS.test(value)
    ? null
    : `address must be a token contract address: ${SOLANA_ADDRESS_RULE} (Solana mint), or ${EVM_ADDRESS_RULE}`;
}

/**
 * A token address, well formed for the chain in `chain` when the input has one (else for either
 * family): a 400 naming the rule, before anything is charged or sent upstream.
 */
export function IsTokenAddress(chainProperty = 'chain'): PropertyDecorator {
  return validationRule('isTokenAddress', (value, object) => tokenAddressProblem(value, object[chainProperty]));
}

/** Every item of the array is a token address (either family): the first bad one is named in the 400. */
export function AreTokenAddresses(): PropertyDecorator {
  return validationRule('areTokenAddresses', (value) => {
    if (!Array.isArray(value)) return null;
    for (const [i, item] of value.entries()) {
      const p = tokenAddressProblem(item, undefined);
      if (p) return `tokens[${i}]: ${p}`;
    }
    return null;
  });
}

/** The `address` and `chain` inputs of every tool about one token. */
export class TokenInput {
  @IsString()
  @IsTokenAddress()
  @JSONSchema({
    description: 'Token contract address: a Solana mint (base58) or an EVM contract (0x...).',
    minLength: 32,
    maxLength: 44,
    examples: ['DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'],
  })
  address!: string;

  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: 'The token\'s chain. Optional for tokens the provider lists; needed for an EVM address outside its directory, and checks the address form.' })
  chain?: Chain;
}
