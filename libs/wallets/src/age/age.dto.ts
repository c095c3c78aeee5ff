import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import type { Chain } from '@scout/upstream';
import { AreEvmChains, EVM_CHAINS, EVM_WALLET_EXAMPLE, IsEvmWallet } from '../wallet-input';

/** service_wallet_age */
export class WalletAgeInput {
  @IsString()
  @IsEvmWallet()
  @JSONSchema({ description: 'EVM wallet address (0x…).', minLength: 26, examples: [EVM_WALLET_EXAMPLE] })
  wallet!: string;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(EVM_CHAINS.length)
  @AreEvmChains()
  @JSONSchema({
    items: { type: 'string', enum: [...EVM_CHAINS] },
    description: `Chains to check, 1-${EVM_CHAINS.length} (default: every EVM chain). One of ${EVM_CHAINS.join(', ')}.`,
    examples: [['ethereum', 'base']],
  })
  chains?: Chain[];
}
