import { validationRule } from '@scout/core';
import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { EVM_ADDRESS, SOLANA_ADDRESS, SOLANA_ADDRESS_RULE } from '@scout/upstream';

/** The tools that read an EVM wallet, named when one is given to a Solana-only tool. */
export const EVM_WALLET_TOOLS = 'service_wallet_portfolio (holdings) or service_wallet_transfers (activity)';

/**
 * A Solana wallet address. An EVM address is refused with the tools that read one, so the caller
 * knows where to go instead.
 */
export function IsSolanaWallet(): PropertyDecorator {
  return validationRule('isSolanaWallet', (value, _object, property) => {
    if (typeof value !== 'string') return `${property} must be ${SOLANA_ADDRESS_RULE}`;
    const v = value.trim();
    if (EVM_ADDRESS.test(v)) return `${property} is an EVM address: this tool reads Solana wallets only; for an EVM wallet use ${EVM_WALLET_TOOLS}`;
    return SOLANA_ADDRESS.test(v) ? null : `${property} must be ${SOLANA_ADDRESS_RULE}`;
  });
}

/** service_wallet_pnl */
export class WalletPnlInput {
  @IsString()
  @IsSolanaWallet()
  @JSONSchema({
    description: 'Solana wallet address (base58).',
    minLength: 32,
    maxLength: 44,
    examples: ['5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1'],
  })
  wallet!: string;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Also list the tokens the wallet still holds, by current value.', default: true })
  includeHoldings: boolean = true;
}
