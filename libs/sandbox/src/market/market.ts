/**
 * The sandbox's synthetic market: a pure function of (seed, time).
 *
 * - Identities (chains, protocol names/slugs/ids, token addresses, stablecoin ids, pool ids) are
 *   fixed; the seed changes every number (TVL levels, prices, volumes, APYs, which weeks had hacks).
 * - Time: `now()` (ms since epoch, injectable). Every series is evaluated at an instant with O(1)
 *   seeded value noise (see prng.ts), so the same seed and the same instant always give the same
 *   numbers, and a later `now` moves the latest point.
 * - Consistency: a protocol's TVL is the sum of its per-chain TVLs (integers, so sums are exact);
 *   a chain's TVL is the sum of its protocols' TVL on it, excluding the 'Liquid Staking' category
 *   (DefiLlama's default excludes liquid staking); a coin has one price per instant, used by every
 *   endpoint (DefiLlama coins, Jupiter, Alchemy, stablecoins); dimension overviews are sums of their
 *   protocols, and protocols' values are sums over their chains.
 * - History: daily points at 00:00 UTC for the last HISTORY_DAYS days (or since listing), the
 *   latest TVL-like point being `now` itself. Dimension data (volume, fees, open interest) is daily
 *   and its "24h" is the last complete UTC day.
 */
import { CHAINS, type ChainInfo } from './universe';
import {
  DAY_MS,
  DAY_S,
  HISTORY_DAYS,
  type Asset,
  type DailyDims,
  type DimensionKind,
  type Hack,
  type Protocol,
  type Stablecoin,
  type Token,
  type TrackedFlow,
  type TrackedFlowSource,
  type DeveloperSource,
  type YieldPool,
  NO_TRACKED_FLOW,
} from './types';
import { round } from '../prng';
import { buildUniverse } from './build';
import * as lookups from './lookups';
import * as prices from './prices';
import * as tvl from './tvl';
import * as dimensions from './dimensions';
import { hacksUntil } from './hacks';
import { marketFixtures } from './fixtures';

/** The most of a coin's fully diluted value its pools show as liquidity (both sides, USD). */
const MAX_LIQUIDITY_SHARE = 0.6;

export interface MarketOptions {
  /** Market seed (default 42). Same seed + same clock → identical data. */
  seed?: number;
  /** Clock in ms since epoch (default Date.now). */
  now?: () => number;
}

/**
 * Deterministic synthetic market. Build once per seed; cheap (a few ms). The universe is built by
 * build.ts; each question is answered by the module of its concern (lookups, prices, tvl,
 * dimensions, hacks), read at the market's seed and clock.
 */
export class SandboxMarket {
  readonly seed: number;
  readonly now: () => number;
  readonly chains: readonly ChainInfo[] = CHAINS;
  readonly assets: Asset[];
  readonly tokens: Token[];
  readonly protocols: Protocol[];
  readonly stablecoins: Stablecoin[];
  readonly pools: YieldPool[];

  private readonly index: lookups.MarketIndex;
  private readonly cache = new Map<string, unknown>();
  private tracked: TrackedFlowSource | null = null;
  private developers: DeveloperSource | null = null;

  constructor(options: MarketOptions = {}) {
    this.seed = (options.seed ?? 42) >>> 0;
    this.now = options.now ?? (() => Date.now());
    const universe = buildUniverse(this.seed);
    this.assets = universe.assets;
    this.tokens = universe.tokens;
    this.protocols = universe.protocols;
    this.stablecoins = universe.stablecoins;
    this.pools = universe.pools;
    this.index = new lookups.MarketIndex(this.assets, this.tokens, this.protocols);
  }

  // ───────────────────────────── clock ─────────────────────────────

  nowMs(): number {
    return this.now();
  }

  nowSec(): number {
    return Math.floor(this.now() / 1000);
  }

  /** Index of the current UTC day (days since epoch). */
  today(tMs = this.now()): number {
    return Math.floor(tMs / DAY_MS);
  }

  /** Solana slot at an instant (~400 ms slots). */
  slotAt(tMs: number): number {
    return 300_000_000 + Math.floor((tMs - Date.UTC(2025, 0, 1)) / 400);
  }

  // ───────────────────────────── lookups ─────────────────────────────

  chainByName(name: string): ChainInfo | undefined {
    return lookups.chainByName(name);
  }

  chainByAlchemyNetwork(network: string): ChainInfo | undefined {
    return lookups.chainByAlchemyNetwork(network);
  }

  asset(id: string): Asset | undefined {
    return this.index.asset(id);
  }

  protocol(slugOrName: string): Protocol | undefined {
    return this.index.protocol(slugOrName);
  }

  /** Protocols listed at `tMs`. */
  listedProtocols(tMs = this.now()): Protocol[] {
    return this.protocols.filter((p) => p.listedAt * 1000 <= tMs);
  }

