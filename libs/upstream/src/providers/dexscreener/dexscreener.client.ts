import { CHAIN_IDS, isChain, type Chain } from '../../chains';
import type { UpstreamSource } from '../../upstream.types';
import { tokensV1ResponseSchema, type DexPair } from './dexscreener.schemas';

/** DexScreener's keyless host. */
export const DEXSCREENER_BASE_URL = 'https://api.dexscreener.com';

/** GET /tokens/v1 takes at most this many addresses per request. */
export const DEXSCREENER_MAX_ADDRESSES = 30;

/** DexScreener's figures are themselves about a minute old; asking more often brings nothing new. */
const MARKETS_TTL_MS = 60_000;

/**
 * DexScreener's chain ids for Scout's chains. solana, ethereum, base and bsc are the ids in
 * DexScreener's documented examples (docs.dexscreener.com/api/reference uses "solana"; the
 * dexscreener/google-sheets add-on passes chainId through as a plain string, with no list).
 * UNCONFIRMED: monad, hyperevm (Hyperliquid's EVM) and robinhood (Robinhood Chain) follow its
 * naming, but no DexScreener document we hold lists chain ids, so they are unverified until the
 * live drift check (dexscreener.probes.ts) or a live /tokens/v1 call on those chains confirms them.
 */
export const DEXSCREENER_CHAIN_IDS: Readonly<Record<Chain, string>> = {
  solana: 'solana',
  ethereum: 'ethereum',
  base: 'base',
  bsc: 'bsc',
  monad: 'monad',
  hyperliquid: 'hyperevm',
  brokerage: 'robinhood',
};

/** One token's market as DexScreener sees it. Every figure DexScreener left out is null, never 0. */
export interface DexMarket {
  chain: Chain;
  /** The address exactly as it was asked. */
  address: string;
  /** From the token's most liquid pair (the pairs where it is the base token). */
  priceUsd: number | null;
  /** Price × circulating supply, as DexScreener reports it. */
  marketCapUsd: number | null;
  /** Price × total supply. */
  fdvUsd: number | null;
  /**
   * Liquidity (USD) summed over the token's pairs in the answer, like "liquidity across all pools";
   * null when no pair reports one.
   */
  liquidityUsd: number | null;
  /** 24 h volume (USD) summed over the same pairs; null when no pair reports one. */
  volume24hUsd: number | null;
  /** Percent over 24 h, from the most liquid pair. */
  change24hPct: number | null;
  /** The most liquid pair. */
  pairAddress: string;
  dexId: string;
  /** ISO 8601; null when DexScreener does not say. */
  pairCreatedAt: string | null;
  /** How many pairs (with this token as base) the figures come from. */
  pairCount: number;
}

/**
 * DexScreener (keyless, every chain): token markets from GET /tokens/v1/{chainId}/{addresses}.
 */
export class DexScreenerClient {
  constructor(private readonly source: UpstreamSource) {}

  /**
   * The market of each address on one chain, keyed by the address as asked. Addresses are asked
   * once each (EVM addresses compared without case, Solana mints exactly), in requests of at most
   * 30 run in parallel. A token is described by the pairs where it is the BASE token; one that only
   * appears as a quote token, or not at all, is absent from the map. A chain DexScreener has no id
   * for throws a RangeError before any call.
   */
  async markets(chain: Chain, addresses: readonly string[]): Promise<Map<string, DexMarket>> {
    if (!isChain(chain)) throw new RangeError(`DexScreener has no chain id for "${String(chain)}"`);
    const chainId = DEXSCREENER_CHAIN_IDS[chain];
    const keyOf = CHAIN_IDS[chain].evmChainId === null ? (a: string) => a : (a: string) => a.toLowerCase();

    // Matching key → the addresses asked under it (an EVM address may come in two casings).
    const asked = new Map<string, string[]>();
    for (const raw of addresses) {
      const address = raw.trim();
      if (address === '') continue;
      const key = keyOf(address);
      const spellings = asked.get(key);
      if (!spellings) asked.set(key, [address]);
      else if (!spellings.includes(address)) spellings.push(address);
    }
    if (asked.size === 0) return new Map();

    // Sorted, so the same set of addresses shares cache entries whatever order it came in.
    const queried = [...asked.values()].map((spellings) => spellings[0]).sort();
    const chunks: string[][] = [];
    for (let i = 0; i < queried.length; i += DEXSCREENER_MAX_ADDRESSES) chunks.push(queried.slice(i, i + DEXSCREENER_MAX_ADDRESSES));
    const answers = await Promise.all(chunks.map((chunk) => this.tokens(chainId, chunk)));

    const pairsByKey = new Map<string, DexPair[]>();
    const seenPairs = new Set<string>();
    for (const pair of answers.flat()) {
      if (pair.chainId !== chainId) continue;
      // A pair can come back in two chunks (its quote token asked in another one).
      const pairKey = keyOf(pair.pairAddress);
      if (seenPairs.has(pairKey)) continue;
      seenPairs.add(pairKey);
      const base = keyOf(pair.baseToken.address);
      if (!asked.has(base)) continue;
      const list = pairsByKey.get(base);
      if (list) list.push(pair);
      else pairsByKey.set(base, [pair]);
    }

    const markets = new Map<string, DexMarket>();
    for (const [key, spellings] of asked) {
      const pairs = pairsByKey.get(key);
      if (!pairs) continue;
      for (const address of spellings) markets.set(address, toMarket(chain, address, pairs));
    }
    return markets;
  }

  private tokens(chainId: string, addresses: string[]): Promise<DexPair[]> {
    return this.source.request(
      {
        endpoint: 'dexscreener:/tokens/v1',
        path: `/tokens/v1/${encodeURIComponent(chainId)}/${addresses.map(encodeURIComponent).join(',')}`,
        cacheTtlMs: MARKETS_TTL_MS,
      },
      (raw) => tokensV1ResponseSchema.parse(raw),
    );
  }
}

/** The market of one token from its pairs (at least one, all with the token as base). */
function toMarket(chain: Chain, address: string, pairs: DexPair[]): DexMarket {
  const liquidityOf = (pair: DexPair) => pair.liquidity?.usd ?? null;
  // Most liquid first; a pair without a liquidity figure ranks below every pair with one.
  const best = pairs.reduce((a, b) => ((liquidityOf(b) ?? -1) > (liquidityOf(a) ?? -1) ? b : a));
  return {
    chain,
    address,
    priceUsd: best.priceUsd,
    marketCapUsd: best.marketCap,
    fdvUsd: best.fdv,
    liquidityUsd: sumKnown(pairs.map(liquidityOf)),
    volume24hUsd: sumKnown(pairs.map((pair) => pair.volume?.h24 ?? null)),
    change24hPct: best.priceChange?.h24 ?? null,
    pairAddress: best.pairAddress,
    dexId: best.dexId,
    pairCreatedAt: isoOrNull(best.pairCreatedAt),
    pairCount: pairs.length,
  };
}

function isoOrNull(ms: number | null): string | null {
  if (ms === null) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Sum of the known values in cents, or null when none is known. */
function sumKnown(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  return Math.round(known.reduce((a, b) => a + b, 0) * 100) / 100;
}
