import { CHAIN_IDS, isChain, type Chain } from './chains';

/** A Solana mint or account: base58 (no 0, O, I or l), 32-44 characters. */
export const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** An EVM contract: 0x and 40 hex digits, any case. */
export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const SOLANA_ADDRESS_RULE = 'a Solana address: base58, 32-44 characters';
export const EVM_ADDRESS_RULE = '0x followed by 40 hex characters';

export function isEvmChain(chain: Chain): boolean {
  return CHAIN_IDS[chain].evmChainId !== null;
}

/**
 * What is wrong with `address` on `chain`, or null when it is well formed. An unknown chain is not
 * the address's problem (the chain's own rule reports it).
 */
export function addressProblem(chain: unknown, address: string): string | null {
  if (typeof chain !== 'string' || !isChain(chain)) return null;
  if (isEvmChain(chain)) {
    return EVM_ADDRESS.test(address) ? null : `address must be an EVM address on ${CHAIN_IDS[chain].label}: ${EVM_ADDRESS_RULE}`;
  }
  return SOLANA_ADDRESS.test(address) ? null : `address must be ${SOLANA_ADDRESS_RULE}`;
}

/** The form sent upstream and echoed back: EVM addresses lowercased, base58 kept as is (it is case-sensitive). */
export function normaliseAddress(chain: Chain, address: string): string {
  return isEvmChain(chain) ? address.toLowerCase() : address;
}

/** `chain:address` as written in query strings and notes. */
export function tokenKey(chain: Chain, address: string): string {
  return `${chain}:${address}`;
}