  /** A DefiLlama coins key (`chain:address` or `coingecko:id`) → token or asset. */
  resolveCoinsKey(key: string): { token: Token | null; asset: Asset } | undefined {
    return this.index.resolveCoinsKey(key);
  }

  /** Solana mint → token (case-sensitive). */
  tokenByMintAddress(mint: string): Token | undefined {
    return this.index.tokenByMintAddress(mint);
  }

  /** Token on a chain by address (EVM case-insensitive, Solana exact). */
  tokenOn(chain: ChainInfo, address: string): Token | undefined {
    return this.index.tokenOn(chain, address);
  }

  /** Asset by a market symbol (ETH, BTC, SOL, USDC...) or by a token symbol (WETH...). */
  assetBySymbol(symbol: string): Asset | undefined {
    return this.index.assetBySymbol(symbol);
  }

  solanaTokens(): Token[] {
    return this.tokens.filter((t) => t.chain.name === 'Solana');
  }

  // ───────────────────────────── prices ─────────────────────────────

  /** USD price of an asset at tMs, or null when the asset cannot be priced. 10 significant digits. */
  price(asset: Asset, tMs = this.now()): number | null {
    return prices.assetPrice(this.seed, asset, tMs, (id) => this.asset(id));
  }

  tokenPrice(token: Token, tMs = this.now()): number | null {
    return this.price(token.asset, tMs);
  }

  /** % change of the price over `windowMs` ending at tMs, 2 decimals; null when unpriced. */
  priceChangePct(asset: Asset, windowMs: number, tMs = this.now()): number | null {
    return prices.priceChangePct(this.seed, asset, windowMs, tMs, (id) => this.asset(id));
  }

  /**
   * Liquidity in USD across pools (Jupiter's `liquidity`). A constant-product pool holds equal value
   * on both sides, so its USD depth is at most twice the value of the coins in it: a pool never
   * shows more than MAX_LIQUIDITY_SHARE of the coin's fully diluted value, however its price fell.
   */
  liquidity(token: Token, tMs = this.now()): number {
    const depth = prices.tokenLiquidity(this.seed, token, tMs);
    const price = this.tokenPrice(token, tMs);
    if (price === null) return depth;
    return Math.min(depth, round(price * token.totalSupply * MAX_LIQUIDITY_SHARE, 2));
  }

  holderCount(token: Token, tMs = this.now()): number {
    return prices.tokenHolders(this.seed, token, tMs);
  }

  /**
   * Token trading volume (USD) over the window ending at tMs: the rest of the market's swaps and the
   * tracked traders' own (`trackedFlow`), so no volume is less than what tracked traders swapped.
   */
  volume(token: Token, windowMs: number, tMs = this.now()): number {
    const f = this.trackedFlow(token, tMs - windowMs, tMs);
    return round(this.untrackedVolume(token, windowMs, tMs) + f.buyUsd + f.sellUsd, 2);
  }

  /** The volume of everyone but the tracked traders over the window ending at tMs. */
  untrackedVolume(token: Token, windowMs: number, tMs = this.now()): number {
    return prices.tokenVolume(this.seed, token, windowMs, tMs);
  }

  /**
   * The tracked traders' swaps of a token with `from < at <= to` (zeros until a source is set: a
   * bare market tracks nobody; a sandbox server's market tracks the FOMO stand-in's traders).
   */
  trackedFlow(token: Token, from: number, to: number): TrackedFlow {
    return this.tracked && to > from ? this.tracked(token, from, to) : NO_TRACKED_FLOW;
  }

  /** Sets where tracked swaps come from (one source; setting another replaces it). */
  trackFlow(source: TrackedFlowSource | null): void {
    this.tracked = source;
  }

  // ───────────────────────────── developers ─────────────────────────────

  /**
   * The wallet that deployed a token: the tracked trader who launched it when there is one (a
   * sandbox server's market reads the FOMO stand-in's launches), else the token's own `dev` (an
   * untracked wallet; null for tokens without a known developer).
   */
  developer(token: Token): string | null {
    return this.developers?.(token)?.wallet ?? token.dev;
  }

  /**
   * Percent of the circulating supply the developer holds at tMs, 4 decimals: a tracked
   * developer's launch bag as it stands then (it moves as they sell), else the token's drawn share.
   */
  developerShare(token: Token, tMs = this.now()): number {
    const tracked = this.developers?.(token);
    if (!tracked) return token.devBalancePercentage;
    return round((tracked.heldAt(tMs) / token.circSupply) * 100, 4);
  }

  /** Sets where tracked developers come from (one source; setting another replaces it). */
  trackDevelopers(source: DeveloperSource | null): void {
    this.developers = source;
  }

  // ───────────────────────────── TVL ─────────────────────────────

  /** TVL of a protocol on one chain at tMs (integer USD; 0 before listing or off-chain). */
  protocolChainTvl(p: Protocol, chain: string, tMs = this.now()): number {
    return tvl.protocolChainTvlAt(this.seed, p, chain, tMs);
  }

