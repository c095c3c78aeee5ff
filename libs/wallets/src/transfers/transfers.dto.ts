import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { TRANSFER_CATEGORIES, type Chain, type TransferCategory } from '@scout/upstream';
import { AreEvmChains, EVM_CHAINS, EVM_WALLET_EXAMPLE, IsEvmWallet } from '../wallet-input';

export const TRANSFERS_MAX_LIMIT = 100;
export const DEFAULT_TRANSFER_CATEGORIES: TransferCategory[] = ['external', 'erc20'];

/** service_wallet_transfers */
export class WalletTransfersInput {
  @IsString()
  @IsEvmWallet()
  @JSONSchema({ description: 'EVM wallet address (0x…).', minLength: 26, examples: [EVM_WALLET_EXAMPLE] })
  wallet!: string;

  @IsString()
  @AreEvmChains()
  @JSONSchema({ type: 'string', enum: [...EVM_CHAINS], description: `Which chain. One of ${EVM_CHAINS.join(', ')}.`, examples: ['base'] })
  chain!: Chain;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(TRANSFERS_MAX_LIMIT)
  @JSONSchema({ description: `Transfers to return, 1-${TRANSFERS_MAX_LIMIT}.`, default: 25, examples: [25] })
  limit: number = 25;

  @IsOptional()
  @IsIn(['desc', 'asc'])
  @JSONSchema({ description: 'desc = newest first (default); asc = oldest first, to see how a wallet started.', default: 'desc', examples: ['desc'] })
  order: 'desc' | 'asc' = 'desc';

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(TRANSFER_CATEGORIES.length)
  @IsIn(TRANSFER_CATEGORIES, { each: true, message: `each value in categories must be one of: ${TRANSFER_CATEGORIES.join(', ')}` })
  @JSONSchema({
    description: `Transfer kinds (default ${DEFAULT_TRANSFER_CATEGORIES.join(' + ')}). internal is indexed on ethereum only.`,
    examples: [['external', 'erc20']],
  })
  categories: TransferCategory[] = [...DEFAULT_TRANSFER_CATEGORIES];
}
