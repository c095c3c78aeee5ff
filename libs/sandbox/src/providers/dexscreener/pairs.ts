/**
 * DexScreener's view of the synthetic market: pairs built from the same tokens, prices, liquidity
 * and volumes that Jupiter, DefiLlama and FOMO serve, so every provider tells one story.
 *
 * Every priced market token has a main pair on its own venue (`token.venue`, pool `token.ammKey`),
 * quoted in its chain's stable or native token, and some also a smaller second pair quoted in the
 * other one. At any instant:
 *   - every pair's priceUsd is the market price of its base token (Jupiter's usdPrice);
 *   - the pairs of a token share its liquidity (Jupiter's `liquidity`, all pools) and its volume
 *     per window (the FOMO token board's volume24hUsd for 24 h): their sums are the token's;
 *   - marketCap = price × circSupply, fdv = price × totalSupply, priceChange = the market's change.
 */
import { DAY_MS, type Asset, type ChainInfo, type SandboxMarket, type Token } from '../../market';
import { base58Address, evmAddress, hashString, mulberry32, round, sig, unit } from '../../prng';
import { plainNumber } from '../../util';

/** DexScreener's chain ids, by the market's chain names. */
export const DEXSCREENER_CHAIN_IDS: Readonly<Record<string, string>> = {
  Solana: 'solana',
  Ethereum: 'ethereum',
  Base: 'base',
  BSC: 'bsc',
  Monad: 'monad',
  'Hyperliquid L1': 'hyperevm',
  'Robinhood Chain': 'robinhood',
  Arbitrum: 'arbitrum',
  Polygon: 'polygon',
};

/** Jupiter route labels → DexScreener dex id and pair labels (Solana). */
const SOLANA_DEXES: Readonly<Record<string, { dexId: string; labels: string[] }>> = {
  'Raydium CLMM': { dexId: 'raydium', labels: ['CLMM'] },
  Raydium: { dexId: 'raydium', labels: [] },
  'Orca Whirlpool': { dexId: 'orca', labels: ['wp'] },
  'Meteora DLMM': { dexId: 'meteora', labels: ['DLMM'] },
  'Meteora DAMM v2': { dexId: 'meteora', labels: ['DAMM v2'] },
  'Pump.fun Amm': { dexId: 'pumpswap', labels: [] },
};

/** EVM chains' venues: a token's venue picks one of them deterministically. */
const EVM_DEXES: Readonly<Record<string, { dexId: string; labels: string[] }[]>> = {
  ethereum: [
    { dexId: 'uniswap', labels: ['v3'] },
    { dexId: 'uniswap', labels: ['v2'] },
    { dexId: 'sushiswap', labels: [] },
  ],
  base: [
    { dexId: 'aerodrome', labels: [] },
    { dexId: 'uniswap', labels: ['v3'] },
    { dexId: 'baseswap', labels: [] },
  ],
  bsc: [
    { dexId: 'pancakeswap', labels: ['v3'] },
    { dexId: 'pancakeswap', labels: ['v2'] },
    { dexId: 'uniswap', labels: ['v3'] },
  ],
};
const EVM_DEFAULT_DEXES = [
  { dexId: 'uniswap', labels: ['v3'] },
  { dexId: 'uniswap', labels: ['v2'] },
];

/** A pair's quote side: a market token, or a stand-in wrapped native token on a chain that lists none. */
interface Quote {
  address: string;
  name: string;
  symbol: string;
  asset: Asset;
}

/** A pair's identity (fixed); its figures come from the market at each instant. */
export interface PairSpec {
  chainId: string;
  chain: ChainInfo;
  dexId: string;
  labels: string[];
  pairAddress: string;
  base: Token;
  quote: Quote;
  /** Share of the token's liquidity and volume held by this pair. */
  share: number;
  /** The other pair's share when the token has two: this pair's figures are then the remainder. */
  remainderOf: number | null;
  createdAtMs: number;
  main: boolean;
  key: number;
}

const WINDOWS = [
  ['m5', 5 * 60_000],
  ['h1', 3_600_000],
  ['h6', 6 * 3_600_000],
  ['h24', DAY_MS],
] as const;

