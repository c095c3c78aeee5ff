import { validationRule } from '@scout/core';
import { CHAINS, EVM_ADDRESS, EVM_ADDRESS_RULE, isEvmChain, SOLANA_ADDRESS, SOLANA_ADDRESS_RULE, type Chain } from '@scout/upstream';

/** Scout's EVM chains, in catalog order: what an 0x wallet is read on by default. */
export const EVM_CHAINS: readonly Chain[] = CHAINS.filter((c) => isEvmChain(c));

/** The tool that reads a Solana wallet's activity, named when one is passed to an EVM-only tool. */
export const SOLANA_WALLET_TOOL = 'service_wallet_pnl';

/** The example in the published schemas. */
export const EVM_WALLET_EXAMPLE = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045';

export type WalletFamily = 'evm' | 'solana';

export function walletFamily(wallet: string): WalletFamily | null {
  if (EVM_ADDRESS.test(wallet)) return 'evm';
  if (SOLANA_ADDRESS.test(wallet)) return 'solana';
  return null;
}

export function chainFamily(chain: Chain): WalletFamily {
  return isEvmChain(chain) ? 'evm' : 'solana';
}

/** A wallet of either family: 0x and 40 hex digits, or base58. */
export function IsWalletAddress(): PropertyDecorator {
  return validationRule('isWalletAddress', (value, _object, property) =>
    typeof value === 'string' && walletFamily(value) ? null : `${property} must be an EVM address (${EVM_ADDRESS_RULE}) or ${SOLANA_ADDRESS_RULE}`,
  );
}

/** An EVM wallet; a Solana one is refused with the tool that reads it. */
export function IsEvmWallet(): PropertyDecorator {
  return validationRule('isEvmWallet', (value, _object, property) => {
    if (typeof value === 'string' && SOLANA_ADDRESS.test(value)) {
      return `${property} is a Solana address: this tool reads EVM chains only; for a Solana wallet's activity use ${SOLANA_WALLET_TOOL}`;
    }
    return typeof value === 'string' && EVM_ADDRESS.test(value) ? null : `${property} must be an EVM address: ${EVM_ADDRESS_RULE}`;
  });
}

/** Every chain given is an EVM chain; solana is refused with the tool that reads it. */
export function AreEvmChains(): PropertyDecorator {
  return validationRule('areEvmChains', (value, _object, property) => {
    const list: unknown[] = Array.isArray(value) ? value : [value];
    if (list.includes('solana')) return `${property}: solana is not an EVM chain; for a Solana wallet use ${SOLANA_WALLET_TOOL}`;
    const bad = list.find((c) => typeof c !== 'string' || !EVM_CHAINS.includes(c as Chain));
    return bad === undefined ? null : `${property} must be among ${EVM_CHAINS.join(', ')}; got ${JSON.stringify(bad) ?? 'nothing'}`;
  });
}
