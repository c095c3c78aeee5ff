/** Priced assets: nominal prices and volatilities the seed scales and moves. */

export interface AssetSpec {
  id: string;
  symbol: string;
  name: string;
  gecko: string | null;
  /** Nominal USD price (the seed scales non-stables by 0.75..1.3). */
  price: number;
  /** Daily volatility of the log price. */
  vol: number;
  /** Pegged asset: price = peg + small noise. */
  peg?: number;
  /** Priced as a multiple of another asset (liquid staking tokens). */
  ref?: { asset: string; ratio: number };
  /** No price anywhere (tokens that no source can price). */
  unpriced?: boolean;
  /** A launchpad coin: from `at` its price climbs from `startFactor` of its level over `rampMs` (prices.ts). */
  launch?: { at: number; startFactor: number; rampMs: number };
}

export const ASSET_SPECS: readonly AssetSpec[] = [
  { id: 'SOL', symbol: 'SOL', name: 'Solana', gecko: 'solana', price: 150, vol: 0.04 },
  { id: 'ETH', symbol: 'ETH', name: 'Ethereum', gecko: 'ethereum', price: 3200, vol: 0.035 },
  { id: 'BTC', symbol: 'BTC', name: 'Bitcoin', gecko: 'bitcoin', price: 95000, vol: 0.028 },
  { id: 'BNB', symbol: 'BNB', name: 'BNB', gecko: 'binancecoin', price: 650, vol: 0.03 },
  { id: 'HYPE', symbol: 'HYPE', name: 'Hyperliquid', gecko: 'hyperliquid', price: 30, vol: 0.06 },
  { id: 'MON', symbol: 'MON', name: 'Monad', gecko: 'monad', price: 0.05, vol: 0.08 },
  { id: 'POL', symbol: 'POL', name: 'Polygon Ecosystem Token', gecko: 'polygon-ecosystem-token', price: 0.25, vol: 0.05 },
  { id: 'ARB', symbol: 'ARB', name: 'Arbitrum', gecko: 'arbitrum', price: 0.4, vol: 0.05 },
  { id: 'USDC', symbol: 'USDC', name: 'USD Coin', gecko: 'usd-coin', price: 1, vol: 0, peg: 1 },
  { id: 'USDT', symbol: 'USDT', name: 'Tether', gecko: 'tether', price: 1, vol: 0, peg: 1 },
  { id: 'USDE', symbol: 'USDe', name: 'Ethena USDe', gecko: 'ethena-usde', price: 1, vol: 0, peg: 1 },
  { id: 'DAI', symbol: 'DAI', name: 'Dai', gecko: 'dai', price: 1, vol: 0, peg: 1 },
  { id: 'USDS', symbol: 'USDS', name: 'Sky Dollar', gecko: 'usds', price: 1, vol: 0, peg: 1 },
  { id: 'PYUSD', symbol: 'PYUSD', name: 'PayPal USD', gecko: 'paypal-usd', price: 1, vol: 0, peg: 1 },
  { id: 'FDUSD', symbol: 'FDUSD', name: 'First Digital USD', gecko: 'first-digital-usd', price: 1, vol: 0, peg: 1 },
  { id: 'USD1', symbol: 'USD1', name: 'World Liberty Financial USD', gecko: 'usd1-wlfi', price: 1, vol: 0, peg: 1 },
  { id: 'USDTB', symbol: 'USDtb', name: 'USDtb', gecko: 'usdtb', price: 1, vol: 0, peg: 1 },
  { id: 'AUSD', symbol: 'AUSD', name: 'Agora Dollar', gecko: 'agora-dollar', price: 1, vol: 0, peg: 1 },
  { id: 'USDH', symbol: 'USDH', name: 'USDH', gecko: 'usdh-2', price: 1, vol: 0, peg: 1 },
  /** The depegged stablecoin. */
  { id: 'USDX', symbol: 'USDX', name: 'Stables Labs USDX', gecko: 'stables-labs-usdx', price: 0.93, vol: 0, peg: 0.93 },
  { id: 'JUP', symbol: 'JUP', name: 'Jupiter', gecko: 'jupiter-exchange-solana', price: 0.6, vol: 0.06 },
  { id: 'BONK', symbol: 'Bonk', name: 'Bonk', gecko: 'bonk', price: 0.00002, vol: 0.08 },
  { id: 'WIF', symbol: 'WIF', name: 'dogwifhat', gecko: 'dogwifcoin', price: 0.8, vol: 0.09 },
  { id: 'JTO', symbol: 'JTO', name: 'Jito', gecko: 'jito-governance-token', price: 2, vol: 0.06 },
  { id: 'PYTH', symbol: 'PYTH', name: 'Pyth Network', gecko: 'pyth-network', price: 0.15, vol: 0.06 },
  { id: 'RAY', symbol: 'RAY', name: 'Raydium', gecko: 'raydium', price: 2.5, vol: 0.06 },
  { id: 'JITOSOL', symbol: 'JitoSOL', name: 'Jito Staked SOL', gecko: 'jito-staked-sol', price: 0, vol: 0, ref: { asset: 'SOL', ratio: 1.21 } },
  { id: 'MSOL', symbol: 'mSOL', name: 'Marinade staked SOL', gecko: 'msol', price: 0, vol: 0, ref: { asset: 'SOL', ratio: 1.32 } },
  { id: 'LINK', symbol: 'LINK', name: 'Chainlink', gecko: 'chainlink', price: 15, vol: 0.05 },
  { id: 'UNI', symbol: 'UNI', name: 'Uniswap', gecko: 'uniswap', price: 8, vol: 0.05 },
  { id: 'AAVE', symbol: 'AAVE', name: 'Aave', gecko: 'aave', price: 250, vol: 0.05 },
  { id: 'AERO', symbol: 'AERO', name: 'Aerodrome Finance', gecko: 'aerodrome-finance', price: 1, vol: 0.07 },
  { id: 'DEGEN', symbol: 'DEGEN', name: 'Degen', gecko: 'degen-base', price: 0.004, vol: 0.09 },
  { id: 'CAKE', symbol: 'CAKE', name: 'PancakeSwap', gecko: 'pancakeswap-token', price: 2.3, vol: 0.05 },
  { id: 'TSLA', symbol: 'TSLA', name: 'Tesla Tokenized Stock', gecko: null, price: 420, vol: 0.025 },
  { id: 'NVDA', symbol: 'NVDA', name: 'NVIDIA Tokenized Stock', gecko: null, price: 180, vol: 0.025 },
  { id: 'AAPL', symbol: 'AAPL', name: 'Apple Tokenized Stock', gecko: null, price: 230, vol: 0.018 },
  { id: 'CHOG', symbol: 'CHOG', name: 'Chog', gecko: null, price: 0.12, vol: 0.1 },
  { id: 'KNTQ', symbol: 'KNTQ', name: 'Kinetiq', gecko: null, price: 0.9, vol: 0.08 },
];
