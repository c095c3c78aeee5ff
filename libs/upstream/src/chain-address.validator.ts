import { validationRule } from '@scout/core';
import { addressProblem, EVM_ADDRESS, EVM_ADDRESS_RULE, SOLANA_ADDRESS, SOLANA_ADDRESS_RULE } from './token-address';

/** How an input's address is held to its chain. */
export interface ChainAddressOptions {
  /** The input property naming the chain (default `chain`). */
  chainProperty?: string;
  /** The message for an absent address (undefined or null); without it, absent is not a string. */
  missing?: string;
  /**
   * When the input names no chain: `required` asks for one, `either` takes either family's form (a
   * Solana mint or an EVM contract), `unchecked` (the default) leaves the form to the chain's rule.
   */
  withoutChain?: 'required' | 'either' | 'unchecked';
  /**
   * A value that is not a string is refused with `address must be a string`; with this, it is
   * judged by its text on the chain instead, and refused with this message where that text fits.
   */
  notString?: string;
}

/** What is wrong with `address` on `chain` (the chain's value as the input gave it), or null when nothing is. */
export function chainAddressProblem(address: unknown, chain: unknown, options: ChainAddressOptions = {}): string | null {
  if ((address === undefined || address === null) && options.missing !== undefined) return options.missing;
  if (typeof address !== 'string') {
    return options.notString === undefined ? 'address must be a string' : (addressProblem(chain, String(address)) ?? options.notString);
  }
  if (chain === undefined || chain === null) {
    if (options.withoutChain === 'required') return `${options.chainProperty ?? 'chain'} is required with address`;
    if (options.withoutChain === 'either') {
      return SOLANA_ADDRESS.test(address) || EVM_ADDRESS.test(address)
        ? null
        : `address must be a token contract address: ${SOLANA_ADDRESS_RULE} (Solana mint), or ${EVM_ADDRESS_RULE}`;
    }
  }
  return addressProblem(chain, address);
}

/**
 * The address is well formed for the chain the input names in `chainProperty`: base58 on Solana,
 * 0x + 40 hex on the EVM chains. A 400 naming the rule, before anything is charged or sent upstream.
 */
export function IsChainAddress(options: ChainAddressOptions = {}): PropertyDecorator {
  return validationRule('isChainAddress', (value, object) => chainAddressProblem(value, object[options.chainProperty ?? 'chain'], options));
}
