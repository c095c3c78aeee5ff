/**
 * Scout's seven chains and what each provider calls them: the one place this mapping lives.
 * `brokerage` is Robinhood Chain (chain id 4663; DefiLlama: "Robinhood Chain").
 */
export const CHAINS = ['solana', 'ethereum', 'base', 'bsc', 'monad', 'hyperliquid', 'brokerage'] as const;
export type Chain = (typeof CHAINS)[number];

export interface ChainIds {
  /** Display label. */
  label: string;
  /** DefiLlama chain name in /v2/chains, /stablecoinchains, yields `chain`, overview paths, hacks. */
  llamaName: string;
  /** DefiLlama coins key prefix: `<prefix>:<address>`. */
  llamaCoinsPrefix: string;
  /** Multichain token data API network id (Alchemy style). */
  alchemyNetwork: string;
  /** EVM chain id; null for Solana. */
  evmChainId: number | null;
  /** FOMO's chain slug (positions, balances) and network id (token refs). */
  fomoSlug: string;
  fomoNetworkId: number;
}

export const CHAIN_IDS: Record<Chain, ChainIds> = {
  solana: {
    label: 'Solana',
    llamaName: 'Solana',
    llamaCoinsPrefix: 'solana',
    alchemyNetwork: 'solana-mainnet',
    evmChainId: null,
    fomoSlug: 'solana',
    fomoNetworkId: 1399811149,
  },
  ethereum: {
    label: 'Ethereum',
    llamaName: 'Ethereum',
    llamaCoinsPrefix: 'ethereum',
    alchemyNetwork: 'eth-mainnet',
    evmChainId: 1,
    fomoSlug: 'ethereum',
    fomoNetworkId: 1,
  },
  base: { label: 'Base', llamaName: 'Base', llamaCoinsPrefix: 'base', alchemyNetwork: 'base-mainnet', evmChainId: 8453, fomoSlug: 'base', fomoNetworkId: 8453 },
  bsc: { label: 'BNB Chain', llamaName: 'BSC', llamaCoinsPrefix: 'bsc', alchemyNetwork: 'bnb-mainnet', evmChainId: 56, fomoSlug: 'bsc', fomoNetworkId: 56 },
  monad: {
    label: 'Monad',
    llamaName: 'Monad',
    llamaCoinsPrefix: 'monad',
    alchemyNetwork: 'monad-mainnet',
    evmChainId: 143,
    fomoSlug: 'monad',
    fomoNetworkId: 143,
  },
  hyperliquid: {
    label: 'Hyperliquid',
    llamaName: 'Hyperliquid L1',
    llamaCoinsPrefix: 'hyperliquid',
    alchemyNetwork: 'hyperliquid-mainnet',
    evmChainId: 999,
    fomoSlug: 'hyperliquid',
    fomoNetworkId: 999,
  },
  brokerage: {
    label: 'Robinhood Chain',
    llamaName: 'Robinhood Chain',
    llamaCoinsPrefix: 'robinhood',
    alchemyNetwork: 'robinhood-mainnet',
    evmChainId: 4663,
    fomoSlug: 'robinhood',
    fomoNetworkId: 4663,
  },
};

export function isChain(value: string): value is Chain {
  return (CHAINS as readonly string[]).includes(value);
}

/** The Scout chain for a DefiLlama chain name, or null for chains Scout does not cover. */
export function chainFromLlamaName(name: string): Chain | null {
  const lower = name.toLowerCase();
  return CHAINS.find((c) => CHAIN_IDS[c].llamaName.toLowerCase() === lower) ?? null;
}

/** The Scout chain for a multichain-API network id, or null. */
export function chainFromAlchemyNetwork(network: string): Chain | null {
  return CHAINS.find((c) => CHAIN_IDS[c].alchemyNetwork === network) ?? null;
}

/** The Scout chain for what FOMO puts in a row's `chain` (slug or name) or `networkId`, or null. */
export function chainFromFomo(slug: string | null, networkId?: number | null): Chain | null {
  const lower = slug?.toLowerCase();
  return (
    CHAINS.find((c) => CHAIN_IDS[c].fomoSlug === lower || CHAIN_IDS[c].llamaName.toLowerCase() === lower || c === lower) ??
    CHAINS.find((c) => networkId != null && CHAIN_IDS[c].fomoNetworkId === networkId) ??
    null
  );
}
