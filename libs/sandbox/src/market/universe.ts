/**
 * The static cast of the sandbox market: chains, protocols, assets, tokens and stablecoins.
 * Identities (names, slugs, addresses, ids) are fixed and do not depend on the market seed, so
 * tests can rely on them as fixtures; the seed only changes the numbers (TVL, prices, volumes...).
 */

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
  { name: 'Solana', geckoId: 'solana', tokenSymbol: 'SOL', cmcId: '5426', chainId: null, coinsPrefix: 'solana', alchemyNetwork: 'solana-mainnet', evm: false, nativeAsset: 'SOL' },
  { name: 'Ethereum', geckoId: 'ethereum', tokenSymbol: 'ETH', cmcId: '1027', chainId: 1, coinsPrefix: 'ethereum', alchemyNetwork: 'eth-mainnet', evm: true, nativeAsset: 'ETH' },
  { name: 'Base', geckoId: null, tokenSymbol: null, cmcId: null, chainId: 8453, coinsPrefix: 'base', alchemyNetwork: 'base-mainnet', evm: true, nativeAsset: 'ETH' },
  { name: 'BSC', geckoId: 'binancecoin', tokenSymbol: 'BNB', cmcId: '1839', chainId: 56, coinsPrefix: 'bsc', alchemyNetwork: 'bnb-mainnet', evm: true, nativeAsset: 'BNB' },
  { name: 'Monad', geckoId: 'monad', tokenSymbol: 'MON', cmcId: null, chainId: 143, coinsPrefix: 'monad', alchemyNetwork: 'monad-mainnet', evm: true, nativeAsset: 'MON' },
  { name: 'Hyperliquid L1', geckoId: 'hyperliquid', tokenSymbol: 'HYPE', cmcId: '32196', chainId: 999, coinsPrefix: 'hyperliquid', alchemyNetwork: 'hyperliquid-mainnet', evm: true, nativeAsset: 'HYPE' },
  { name: 'Robinhood Chain', geckoId: null, tokenSymbol: null, cmcId: null, chainId: 4663, coinsPrefix: 'robinhood', alchemyNetwork: 'robinhood-mainnet', evm: true, nativeAsset: 'ETH' },
  { name: 'Arbitrum', geckoId: 'arbitrum', tokenSymbol: 'ARB', cmcId: '11841', chainId: 42161, coinsPrefix: 'arbitrum', alchemyNetwork: 'arb-mainnet', evm: true, nativeAsset: 'ETH' },
  { name: 'Polygon', geckoId: 'polygon-ecosystem-token', tokenSymbol: 'POL', cmcId: '28321', chainId: 137, coinsPrefix: 'polygon', alchemyNetwork: 'polygon-mainnet', evm: true, nativeAsset: 'POL' },
];

export type ProtocolCategory =
  | 'Dexs'
  | 'Lending'
  | 'Derivatives'
  | 'Options'
  | 'Prediction Market'
  | 'CDP'
  | 'Liquid Staking'
  | 'Basis Trading';

export interface ProtocolSpec {
  name: string;
  slug: string;
  category: ProtocolCategory;
  /** Chain → share of the protocol's TVL (normalised). */
  chains: Record<string, number>;
  /** Nominal TVL in $ millions (the seed scales it by 0.6..1.6). */
  tvlM: number;
  symbol?: string;
  gecko?: string;
  cmcId?: string;
  twitter?: string;
  forkedFrom?: string[];
  oracles?: string[];
  /** Daily trading volume as a fraction of TVL (Dexs, Derivatives, Options, Prediction Market). */
  turnover?: number;
  /** Open interest as a multiple of TVL (Derivatives). */
  oiFactor?: number;
  listed: string;
}

