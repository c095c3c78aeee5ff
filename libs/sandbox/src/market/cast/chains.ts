/** The chains the sandbox market knows, under their DefiLlama names. */

export interface ChainInfo {
  /** DefiLlama chain name ("Hyperliquid L1", "Robinhood Chain"...). */
  name: string;
  geckoId: string | null;
  tokenSymbol: string | null;
  cmcId: string | null;
  chainId: number | null;
  /** DefiLlama coins key prefix. */
  coinsPrefix: string;
  /** Multichain token data API (Alchemy) network id. */
  alchemyNetwork: string;
  evm: boolean;
  /** Asset id of the native gas token, if any. */
  nativeAsset: string | null;
}

/** Scout's 7 chains under their DefiLlama names, then chains Scout does not cover. */
export const CHAINS: readonly ChainInfo[] = [
  {
    name: 'Solana',
    geckoId: 'solana',
    tokenSymbol: 'SOL',
    cmcId: '5426',
    chainId: null,
    coinsPrefix: 'solana',
    alchemyNetwork: 'solana-mainnet',
    evm: false,
    nativeAsset: 'SOL',
  },
  {
    name: 'Ethereum',
    geckoId: 'ethereum',
    tokenSymbol: 'ETH',
    cmcId: '1027',
    chainId: 1,
    coinsPrefix: 'ethereum',
    alchemyNetwork: 'eth-mainnet',
    evm: true,
    nativeAsset: 'ETH',
  },
  {
    name: 'Base',
    geckoId: null,
    tokenSymbol: null,
    cmcId: null,
    chainId: 8453,
    coinsPrefix: 'base',
    alchemyNetwork: 'base-mainnet',
    evm: true,
    nativeAsset: 'ETH',
  },
  {
    name: 'BSC',
    geckoId: 'binancecoin',
    tokenSymbol: 'BNB',
    cmcId: '1839',
    chainId: 56,
    coinsPrefix: 'bsc',
    alchemyNetwork: 'bnb-mainnet',
    evm: true,
    nativeAsset: 'BNB',
  },
  {
    name: 'Monad',
    geckoId: 'monad',
    tokenSymbol: 'MON',
    cmcId: null,
    chainId: 143,
    coinsPrefix: 'monad',
    alchemyNetwork: 'monad-mainnet',
    evm: true,
    nativeAsset: 'MON',
  },
  {
    name: 'Hyperliquid L1',
    geckoId: 'hyperliquid',
    tokenSymbol: 'HYPE',
    cmcId: '32196',
    chainId: 999,
    coinsPrefix: 'hyperliquid',
    alchemyNetwork: 'hyperliquid-mainnet',
    evm: true,
    nativeAsset: 'HYPE',
  },
  {
    name: 'Robinhood Chain',
    geckoId: null,
    tokenSymbol: null,
    cmcId: null,
    chainId: 4663,
    coinsPrefix: 'robinhood',
    alchemyNetwork: 'robinhood-mainnet',
    evm: true,
    nativeAsset: 'ETH',
  },
  {
    name: 'Arbitrum',
    geckoId: 'arbitrum',
    tokenSymbol: 'ARB',
    cmcId: '11841',
    chainId: 42161,
    coinsPrefix: 'arbitrum',
    alchemyNetwork: 'arb-mainnet',
    evm: true,
    nativeAsset: 'ETH',
  },
  {
    name: 'Polygon',
    geckoId: 'polygon-ecosystem-token',
    tokenSymbol: 'POL',
    cmcId: '28321',
    chainId: 137,
    coinsPrefix: 'polygon',
    alchemyNetwork: 'polygon-mainnet',
    evm: true,
    nativeAsset: 'POL',
  },
];