const STABLE_ASSETS = ['USDC', 'USDT'];

function quoteOf(token: Token): Quote {
  return { address: token.address, name: token.name, symbol: token.symbol, asset: token.asset };
}

/** A token's main pool: its pool key on Solana, and on an EVM chain an EVM address derived from it (stable across runs). */
export function mainPoolAddress(tk: Token): string {
  return tk.chain.evm ? evmAddress(mulberry32(hashString(`dexscreener:pool:${tk.ammKey}`))) : tk.ammKey;
}

/** Every pair of the market, by DexScreener chain id (built once: identities do not move). */
export function buildPairs(m: SandboxMarket): Map<string, PairSpec[]> {
  const byChain = new Map<string, PairSpec[]>();
  for (const chain of m.chains) {
    const chainId = DEXSCREENER_CHAIN_IDS[chain.name];
    if (!chainId) continue;
    const tokens = m.tokens.filter((tk) => tk.chain === chain);
    const stable = STABLE_ASSETS.map((id) => tokens.find((tk) => tk.asset.id === id)).find((tk) => tk !== undefined);
    const otherStable = tokens.find((tk) => STABLE_ASSETS.includes(tk.asset.id) && tk !== stable);
    const nativeToken = chain.nativeAsset ? tokens.find((tk) => tk.asset.id === chain.nativeAsset) : undefined;
    const nativeAsset = chain.nativeAsset ? m.asset(chain.nativeAsset) : undefined;
    // A chain whose wrapped native token the market does not list (Robinhood Chain) still quotes in it.
    const native: Quote | undefined = nativeToken
      ? quoteOf(nativeToken)
      : nativeAsset
        ? {
            address: chain.evm
              ? evmAddress(mulberry32(hashString(`dexscreener:native:${chain.name}`)))
              : base58Address(mulberry32(hashString(`dexscreener:native:${chain.name}`))),
            name: `Wrapped ${nativeAsset.name}`,
            symbol: `W${nativeAsset.symbol}`,
            asset: nativeAsset,
          }
        : undefined;
    const pairs: PairSpec[] = [];
    for (const tk of tokens) {
      const isStable = STABLE_ASSETS.includes(tk.asset.id);
      const stableQuote = stable && stable !== tk ? quoteOf(stable) : otherStable && otherStable !== tk ? quoteOf(otherStable) : undefined;
      const nativeQuote = native && native.address !== tk.address ? native : undefined;
      const prefersNative = isStable || tk.launchpad !== null;
      const [mainQuote, secondQuote] = prefersNative ? [nativeQuote ?? stableQuote, stableQuote] : [stableQuote ?? nativeQuote, nativeQuote];
      if (!mainQuote) continue;
      const hasSecond = secondQuote !== undefined && secondQuote !== mainQuote && unit(m.seed, tk.key, hashString('dexscreener:second')) < 0.6;
      const share = hasSecond ? round(0.7 + 0.25 * unit(m.seed, tk.key, hashString('dexscreener:share')), 4) : 1;
      const venues = chain.evm ? (EVM_DEXES[chainId] ?? EVM_DEFAULT_DEXES) : null;
      const venueIndex = Math.abs(hashString(tk.venue));
      const mainDex = venues ? venues[venueIndex % venues.length] : (SOLANA_DEXES[tk.venue] ?? { dexId: 'raydium', labels: [] });
      const createdAtMs = Date.parse(tk.firstPool.createdAt);
      const address = (seed: string, evm: boolean) => (evm ? evmAddress(mulberry32(hashString(seed))) : base58Address(mulberry32(hashString(seed))));
      pairs.push({
        chainId,
        chain,
        dexId: mainDex.dexId,
        labels: mainDex.labels,
        pairAddress: mainPoolAddress(tk),
        base: tk,
        quote: mainQuote,
        share,
        remainderOf: null,
        createdAtMs,
        main: true,
        key: hashString(`dexscreener:main:${tk.key}`),
      });
      if (hasSecond) {
        const secondDex = venues
          ? venues[(venueIndex + 1) % venues.length]
          : mainDex.dexId === 'meteora'
            ? { dexId: 'orca', labels: ['wp'] }
            : { dexId: 'meteora', labels: ['DLMM'] };
        pairs.push({
          chainId,
          chain,
          dexId: secondDex.dexId,
          labels: secondDex.labels,
          pairAddress: address(`dexscreener:second:${chain.name}:${tk.address}`, chain.evm),
          base: tk,
          quote: secondQuote,
          share: round(1 - share, 4),
          remainderOf: share,
          createdAtMs: createdAtMs + Math.floor(unit(m.seed, tk.key, hashString('dexscreener:created')) * 90) * DAY_MS,
          main: false,
          key: hashString(`dexscreener:second:${tk.key}`),
        });
      }
    }
    byChain.set(chainId, pairs);
  }
  return byChain;
}

