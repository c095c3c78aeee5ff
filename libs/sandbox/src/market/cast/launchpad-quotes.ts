import type { AssetSpec } from './assets';
import { TOKEN_2022_PROGRAM, type TokenSpec } from './token-spec';

/** The launchpad's quotes beside USDC: two xStocks (real mints) and a custom quote (launchpad-coins.ts). */
export const LAUNCHPAD_QUOTE_ASSETS: readonly AssetSpec[] = [
  { id: 'SPY', symbol: 'SPYx', name: 'SP500 xStock', gecko: null, price: 670, vol: 0.012 },
  { id: 'STNK', symbol: 'STNK', name: 'Stonk Quote', gecko: null, price: 0.25, vol: 0.07 },
];
export const SPYX_MINT = 'XsoCS1TfEyfFhfvj8EtZ528L3CaKBDBRqRapnBbDF2W';
export const NVDAX_MINT = 'Xsc9qvGR1efVDFGLrVsmkzv3qi45LTBjeUKSPmx9qEh';
export const STNK_MINT = 'STNKq7bVw3pQeXo5cL8rT2yHnA4gFdJmZs9uKiRtE6W';
export const LAUNCHPAD_QUOTE_TOKENS: readonly TokenSpec[] = [
  {
    chain: 'Solana',
    address: SPYX_MINT,
    symbol: 'SPYx',
    name: 'SP500 xStock',
    decimals: 8,
    asset: 'SPY',
    liquidity: 4e6,
    tags: ['stocks'],
    tokenProgram: TOKEN_2022_PROGRAM,
    circSupply: 60_000,
    totalSupply: 60_000,
    createdAt: '2025-06-30T12:00:00.000Z',
  },
  {
    chain: 'Solana',
    address: NVDAX_MINT,
    symbol: 'NVDAx',
    name: 'NVIDIA xStock',
    decimals: 8,
    asset: 'NVDA',
    liquidity: 3e6,
    tags: ['stocks'],
    tokenProgram: TOKEN_2022_PROGRAM,
    circSupply: 150_000,
    totalSupply: 150_000,
    createdAt: '2025-06-30T12:00:00.000Z',
  },
  {
    chain: 'Solana',
    address: STNK_MINT,
    symbol: 'STNK',
    name: 'Stonk Quote',
    decimals: 6,
    asset: 'STNK',
    liquidity: 600_000,
    circSupply: 400e6,
    totalSupply: 1e9,
    createdAt: '2026-01-15T12:00:00.000Z',
  },
];