  /** Same at 00:00 UTC of day index d, cached. */
  protocolChainTvlAtDay(p: Protocol, chain: string, d: number): number {
    const k = `tvl|${p.index}|${chain}|${d}`;
    let v = this.cache.get(k) as number | undefined;
    if (v === undefined) {
      v = this.protocolChainTvl(p, chain, d * DAY_MS);
      this.remember(k, v);
    }
    return v;
  }

  /** Protocol TVL = the sum of its chain TVLs (exact). */
  protocolTvl(p: Protocol, tMs = this.now()): number {
    let sum = 0;
    for (const c of p.chains) sum += this.protocolChainTvl(p, c, tMs);
    return sum;
  }

  /** Current per-chain TVL map of a protocol, in its chain order. */
  protocolChainTvls(p: Protocol, tMs = this.now()): Record<string, number> {
    const out: Record<string, number> = {};
    for (const c of p.chains) out[c] = this.protocolChainTvl(p, c, tMs);
    return out;
  }

  /** Whether a category counts towards chain TVL (DefiLlama excludes liquid staking by default). */
  countsInChainTvl(p: Protocol): boolean {
    return tvl.countsInChainTvl(p);
  }

  /** A chain's TVL: the sum over protocols (except liquid staking) of their TVL on it. */
  chainTvl(chain: string, tMs = this.now()): number {
    let sum = 0;
    for (const p of this.protocols) if (this.countsInChainTvl(p) && p.chainBase[chain] !== undefined) sum += this.protocolChainTvl(p, chain, tMs);
    return sum;
  }

  chainTvlAtDay(chain: string, d: number): number {
    let sum = 0;
    for (const p of this.protocols) if (this.countsInChainTvl(p) && p.chainBase[chain] !== undefined) sum += this.protocolChainTvlAtDay(p, chain, d);
    return sum;
  }

  /**
   * The instants of a history series: 00:00 UTC of each of the previous HISTORY_DAYS-1 days
   * (never before `fromSec`), then `now` itself. Returns unix seconds.
   */
  historyPoints(fromSec = 0): { date: number; day: number | null }[] {
    const nowMs = this.now();
    const today = this.today(nowMs);
    const out: { date: number; day: number | null }[] = [];
    for (let d = today - (HISTORY_DAYS - 1); d < today; d++) {
      if (d * DAY_S < fromSec) continue;
      out.push({ date: d * DAY_S, day: d });
    }
    out.push({ date: Math.floor(nowMs / 1000), day: null });
    return out;
  }

  // ───────────────────────────── dimensions (volume, fees, OI) ─────────────────────────────

  /** Whether a protocol reports a dimension. */
  inDimension(p: Protocol, kind: DimensionKind): boolean {
    return dimensions.inDimension(p, kind);
  }

  /** Every metric of one protocol on one chain for UTC day d (integers). Zero before listing. */
  dailyDims(p: Protocol, chain: string, d: number): DailyDims {
    const k = `dims|${p.index}|${chain}|${d}`;
    const hit = this.cache.get(k) as DailyDims | undefined;
    if (hit) return hit;
    const out = dimensions.dayDims(this.seed, p, chain, d);
    this.remember(k, out);
    return out;
  }

  /** The metric of a dataType from a day's dimensions. */
  static metric(kind: DimensionKind, dataType: string, d: DailyDims): number {
    return dimensions.dimensionMetric(kind, dataType, d);
  }

  // ───────────────────────────── stablecoins ─────────────────────────────

  /** Circulating supply (units pegged to USD) of a stablecoin on a chain at tMs, integer. */
  stableCirculating(s: Stablecoin, chain: string, tMs = this.now()): number {
    return tvl.stableCirculatingAt(this.seed, s, chain, tMs);
  }

  stableTotal(s: Stablecoin, tMs = this.now()): number {
    let sum = 0;
    for (const c of s.chains) sum += this.stableCirculating(s, c, tMs);
    return sum;
  }

  // ───────────────────────────── yields ─────────────────────────────

  /** Pool state at tMs. */
  poolState(pool: YieldPool, tMs = this.now()) {
    return tvl.poolStateAt(this.seed, pool, tMs);
  }

  // ───────────────────────────── hacks ─────────────────────────────

  /**
   * Hacks are events of a seeded weekly process over absolute time: every week has a ~16% chance of
   * one. `/hacks` lists those of the last ~5 years up to now, oldest first.
   */
  hacks(tMs = this.now()): Hack[] {
    return hacksUntil(this.seed, this.protocols, tMs);
  }

  // ───────────────────────────── fixtures ─────────────────────────────

  /** Well-known identities tests can rely on (independent of the seed). */
  get fixtures() {
    return marketFixtures(this.tokens, this.pools);
  }

  private remember(k: string, v: unknown): void {
    if (this.cache.size > 400_000) this.cache.clear();
    this.cache.set(k, v);
  }
}

export function createMarket(options: MarketOptions = {}): SandboxMarket {
  return new SandboxMarket(options);
}
