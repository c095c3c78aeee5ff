import { CHAIN_IDS, chainFromFomo, EVM_ADDRESS, normaliseAddress, type Chain } from '@scout/upstream';

/** The token a call is about, as every token tool echoes it. */
export interface TokenRef {
  /** The token's address: an EVM contract lowercased, a Solana mint as given. */
  address: string;
  /** Null while neither the caller nor the provider has said (an EVM address alone could be on any EVM chain). */
  chain: Chain | null;
  /** FOMO's network id for the chain; null with the chain. */
  networkId: number | null;
}

/**
 * The token named by `address` (and `chain` when given): EVM addresses lowercased (the provider and
 * the snapshots key them so), mints as given. A base58 mint can only be on Solana among Scout's chains.
 */
export function tokenRef(address: string, chain?: Chain): TokenRef {
  const known = chain ?? (EVM_ADDRESS.test(address) ? null : 'solana');
  return {
    address: known ? normaliseAddress(known, address) : address.toLowerCase(),
    chain: known,
    networkId: known ? CHAIN_IDS[known].fomoNetworkId : null,
  };
}

/** The same token with the chain the provider named, when the caller did not. */
export function withProviderChain(ref: TokenRef, networkId: number | null | undefined, slug?: string | null): TokenRef {
  if (ref.chain) return ref;
  const chain = chainFromFomo(slug ?? null, networkId);
  return chain ? { ...ref, chain, networkId: CHAIN_IDS[chain].fomoNetworkId } : ref;
}

/** What the provider takes as the networkId query: only when the caller named the chain. */
export function networkIdParam(ref: TokenRef, chainGiven: boolean): number | undefined {
  return chainGiven && ref.networkId !== null ? ref.networkId : undefined;
}

/** Rounds to `digits` decimals; null stays null. */
export function round(value: number | null, digits = 2): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** `part` of `whole` in percent; null when either is unknown or the whole is zero. */
export function percentOf(part: number | null, whole: number | null, digits = 2): number | null {
  if (part === null || whole === null || whole === 0) return null;
  return round((part / whole) * 100, digits);
}
