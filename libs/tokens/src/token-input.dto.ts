import { validationRule } from '@scout/core';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { chainAddressProblem, CHAINS, IsChainAddress, type Chain } from '@scout/upstream';

/** Every item of the array is a token address (either family): the first bad one is named in the 400. */
export function AreTokenAddresses(): PropertyDecorator {
  return validationRule('areTokenAddresses', (value) => {
    if (!Array.isArray(value)) return null;
    for (const [i, item] of value.entries()) {
      const p = chainAddressProblem(item, undefined, { withoutChain: 'either' });
      if (p) return `tokens[${i}]: ${p}`;
    }
    return null;
  });
}

/** The `address` and `chain` inputs of every tool about one token. */
export class TokenInput {
  @IsString()
  @IsChainAddress({ withoutChain: 'either' })
  @JSONSchema({
    description: 'Token contract address: a Solana mint (base58) or an EVM contract (0x...).',
    minLength: 32,
    maxLength: 44,
    examples: ['DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'],
  })
  address!: string;

  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({
    description: "The token's chain. Optional for tokens the provider lists; needed for an EVM address outside its directory, and checks the address form.",
  })
  chain?: Chain;
}
