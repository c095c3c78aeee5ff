/** Identities tests can rely on: fixed ones, and those a built market names (independent of the seed). */
import type { Token, YieldPool } from './types';

/** Seed-independent fixtures. */
export const FIXTURES = {
  solMint: 'So11111111111111111111111111111111111111112',
  usdcMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  usdtMint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
  jupMint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
  bonkMint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
  ethereumWeth: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  ethereumUsdc: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  baseUsdc: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  baseAero: '0x940181a94A35A4569E4529A3CDfB74e38FD98631',
  bscUsdt: '0x55d398326f99059fF775485246999027B3197955',
  protocols: {
    lending: 'aave-v3',
    dex: 'uniswap-v3',
    solanaDex: 'raydium-amm',
    perps: 'hyperliquid-perps',
    solanaPerps: 'jupiter-perpetual-exchange',
    liquidStaking: 'lido',
    cdp: 'makerdao',
    options: 'derive-v2',
    predictionMarket: 'polymarket',
  },
  stablecoins: { usdt: '1', usdc: '2', depegged: '227' },
  chains: ['Solana', 'Ethereum', 'Base', 'BSC', 'Monad', 'Hyperliquid L1', 'Robinhood Chain'] as const,
  /** Chain listed on /v2/chains but holding no stablecoins (absent from /stablecoinchains). */
  chainWithoutStablecoins: 'Robinhood Chain',
} as const;

/** The fixed identities and the special tokens and pools of a built market. */
export function marketFixtures(tokens: readonly Token[], pools: readonly YieldPool[]) {
  const byChainSymbol = (chain: string, symbol: string) => tokens.find((t) => t.chain.name === chain && t.symbol === symbol)!;
  return {
    ...FIXTURES,
    unpricedSolanaMint: tokens.find((t) => t.symbol === 'NOPX')!.address,
    noRouteSolanaMint: tokens.find((t) => t.symbol === 'RUGZ')!.address,
    unpricedBaseToken: tokens.find((t) => t.symbol === 'UNPR')!.address,
    memeMints: tokens.filter((t) => t.asset.id.startsWith('MEME:')).map((t) => t.address),
    baseWeth: byChainSymbol('Base', 'WETH').address,
    pools: {
      aaveV3EthereumUsdc: pools.find((p) => p.protocol.slug === 'aave-v3' && p.chain === 'Ethereum' && p.symbol === 'USDC')?.pool ?? pools[0].pool,
      first: pools[0].pool,
    },
  };
}