export const PROTOCOL_SPECS: readonly ProtocolSpec[] = [
  { name: 'Aave V3', slug: 'aave-v3', category: 'Lending', chains: { Ethereum: 0.7, Arbitrum: 0.1, Base: 0.1, BSC: 0.05, Polygon: 0.05 }, tvlM: 25000, symbol: 'AAVE', gecko: 'aave', cmcId: '7278', twitter: 'aave', oracles: ['Chainlink'], listed: '2022-03-16' },
  { name: 'Uniswap V3', slug: 'uniswap-v3', category: 'Dexs', chains: { Ethereum: 0.6, Arbitrum: 0.15, Base: 0.15, BSC: 0.05, Polygon: 0.05 }, tvlM: 3500, symbol: 'UNI', gecko: 'uniswap', cmcId: '7083', twitter: 'Uniswap', turnover: 0.35, listed: '2021-05-05' },
  { name: 'Uniswap V4', slug: 'uniswap-v4', category: 'Dexs', chains: { Ethereum: 0.45, Base: 0.3, Arbitrum: 0.1, BSC: 0.08, Monad: 0.04, 'Robinhood Chain': 0.03 }, tvlM: 900, symbol: 'UNI', gecko: 'uniswap', cmcId: '7083', twitter: 'Uniswap', turnover: 0.6, listed: '2025-01-31' },
  { name: 'Lido', slug: 'lido', category: 'Liquid Staking', chains: { Ethereum: 1 }, tvlM: 30000, symbol: 'LDO', gecko: 'lido-dao', cmcId: '8000', twitter: 'LidoFinance', listed: '2020-12-19' },
  { name: 'MakerDAO', slug: 'makerdao', category: 'CDP', chains: { Ethereum: 1 }, tvlM: 6000, symbol: 'MKR', gecko: 'maker', cmcId: '1518', twitter: 'SkyEcosystem', oracles: ['Chronicle'], listed: '2019-11-18' },
  { name: 'Liquity V2', slug: 'liquity-v2', category: 'CDP', chains: { Ethereum: 1 }, tvlM: 300, twitter: 'LiquityProtocol', oracles: ['Chainlink'], listed: '2025-01-22' },
  { name: 'Lista CDP', slug: 'lista-cdp', category: 'CDP', chains: { BSC: 1 }, tvlM: 1100, symbol: 'LISTA', gecko: 'lista', twitter: 'lista_dao', listed: '2023-06-01' },
  { name: 'Raydium AMM', slug: 'raydium-amm', category: 'Dexs', chains: { Solana: 1 }, tvlM: 1800, symbol: 'RAY', gecko: 'raydium', cmcId: '8526', twitter: 'RaydiumProtocol', turnover: 0.9, listed: '2021-03-01' },
  { name: 'Orca DEX', slug: 'orca-dex', category: 'Dexs', chains: { Solana: 1 }, tvlM: 400, symbol: 'ORCA', gecko: 'orca', twitter: 'orca_so', turnover: 1.2, listed: '2021-06-10' },
  { name: 'Meteora DLMM', slug: 'meteora-dlmm', category: 'Dexs', chains: { Solana: 1 }, tvlM: 600, symbol: 'MET', twitter: 'MeteoraAG', turnover: 1.6, listed: '2023-12-05' },
  { name: 'PumpSwap', slug: 'pumpswap', category: 'Dexs', chains: { Solana: 1 }, tvlM: 120, symbol: 'PUMP', twitter: 'pumpdotfun', turnover: 2.5, listed: '2025-03-20' },
  { name: 'Sanctum Infinity', slug: 'sanctum-infinity', category: 'Dexs', chains: { Solana: 1 }, tvlM: 700, symbol: 'CLOUD', twitter: 'sanctumso', turnover: 0.05, listed: '2024-04-01' },
  { name: 'Jupiter Perpetual Exchange', slug: 'jupiter-perpetual-exchange', category: 'Derivatives', chains: { Solana: 1 }, tvlM: 1500, symbol: 'JUP', gecko: 'jupiter-exchange-solana', cmcId: '29210', twitter: 'JupiterExchange', turnover: 0.4, oiFactor: 0.5, oracles: ['Pyth'], listed: '2023-10-17' },
  { name: 'Drift Trade', slug: 'drift-trade', category: 'Derivatives', chains: { Solana: 1 }, tvlM: 900, symbol: 'DRIFT', twitter: 'DriftProtocol', turnover: 0.3, oiFactor: 0.6, oracles: ['Pyth', 'Switchboard'], listed: '2022-12-01' },
  { name: 'Zeta Markets', slug: 'zeta-markets', category: 'Derivatives', chains: { Solana: 1 }, tvlM: 30, symbol: 'ZEX', twitter: 'ZetaMarkets', turnover: 0.8, oiFactor: 0.4, oracles: ['Pyth'], listed: '2022-02-14' },
  { name: 'Jito Liquid Staking', slug: 'jito-liquid-staking', category: 'Liquid Staking', chains: { Solana: 1 }, tvlM: 2500, symbol: 'JTO', gecko: 'jito-governance-token', twitter: 'jito_sol', listed: '2022-11-20' },
  { name: 'Kamino Lend', slug: 'kamino-lend', category: 'Lending', chains: { Solana: 1 }, tvlM: 2200, symbol: 'KMNO', twitter: 'KaminoFinance', oracles: ['Pyth', 'Switchboard'], listed: '2023-10-10' },
  { name: 'marginfi Lending', slug: 'marginfi-lending', category: 'Lending', chains: { Solana: 1 }, tvlM: 300, twitter: 'marginfi', oracles: ['Pyth'], listed: '2023-01-04' },
  { name: 'Hyperliquid Perps', slug: 'hyperliquid-perps', category: 'Derivatives', chains: { 'Hyperliquid L1': 1 }, tvlM: 4500, symbol: 'HYPE', gecko: 'hyperliquid', cmcId: '32196', twitter: 'HyperliquidX', turnover: 2.2, oiFactor: 3, listed: '2023-06-12' },
  { name: 'Hyperliquid Spot Orderbook', slug: 'hyperliquid-spot-orderbook', category: 'Dexs', chains: { 'Hyperliquid L1': 1 }, tvlM: 300, symbol: 'HYPE', gecko: 'hyperliquid', cmcId: '32196', twitter: 'HyperliquidX', turnover: 1.0, listed: '2024-04-15' },
  { name: 'HyperLend', slug: 'hyperlend', category: 'Lending', chains: { 'Hyperliquid L1': 1 }, tvlM: 400, twitter: 'hyperlendx', oracles: ['RedStone'], listed: '2025-03-01' },
  { name: 'Kinetiq', slug: 'kinetiq', category: 'Liquid Staking', chains: { 'Hyperliquid L1': 1 }, tvlM: 1200, symbol: 'KNTQ', twitter: 'kinetiq_xyz', listed: '2025-07-15' },
  { name: 'Aerodrome Slipstream', slug: 'aerodrome-slipstream', category: 'Dexs', chains: { Base: 1 }, tvlM: 800, symbol: 'AERO', gecko: 'aerodrome-finance', twitter: 'aerodromefi', forkedFrom: ['Uniswap V3'], turnover: 0.7, listed: '2024-04-25' },
  { name: 'Morpho Blue', slug: 'morpho-blue', category: 'Lending', chains: { Ethereum: 0.6, Base: 0.35, Arbitrum: 0.05 }, tvlM: 5000, symbol: 'MORPHO', gecko: 'morpho', twitter: 'MorphoLabs', oracles: ['Chainlink', 'RedStone'], listed: '2024-01-03' },
  { name: 'Spark', slug: 'sparklend', category: 'Lending', chains: { Ethereum: 1 }, tvlM: 3500, symbol: 'SPK', twitter: 'sparkdotfi', forkedFrom: ['Aave V3'], oracles: ['Chronicle'], listed: '2023-05-09' },
  { name: 'Fluid Lending', slug: 'fluid-lending', category: 'Lending', chains: { Ethereum: 0.7, Arbitrum: 0.2, Base: 0.1 }, tvlM: 1500, symbol: 'FLUID', gecko: 'instadapp', twitter: '0xfluid', oracles: ['Chainlink'], listed: '2024-02-14' },
  { name: 'Venus Core Pool', slug: 'venus-core-pool', category: 'Lending', chains: { BSC: 1 }, tvlM: 1700, symbol: 'XVS', gecko: 'venus', cmcId: '7288', twitter: 'VenusProtocol', oracles: ['Chainlink', 'RedStone'], listed: '2020-11-23' },
  { name: 'PancakeSwap AMM V3', slug: 'pancakeswap-amm-v3', category: 'Dexs', chains: { BSC: 0.8, Ethereum: 0.05, Base: 0.05, Arbitrum: 0.1 }, tvlM: 1800, symbol: 'CAKE', gecko: 'pancakeswap-token', cmcId: '7186', twitter: 'PancakeSwap', forkedFrom: ['Uniswap V3'], turnover: 1.1, listed: '2023-04-03' },
  { name: 'Curve DEX', slug: 'curve-dex', category: 'Dexs', chains: { Ethereum: 0.8, Arbitrum: 0.1, Base: 0.05, Polygon: 0.05 }, tvlM: 2000, symbol: 'CRV', gecko: 'curve-dao-token', cmcId: '6538', twitter: 'CurveFinance', turnover: 0.08, listed: '2020-08-14' },
  { name: 'GMX V2 Perps', slug: 'gmx-v2-perps', category: 'Derivatives', chains: { Arbitrum: 0.9, 'Robinhood Chain': 0.1 }, tvlM: 450, symbol: 'GMX', gecko: 'gmx', cmcId: '11857', twitter: 'GMX_IO', turnover: 0.6, oiFactor: 0.8, oracles: ['Chainlink'], listed: '2023-08-07' },
  { name: 'Aster Perps', slug: 'aster-perps', category: 'Derivatives', chains: { BSC: 0.8, Arbitrum: 0.1, Solana: 0.1 }, tvlM: 600, symbol: 'ASTER', twitter: 'Aster_DEX', turnover: 3, oiFactor: 1.5, listed: '2025-03-31' },
  { name: 'Perpl', slug: 'perpl', category: 'Derivatives', chains: { Monad: 1 }, tvlM: 20, twitter: 'perpl_xyz', turnover: 1.5, oiFactor: 1, listed: '2025-11-24' },
  { name: 'Derive V2', slug: 'derive-v2', category: 'Options', chains: { Ethereum: 0.5, Base: 0.3, Arbitrum: 0.2 }, tvlM: 80, symbol: 'DRV', twitter: 'derivexyz', turnover: 0.15, listed: '2024-01-15' },
  { name: 'Premia V3', slug: 'premia-v3', category: 'Options', chains: { Arbitrum: 0.6, Base: 0.2, Ethereum: 0.2 }, tvlM: 10, symbol: 'PREMIA', twitter: 'PremiaFinance', turnover: 0.05, listed: '2023-06-29' },
  { name: 'Polymarket', slug: 'polymarket', category: 'Prediction Market', chains: { Polygon: 1 }, tvlM: 250, twitter: 'Polymarket', turnover: 0.4, listed: '2022-07-01' },
  { name: 'Limitless', slug: 'limitless', category: 'Prediction Market', chains: { Base: 1 }, tvlM: 15, twitter: 'trylimitless', turnover: 1.0, listed: '2024-05-20' },
  { name: 'Azuro', slug: 'azuro', category: 'Prediction Market', chains: { Polygon: 0.6, Base: 0.4 }, tvlM: 25, symbol: 'AZUR', twitter: 'azuroprotocol', turnover: 0.3, listed: '2022-10-01' },
  { name: 'Ethena USDe', slug: 'ethena-usde', category: 'Basis Trading', chains: { Ethereum: 1 }, tvlM: 8000, symbol: 'ENA', gecko: 'ethena', twitter: 'ethena_labs', listed: '2024-02-19' },
  { name: 'Kuru', slug: 'kuru', category: 'Dexs', chains: { Monad: 1 }, tvlM: 60, twitter: 'KuruExchange', turnover: 1.3, listed: '2025-11-24' },
  { name: 'Neverland', slug: 'neverland', category: 'Lending', chains: { Monad: 1 }, tvlM: 40, twitter: 'neverland_money', forkedFrom: ['Aave V3'], oracles: ['RedStone'], listed: '2025-11-24' },
  { name: 'aPriori', slug: 'apriori', category: 'Liquid Staking', chains: { Monad: 1 }, tvlM: 90, twitter: 'apriori', listed: '2025-11-24' },
  { name: 'HoodSwap', slug: 'hoodswap', category: 'Dexs', chains: { 'Robinhood Chain': 1 }, tvlM: 12, turnover: 0.9, listed: '2026-02-10' },
  { name: 'Robin Lend', slug: 'robin-lend', category: 'Lending', chains: { 'Robinhood Chain': 1 }, tvlM: 8, listed: '2026-03-02' },
];

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

