/**
 * DexScreener pairs in the documented Pair shape (reference notes, DexScreener), with made-up
 * numbers. Addresses are well-formed but invented.
 */

export const SOL_MINT = 'So11111111111111111111111111111111111111112';
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** A Solana token with two pairs of its own. */
export const ORBIT_MINT = 'Orb1tXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8NpQw3Hkm';
/** A Base token, in checksum case. */
export const AERO_BASE = '0x940181a94A35A4569E4529A3CDfB74e38FD98631';
export const WETH_BASE = '0x4200000000000000000000000000000000000006';

/** ORBIT/SOL on raydium: the deeper pair. */
export const ORBIT_MAIN_PAIR = {
  chainId: 'solana',
  dexId: 'raydium',
  url: 'https://dexscreener.com/solana/7xkpqmainpair1111111111111111111111111111',
  pairAddress: '7xKpQmAinPair1111111111111111111111111111',
  labels: ['CLMM'],
  baseToken: { address: ORBIT_MINT, name: 'Orbit', symbol: 'ORBIT' },
  quoteToken: { address: SOL_MINT, name: 'Wrapped SOL', symbol: 'SOL' },
  priceNative: '0.0001875',
  priceUsd: '0.03125',
  txns: { m5: { buys: 4, sells: 2 }, h1: { buys: 51, sells: 47 }, h6: { buys: 302, sells: 288 }, h24: { buys: 1210, sells: 1175 } },
  volume: { h24: 812345.67, h6: 201000.5, h1: 33000.25, m5: 2100 },
  priceChange: { m5: 0.12, h1: -1.4, h6: 3.3, h24: 12.75 },
  liquidity: { usd: 1500000.5, base: 24000000, quote: 4500 },
  fdv: 31250000,
  marketCap: 18750000,
  pairCreatedAt: 1717581325000,
  info: {
    imageUrl: 'https://example.com/orbit.png',
    websites: [{ label: 'Website', url: 'https://orbit.example' }],
    socials: [{ type: 'twitter', url: 'https://x.com/orbit' }],
  },
  boosts: { active: 0 },
};

/** ORBIT/USDC on orca: shallower, slightly different price, and no priceChange at all. */
export const ORBIT_SECOND_PAIR = {
  chainId: 'solana',
  dexId: 'orca',
  url: 'https://dexscreener.com/solana/9ynsecondpair222222222222222222222222222',
  pairAddress: '9yNSec0ndPair222222222222222222222222222',
  baseToken: { address: ORBIT_MINT, name: 'Orbit', symbol: 'ORBIT' },
  quoteToken: { address: USDC_MINT, name: 'USD Coin', symbol: 'USDC' },
  priceNative: '0.03126',
  priceUsd: '0.03126',
  txns: { m5: { buys: 0, sells: 1 }, h1: { buys: 5, sells: 6 }, h6: { buys: 30, sells: 33 }, h24: { buys: 140, sells: 150 } },
  volume: { h24: 90000.11, h6: 21000, h1: 3000, m5: 0 },
  liquidity: { usd: 250000.25, base: 4000000, quote: 125000 },
  fdv: 31260000,
  marketCap: 18756000,
  pairCreatedAt: 1720000000000,
};

/** BONKISH/ORBIT: ORBIT only as the quote token; it must not describe ORBIT. */
export const ORBIT_AS_QUOTE_PAIR = {
  chainId: 'solana',
  dexId: 'meteora',
  url: 'https://dexscreener.com/solana/3zqquotepair33333333333333333333333333333',
  pairAddress: '3zQQuotePair33333333333333333333333333333',
  labels: ['DLMM'],
  baseToken: { address: 'Bnk1shZ9aQw2Er3Ty4Ui5Op6As7Df8Gh9Jk1Lz2Xc3V', name: 'Bonkish', symbol: 'BONKISH' },
  quoteToken: { address: ORBIT_MINT, name: 'Orbit', symbol: 'ORBIT' },
  priceNative: '0.5',
  priceUsd: '0.015625',
  txns: { m5: { buys: 1, sells: 0 }, h1: { buys: 2, sells: 3 }, h6: { buys: 9, sells: 8 }, h24: { buys: 40, sells: 41 } },
  volume: { h24: 99999999, h6: 1, h1: 1, m5: 0 },
  priceChange: { h24: -50 },
  liquidity: { usd: 99999999, base: 1, quote: 1 },
  fdv: 15625000,
  marketCap: 15625000,
  pairCreatedAt: 1730000000000,
};

/** AERO/WETH on Base, the reference's own example pair (lowercase addresses, as DexScreener may send). */
export const AERO_PAIR = {
  chainId: 'base',
  dexId: 'uniswap',
  url: 'https://dexscreener.com/base/0x3d5d143381916280ff91407febeb52f2b60f33cf',
  pairAddress: '0x3d5D143381916280ff91407FeBEB52f2b60f33Cf',
  labels: ['v3'],
  baseToken: { address: AERO_BASE.toLowerCase(), name: 'Aerodrome', symbol: 'AERO' },
  quoteToken: { address: WETH_BASE, name: 'Wrapped Ether', symbol: 'WETH' },
  priceNative: '0.0002853',
  priceUsd: '0.7207',
  txns: { m5: { buys: 1, sells: 13 }, h1: { buys: 3, sells: 174 }, h6: { buys: 147, sells: 1006 }, h24: { buys: 680, sells: 3534 } },
  volume: { h24: 565343.15, h6: 118622.87, h1: 4244.69, m5: 5.99 },
  priceChange: { m5: -0.28, h1: -1.25, h6: -2.71, h24: 3.97 },
  liquidity: { usd: 1017969.4, base: 934179, quote: 136.4309 },
  fdv: 1192919481,
  marketCap: 600319879,
  pairCreatedAt: 1696424985000,
  info: { imageUrl: 'https://example.com/aero.png', websites: [], socials: [] },
  boosts: { active: 0 },
};

/** A thin pair DexScreener describes sparsely: no USD price, no liquidity, no priceChange, no caps. */
export const SPARSE_PAIR = {
  chainId: 'solana',
  dexId: 'pumpswap',
  url: 'https://dexscreener.com/solana/5spsparsepair4444444444444444444444444444',
  pairAddress: '5SpSparsePair4444444444444444444444444444',
  baseToken: { address: 'SpArse1111111111111111111111111111111111pump', name: 'Sparse', symbol: 'SPRS' },
  quoteToken: { address: SOL_MINT, name: 'Wrapped SOL', symbol: 'SOL' },
  priceNative: '1.5e-9',
  txns: { h24: { buys: 1, sells: 0 } },
  volume: {},
};
