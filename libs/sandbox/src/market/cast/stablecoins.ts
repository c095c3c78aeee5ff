/** Stablecoins: supply and where it circulates. */

export interface StablecoinSpec {
  id: string;
  asset: string;
  name: string;
  symbol: string;
  pegMechanism: 'fiat-backed' | 'crypto-backed' | 'algorithmic';
  /** Nominal circulating supply in $ billions. */
  supplyB: number;
  chains: Record<string, number>;
}

export const STABLECOIN_SPECS: readonly StablecoinSpec[] = [
  {
    id: '1',
    asset: 'USDT',
    name: 'Tether',
    symbol: 'USDT',
    pegMechanism: 'fiat-backed',
    supplyB: 150,
    chains: { Ethereum: 0.6, BSC: 0.2, Solana: 0.05, Arbitrum: 0.05, Polygon: 0.03, 'Hyperliquid L1': 0.01, Base: 0.005 },
  },
  {
    id: '2',
    asset: 'USDC',
    name: 'USD Coin',
    symbol: 'USDC',
    pegMechanism: 'fiat-backed',
    supplyB: 70,
    chains: { Ethereum: 0.6, Solana: 0.12, Base: 0.1, Arbitrum: 0.06, Polygon: 0.03, BSC: 0.02, 'Hyperliquid L1': 0.03, Monad: 0.005 },
  },
  {
    id: '146',
    asset: 'USDE',
    name: 'Ethena USDe',
    symbol: 'USDe',
    pegMechanism: 'crypto-backed',
    supplyB: 9,
    chains: { Ethereum: 0.9, Arbitrum: 0.05, Base: 0.05 },
  },
  { id: '5', asset: 'DAI', name: 'Dai', symbol: 'DAI', pegMechanism: 'crypto-backed', supplyB: 5, chains: { Ethereum: 0.9, Arbitrum: 0.05, Polygon: 0.05 } },
  { id: '209', asset: 'USDS', name: 'Sky Dollar', symbol: 'USDS', pegMechanism: 'crypto-backed', supplyB: 7, chains: { Ethereum: 0.95, Base: 0.05 } },
  { id: '120', asset: 'PYUSD', name: 'PayPal USD', symbol: 'PYUSD', pegMechanism: 'fiat-backed', supplyB: 1, chains: { Ethereum: 0.6, Solana: 0.4 } },
  { id: '119', asset: 'FDUSD', name: 'First Digital USD', symbol: 'FDUSD', pegMechanism: 'fiat-backed', supplyB: 1.5, chains: { BSC: 0.7, Ethereum: 0.3 } },
  {
    id: '262',
    asset: 'USD1',
    name: 'World Liberty Financial USD',
    symbol: 'USD1',
    pegMechanism: 'fiat-backed',
    supplyB: 2.5,
    chains: { BSC: 0.8, Ethereum: 0.15, Solana: 0.05 },
  },
  { id: '221', asset: 'USDTB', name: 'USDtb', symbol: 'USDtb', pegMechanism: 'fiat-backed', supplyB: 1.5, chains: { Ethereum: 1 } },
  {
    id: '225',
    asset: 'AUSD',
    name: 'Agora Dollar',
    symbol: 'AUSD',
    pegMechanism: 'fiat-backed',
    supplyB: 0.3,
    chains: { Monad: 0.4, Ethereum: 0.4, Solana: 0.2 },
  },
  { id: '290', asset: 'USDH', name: 'USDH', symbol: 'USDH', pegMechanism: 'fiat-backed', supplyB: 0.4, chains: { 'Hyperliquid L1': 1 } },
  { id: '227', asset: 'USDX', name: 'Stables Labs USDX', symbol: 'USDX', pegMechanism: 'crypto-backed', supplyB: 0.3, chains: { BSC: 0.6, Ethereum: 0.4 } },
];
