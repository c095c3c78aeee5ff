/**
 * DexScreener answers as DexScreener documents them, for the contract spec.
 *
 * Documents: DexScreener's own zod `pairSchema` (github.com/dexscreener/google-sheets, src/types.ts,
 * commit 3ab71b027654a22e14811432acb61798a1ac63a4) and https://docs.dexscreener.com/api/reference
 * (GET /tokens/v1/{chainId}/{tokenAddresses}: up to 30 comma-separated addresses, 300 requests per
 * minute, the answer a bare array of Pair). In pairSchema `priceUsd`, `liquidity`, `liquidity.usd`,
 * `fdv` and `pairCreatedAt` are optional, `quoteToken` carries only `symbol`, and `marketCap`,
 * `labels`, `info` and `boosts` are not named (the reference page shows them; they may be absent).
 * The numbers are made up; the addresses are BONK and wrapped SOL.
 */

export const DOC_BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
export const DOC_SOL = 'So11111111111111111111111111111111111111112';

/** A Pair with every field the reference page shows. */
export const DOC_FULL_PAIR = {
  chainId: 'solana',
  dexId: 'raydium',
  url: 'https://dexscreener.com/solana/docfullpair',
  pairAddress: 'DocFu11Pair1111111111111111111111111111111',
  labels: ['v4'],
  baseToken: { address: DOC_BONK, name: 'Bonk', symbol: 'Bonk' },
  quoteToken: { address: DOC_SOL, name: 'Wrapped SOL', symbol: 'SOL' },
  priceNative: '0.0000001342',
  priceUsd: '0.00002013',
  txns: { m5: { buys: 3, sells: 1 }, h1: { buys: 40, sells: 38 }, h6: { buys: 210, sells: 190 }, h24: { buys: 900, sells: 850 } },
  volume: { m5: 120.5, h1: 3400.25, h6: 21000, h24: 98000.75 },
  priceChange: { m5: 0.01, h1: -0.2, h6: 1.5, h24: -3.25 },
  liquidity: { usd: 2500000.5, base: 60000000000, quote: 8000 },
  fdv: 1800000000,
  marketCap: 1500000000,
  pairCreatedAt: 1672531200000,
  info: { imageUrl: 'https://example.com/bonk.png', websites: [{ url: 'https://bonkcoin.com' }], socials: [{ platform: 'twitter', handle: 'bonk_inu' }] },
  boosts: { active: 2 },
};

/** The least pairSchema promises: every optional field absent, the quote token only a symbol. */
export const DOC_MINIMAL_PAIR = {
  chainId: 'solana',
  dexId: 'pumpswap',
  url: 'https://dexscreener.com/solana/docminimalpair',
  pairAddress: 'DocMin1ma1Pair111111111111111111111111111',
  baseToken: { address: DOC_BONK, name: 'Bonk', symbol: 'Bonk' },
  quoteToken: { symbol: 'SOL' },
  priceNative: '0.0000001',
  txns: { m5: { buys: 0, sells: 0 }, h1: { buys: 0, sells: 0 }, h6: { buys: 0, sells: 0 }, h24: { buys: 0, sells: 0 } },
  volume: { m5: 0, h1: 0, h6: 0, h24: 0 },
  priceChange: { m5: 0, h1: 0, h6: 0, h24: 0 },
};

/** `liquidity` present without its optional `usd`. */
export const DOC_LIQUIDITY_WITHOUT_USD_PAIR = {
  ...DOC_MINIMAL_PAIR,
  pairAddress: 'DocNoUsdPair11111111111111111111111111111',
  liquidity: { base: 5, quote: 6 },
};