/** The token's figure `total` split between its pairs: the main pair's share, the second pair the rest. */
function split(spec: PairSpec, total: number): number {
  return spec.remainderOf === null ? round(total * spec.share, 2) : round(total - round(total * spec.remainderOf, 2), 2);
}

/** Whether an asked address names this side of the pair (EVM without case, Solana exactly). */
export function sameAddress(chain: ChainInfo, a: string, b: string): boolean {
  return chain.evm ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** The pair as DexScreener's Pair JSON at tMs, or null when its base token has no price then. */
export function renderPair(m: SandboxMarket, spec: PairSpec, t: number): Record<string, unknown> | null {
  const tk = spec.base;
  const price = m.tokenPrice(tk, t);
  const quotePrice = m.price(spec.quote.asset, t);
  if (price === null || quotePrice === null || quotePrice === 0) return null;
  const liquidityUsd = split(spec, m.liquidity(tk, t));
  const txns: Record<string, { buys: number; sells: number }> = {};
  const volume: Record<string, number> = {};
  const priceChange: Record<string, number> = {};
  const avgTradeUsd = tk.verified ? 900 : tk.launchpad ? 140 : 400;
  for (const [name, w] of WINDOWS) {
    const vol = split(spec, m.volume(tk, w, t));
    volume[name] = vol;
    const buyShare = 0.44 + 0.12 * unit(m.seed, spec.key, Math.floor(t / w));
    txns[name] = { buys: Math.round((vol * buyShare) / avgTradeUsd), sells: Math.round((vol * (1 - buyShare)) / avgTradeUsd) };
    const change = m.priceChangePct(tk.asset, w, t);
    if (change !== null) priceChange[name] = change;
  }
  const pairAddress = spec.pairAddress;
  const pair: Record<string, unknown> = {
    chainId: spec.chainId,
    dexId: spec.dexId,
    url: `https://dexscreener.com/${spec.chainId}/${spec.chain.evm ? pairAddress.toLowerCase() : pairAddress}`,
    pairAddress,
  };
  if (spec.labels.length) pair.labels = [...spec.labels];
  Object.assign(pair, {
    baseToken: { address: tk.address, name: tk.name, symbol: tk.symbol },
    quoteToken: { address: spec.quote.address, name: spec.quote.name, symbol: spec.quote.symbol },
    priceNative: plainNumber(sig(price / quotePrice)),
    priceUsd: plainNumber(price),
    txns: { m5: txns.m5, h1: txns.h1, h6: txns.h6, h24: txns.h24 },
    volume: { h24: volume.h24, h6: volume.h6, h1: volume.h1, m5: volume.m5 },
    priceChange,
    liquidity: { usd: liquidityUsd, base: sig(liquidityUsd / 2 / price, 8), quote: sig(liquidityUsd / 2 / quotePrice, 8) },
    fdv: round(price * tk.totalSupply, 2),
    marketCap: round(price * tk.circSupply, 2),
    pairCreatedAt: spec.createdAtMs,
  });
  if (spec.main) {
    const websites = tk.website ? [{ label: 'Website', url: tk.website }] : [];
    const socials = [...(tk.twitter ? [{ type: 'twitter', url: tk.twitter }] : []), ...(tk.telegram ? [{ type: 'telegram', url: tk.telegram }] : [])];
    pair.info = { ...(tk.logo ? { imageUrl: tk.logo } : {}), websites, socials };
    pair.boosts = { active: 0 };
  }
  return pair;
}