/** Token → fixed extras. `liquidity` is USD across all pools (Jupiter's meaning). */
export interface TokenSpec {
  chain: string;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  asset: string;
  liquidity: number;
  /** DefiLlama confidence (0.8..0.99); drawn from the seed when absent. */
  confidence?: number;
  /** Priced but no swap route (Jupiter quote → COULD_NOT_FIND_ANY_ROUTE). */
  noRoute?: boolean;
  /** Jupiter: verified and tagged. */
  verified?: boolean;
  tags?: string[];
  circSupply?: number;
  totalSupply?: number;
  createdAt?: string;
  launchpad?: string;
  sus?: boolean;
  logo?: string | null;
  tokenProgram?: string;
}

export const SPL_TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

export const SOL_MINT = 'So11111111111111111111111111111111111111112';
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
export const JUP_MINT = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
export const BONK_MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

export const TOKEN_SPECS: readonly TokenSpec[] = [
  // Solana
  { chain: 'Solana', address: SOL_MINT, symbol: 'SOL', name: 'Wrapped SOL', decimals: 9, asset: 'SOL', liquidity: 650e6, confidence: 0.99, verified: true, tags: ['verified', 'strict', 'community'], circSupply: 560e6, totalSupply: 610e6, createdAt: '2024-06-05T08:55:25.527Z' },
  { chain: 'Solana', address: USDC_MINT, symbol: 'USDC', name: 'USD Coin', decimals: 6, asset: 'USDC', liquidity: 520e6, confidence: 0.99, verified: true, tags: ['verified', 'strict', 'community'], circSupply: 9.1e9, totalSupply: 9.1e9, createdAt: '2024-06-05T08:55:25.527Z' },
  { chain: 'Solana', address: USDT_MINT, symbol: 'USDT', name: 'USDT', decimals: 6, asset: 'USDT', liquidity: 180e6, confidence: 0.99, verified: true, tags: ['verified', 'strict', 'community'], circSupply: 2.4e9, totalSupply: 2.4e9, createdAt: '2024-06-05T08:55:25.527Z' },
  { chain: 'Solana', address: JUP_MINT, symbol: 'JUP', name: 'Jupiter', decimals: 6, asset: 'JUP', liquidity: 22e6, confidence: 0.99, verified: true, tags: ['verified', 'strict', 'community'], circSupply: 3.1e9, totalSupply: 6.86e9, createdAt: '2024-06-07T10:56:42.584Z' },
  { chain: 'Solana', address: BONK_MINT, symbol: 'Bonk', name: 'Bonk', decimals: 5, asset: 'BONK', liquidity: 16e6, confidence: 0.98, verified: true, tags: ['verified', 'strict', 'community'], circSupply: 8.1e13, totalSupply: 8.8e13, createdAt: '2024-06-05T08:55:25.527Z' },
  { chain: 'Solana', address: 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm', symbol: 'WIF', name: 'dogwifhat', decimals: 6, asset: 'WIF', liquidity: 11e6, confidence: 0.98, verified: true, tags: ['verified', 'strict', 'community'], circSupply: 998.8e6, totalSupply: 998.8e6, createdAt: '2024-06-05T08:55:25.527Z' },
  { chain: 'Solana', address: 'jtojtomepa8beP8AuQc6eXt5FriJwfFMwQx2v2f9mCL', symbol: 'JTO', name: 'JITO', decimals: 9, asset: 'JTO', liquidity: 6e6, confidence: 0.98, verified: true, tags: ['verified', 'strict'], circSupply: 380e6, totalSupply: 1e9, createdAt: '2024-06-05T08:55:25.527Z' },
  { chain: 'Solana', address: 'HZ1JovNiVvGrGNiiYvEozEVgZ58xaU3RKwX8eACQBCt3', symbol: 'PYTH', name: 'Pyth Network', decimals: 6, asset: 'PYTH', liquidity: 5e6, confidence: 0.98, verified: true, tags: ['verified', 'strict'], circSupply: 5.7e9, totalSupply: 10e9, createdAt: '2024-06-05T08:55:25.527Z' },
  { chain: 'Solana', address: '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R', symbol: 'RAY', name: 'Raydium', decimals: 6, asset: 'RAY', liquidity: 9e6, confidence: 0.98, verified: true, tags: ['verified', 'strict'], circSupply: 290e6, totalSupply: 555e6, createdAt: '2024-06-05T08:55:25.527Z' },
  { chain: 'Solana', address: 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn', symbol: 'JitoSOL', name: 'Jito Staked SOL', decimals: 9, asset: 'JITOSOL', liquidity: 90e6, confidence: 0.99, verified: true, tags: ['verified', 'strict', 'lst'], circSupply: 14e6, totalSupply: 14e6, createdAt: '2024-06-05T08:55:25.527Z' },
  { chain: 'Solana', address: 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So', symbol: 'mSOL', name: 'Marinade staked SOL (mSOL)', decimals: 9, asset: 'MSOL', liquidity: 30e6, confidence: 0.99, verified: true, tags: ['verified', 'strict', 'lst'], circSupply: 3.5e6, totalSupply: 3.5e6, createdAt: '2024-06-05T08:55:25.527Z' },
  // Ethereum
  { chain: 'Ethereum', address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, asset: 'ETH', liquidity: 900e6, confidence: 0.99 },
  { chain: 'Ethereum', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', name: 'USD Coin', decimals: 6, asset: 'USDC', liquidity: 800e6, confidence: 0.99 },
  { chain: 'Ethereum', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', symbol: 'USDT', name: 'Tether USD', decimals: 6, asset: 'USDT', liquidity: 600e6, confidence: 0.99 },
  { chain: 'Ethereum', address: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', symbol: 'WBTC', name: 'Wrapped BTC', decimals: 8, asset: 'BTC', liquidity: 300e6, confidence: 0.99 },
  { chain: 'Ethereum', address: '0x514910771AF9Ca656af840dff83E8264EcF986CA', symbol: 'LINK', name: 'ChainLink Token', decimals: 18, asset: 'LINK', liquidity: 40e6, confidence: 0.99 },
  { chain: 'Ethereum', address: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', symbol: 'UNI', name: 'Uniswap', decimals: 18, asset: 'UNI', liquidity: 35e6, confidence: 0.99 },
  { chain: 'Ethereum', address: '0x7Fc66500c84A76Ad7e9c93437bFc5Ac33E2DDaE9', symbol: 'AAVE', name: 'Aave Token', decimals: 18, asset: 'AAVE', liquidity: 30e6, confidence: 0.99 },
  { chain: 'Ethereum', address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18, asset: 'DAI', liquidity: 200e6, confidence: 0.99 },
  { chain: 'Ethereum', address: '0x4c9EDD5852cd905f086C759E8383e09bff1E68B3', symbol: 'USDe', name: 'USDe', decimals: 18, asset: 'USDE', liquidity: 150e6, confidence: 0.98 },
  // Base
  { chain: 'Base', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', name: 'USD Coin', decimals: 6, asset: 'USDC', liquidity: 300e6, confidence: 0.99 },
  { chain: 'Base', address: '0x4200000000000000000000000000000000000006', symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, asset: 'ETH', liquidity: 400e6, confidence: 0.99 },
  { chain: 'Base', address: '0x940181a94A35A4569E4529A3CDfB74e38FD98631', symbol: 'AERO', name: 'Aerodrome', decimals: 18, asset: 'AERO', liquidity: 45e6, confidence: 0.98 },
  { chain: 'Base', address: '0x4ed4E862860beD51a9570b96d89aF5E1B0Efefed', symbol: 'DEGEN', name: 'Degen', decimals: 18, asset: 'DEGEN', liquidity: 4e6, confidence: 0.93 },
  // BSC
  { chain: 'BSC', address: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', symbol: 'WBNB', name: 'Wrapped BNB', decimals: 18, asset: 'BNB', liquidity: 350e6, confidence: 0.99 },
  { chain: 'BSC', address: '0x55d398326f99059fF775485246999027B3197955', symbol: 'USDT', name: 'Tether USD', decimals: 18, asset: 'USDT', liquidity: 400e6, confidence: 0.99 },
  { chain: 'BSC', address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', symbol: 'USDC', name: 'USD Coin', decimals: 18, asset: 'USDC', liquidity: 150e6, confidence: 0.99 },
  { chain: 'BSC', address: '0x0E09FaBB73Bd3Ade0a17ECC321fD13a19e81cE82', symbol: 'Cake', name: 'PancakeSwap Token', decimals: 18, asset: 'CAKE', liquidity: 40e6, confidence: 0.98 },
  // Arbitrum
  { chain: 'Arbitrum', address: '0x912CE59144191C1204E64559FE8253a0e49E6548', symbol: 'ARB', name: 'Arbitrum', decimals: 18, asset: 'ARB', liquidity: 50e6, confidence: 0.99 },
  { chain: 'Arbitrum', address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', symbol: 'USDC', name: 'USD Coin', decimals: 6, asset: 'USDC', liquidity: 200e6, confidence: 0.99 },
  { chain: 'Arbitrum', address: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, asset: 'ETH', liquidity: 250e6, confidence: 0.99 },
  // Polygon
  { chain: 'Polygon', address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', symbol: 'USDC', name: 'USD Coin', decimals: 6, asset: 'USDC', liquidity: 80e6, confidence: 0.99 },
  // Hyperliquid L1 (HyperEVM)
  { chain: 'Hyperliquid L1', address: '0x5555555555555555555555555555555555555555', symbol: 'WHYPE', name: 'Wrapped HYPE', decimals: 18, asset: 'HYPE', liquidity: 120e6, confidence: 0.98 },
  { chain: 'Hyperliquid L1', address: '0xb8ce59fc3717ada4c02eadf9682a9e934f625ebb', symbol: 'USDT0', name: 'USDT0', decimals: 6, asset: 'USDT', liquidity: 90e6, confidence: 0.98 },
  { chain: 'Hyperliquid L1', address: '0x2d7c3f1b9a5e8c4d6f0a2b4c6d8e0f1a3b5c7d9e', symbol: 'KNTQ', name: 'Kinetiq', decimals: 18, asset: 'KNTQ', liquidity: 3e6, confidence: 0.86 },
  // Monad
  { chain: 'Monad', address: '0x3bd359c1119da7da1d913d1c4d2b7c461115433a', symbol: 'WMON', name: 'Wrapped MON', decimals: 18, asset: 'MON', liquidity: 40e6, confidence: 0.95 },
  { chain: 'Monad', address: '0x754704bc059f8c67012fed69bc8a327a5aafb603', symbol: 'USDC', name: 'USD Coin', decimals: 6, asset: 'USDC', liquidity: 25e6, confidence: 0.97 },
  { chain: 'Monad', address: '0x350035555e10d9afaf1566aaebfced5ba6c27777', symbol: 'CHOG', name: 'Chog', decimals: 18, asset: 'CHOG', liquidity: 1.5e6, confidence: 0.84 },
  // Robinhood Chain
  { chain: 'Robinhood Chain', address: '0x7e2c9b1d3f6a4e8c0b5d2a9f1e3c7b4d6a8f0e21', symbol: 'TSLA', name: 'Tesla Tokenized Stock', decimals: 18, asset: 'TSLA', liquidity: 8e6, confidence: 0.9 },
  { chain: 'Robinhood Chain', address: '0x1a4f6c8e2b9d3f5a7c0e1b3d5f7a9c2e4b6d8f03', symbol: 'NVDA', name: 'NVIDIA Tokenized Stock', decimals: 18, asset: 'NVDA', liquidity: 6e6, confidence: 0.9 },
  { chain: 'Robinhood Chain', address: '0x9d0b2f4a6c8e1a3c5e7b9d1f3a5c7e9b2d4f6a85', symbol: 'AAPL', name: 'Apple Tokenized Stock', decimals: 18, asset: 'AAPL', liquidity: 5e6, confidence: 0.9 },
];

/** Synthetic Solana launchpad tokens (addresses drawn from a fixed universe seed). */
export const MEME_NAMES: readonly [string, string][] = [
  ['Pepe Lamp', 'PLAMP'],
  ['Sol Sloth', 'SLOTH'],
  ['Moon Penguin', 'MPENG'],
  ['Gigachad Cat', 'GCAT'],
  ['Bork Inu', 'BORK'],
  ['Retard Finder', 'RFIND'],
  ['Fartcoin Jr', 'FJR'],
  ['Hamster Kombat Sol', 'HMSTR'],
  ['Sigma Duck', 'SDUCK'],
  ['Zerebro Lite', 'ZLITE'],
  ['Goat Sauce', 'GOATS'],
  ['Chill Frog', 'CFROG'],
  ['Turbo Snail', 'TSNAIL'],
  ['Based Otter', 'OTTER'],
];

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
  { id: '1', asset: 'USDT', name: 'Tether', symbol: 'USDT', pegMechanism: 'fiat-backed', supplyB: 150, chains: { Ethereum: 0.6, BSC: 0.2, Solana: 0.05, Arbitrum: 0.05, Polygon: 0.03, 'Hyperliquid L1': 0.01, Base: 0.005 } },
  { id: '2', asset: 'USDC', name: 'USD Coin', symbol: 'USDC', pegMechanism: 'fiat-backed', supplyB: 70, chains: { Ethereum: 0.6, Solana: 0.12, Base: 0.1, Arbitrum: 0.06, Polygon: 0.03, BSC: 0.02, 'Hyperliquid L1': 0.03, Monad: 0.005 } },
  { id: '146', asset: 'USDE', name: 'Ethena USDe', symbol: 'USDe', pegMechanism: 'crypto-backed', supplyB: 9, chains: { Ethereum: 0.9, Arbitrum: 0.05, Base: 0.05 } },
  { id: '5', asset: 'DAI', name: 'Dai', symbol: 'DAI', pegMechanism: 'crypto-backed', supplyB: 5, chains: { Ethereum: 0.9, Arbitrum: 0.05, Polygon: 0.05 } },
  { id: '209', asset: 'USDS', name: 'Sky Dollar', symbol: 'USDS', pegMechanism: 'crypto-backed', supplyB: 7, chains: { Ethereum: 0.95, Base: 0.05 } },
  { id: '120', asset: 'PYUSD', name: 'PayPal USD', symbol: 'PYUSD', pegMechanism: 'fiat-backed', supplyB: 1, chains: { Ethereum: 0.6, Solana: 0.4 } },
  { id: '119', asset: 'FDUSD', name: 'First Digital USD', symbol: 'FDUSD', pegMechanism: 'fiat-backed', supplyB: 1.5, chains: { BSC: 0.7, Ethereum: 0.3 } },
  { id: '262', asset: 'USD1', name: 'World Liberty Financial USD', symbol: 'USD1', pegMechanism: 'fiat-backed', supplyB: 2.5, chains: { BSC: 0.8, Ethereum: 0.15, Solana: 0.05 } },
  { id: '221', asset: 'USDTB', name: 'USDtb', symbol: 'USDtb', pegMechanism: 'fiat-backed', supplyB: 1.5, chains: { Ethereum: 1 } },
  { id: '225', asset: 'AUSD', name: 'Agora Dollar', symbol: 'AUSD', pegMechanism: 'fiat-backed', supplyB: 0.3, chains: { Monad: 0.4, Ethereum: 0.4, Solana: 0.2 } },
  { id: '290', asset: 'USDH', name: 'USDH', symbol: 'USDH', pegMechanism: 'fiat-backed', supplyB: 0.4, chains: { 'Hyperliquid L1': 1 } },
  { id: '227', asset: 'USDX', name: 'Stables Labs USDX', symbol: 'USDX', pegMechanism: 'crypto-backed', supplyB: 0.3, chains: { BSC: 0.6, Ethereum: 0.4 } },
];
