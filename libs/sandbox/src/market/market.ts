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
import { base58Address, evmAddress, hash32, hashString, mulberry32, pick, round, sig, unit, uuid, walk } from '../prng';
import {
  ASSET_SPECS,
  CHAINS,
  MEME_NAMES,
  PROTOCOL_SPECS,
  SPL_TOKEN_PROGRAM,
  STABLECOIN_SPECS,
  TOKEN_2022_PROGRAM,
  TOKEN_SPECS,
  type AssetSpec,
  type ChainInfo,
  type ProtocolCategory,
  type StablecoinSpec,
  type TokenSpec,
} from './universe';

export { CHAINS, type ChainInfo, type ProtocolCategory } from './universe';

// Local bindings: global lookups are slow inside VM contexts (jest), and these run in hot loops.
const exp = Math.exp;
const mround = Math.round;

export const DAY_S = 86_400;
export const DAY_MS = DAY_S * 1000;
/** Length of every history series, in days. */
export const HISTORY_DAYS = 400;
/** Seed of the fixed identities (addresses of synthetic tokens, pool ids). Not the market seed. */
const UNIVERSE_SEED = 0x5eed5eed;

export interface MarketOptions {
  /** Market seed (default 42). Same seed + same clock → identical data. */
  seed?: number;
  /** Clock in ms since epoch (default Date.now). */
  now?: () => number;
}

export interface Asset {
  id: string;
  symbol: string;
  name: string;
  geckoId: string | null;
  base: number;
  vol: number;
  peg: number | null;
  ref: { asset: string; ratio: number } | null;
  unpriced: boolean;
  key: number;
}

export interface Token {
  chain: ChainInfo;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  asset: Asset;
  /** DefiLlama coins key, `<prefix>:<address>`. */
  coinsKey: string;
  liquidityBase: number;
  confidence: number;
  noRoute: boolean;
  verified: boolean;
  tags: string[];
  circSupply: number;
  totalSupply: number;
  createdAt: string;
  launchpad: string | null;
  sus: boolean;
  logo: string | null;
  tokenProgram: string;
  holderBase: number;
  organicScore: number;
  dev: string | null;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  topHoldersPercentage: number;
  devBalancePercentage: number;
  devMints: number;
  firstPool: { id: string; createdAt: string };
  /** Main venue label (Jupiter route label) and its pool address. */
  venue: string;
  ammKey: string;
  /** Daily volume as a fraction of liquidity. */
  turnover: number;
  twitter: string | null;
  website: string | null;
  telegram: string | null;
  key: number;
}

export interface Protocol {
  index: number;
  id: string;
  name: string;
  slug: string;
  category: ProtocolCategory;
  symbol: string;
  geckoId: string | null;
  cmcId: string | null;
  twitter: string | null;
  chains: string[];
  chainBase: Record<string, number>;
  /** Nominal (seed-independent) TVL per chain, for structural choices. */
  nominal: Record<string, number>;
  chainKey: Record<string, number>;
  listedAt: number;
  audits: '0' | '1' | '2' | '3';
  auditLinks: string[];
  url: string;
  logo: string;
  description: string;
  methodology: string;
  address: string | null;
  forkedFrom: string[];
  oracles: string[];
  tvlVol: number;
  turnover: number;
  feeRate: number;
  revenueShare: number;
  holdersShare: number;
  oiFactor: number;
  mcapBase: number | null;
  /** Per chain, the tokens its TVL is held in (symbol, asset id, weight). */
  tokenMix: Record<string, { symbol: string; asset: string; weight: number }[]>;
  key: number;
}

export interface Stablecoin {
  id: string;
  name: string;
  symbol: string;
  asset: Asset;
  pegMechanism: StablecoinSpec['pegMechanism'];
  chains: string[];
  chainBase: Record<string, number>;
  key: number;
}

export interface YieldPool {
  pool: string;
  protocol: Protocol;
  chain: string;
  symbol: string;
  share: number;
  exposure: 'single' | 'multi';
  stablecoin: boolean;
  ilRisk: 'yes' | 'no';
  apyBaseLevel: number;
  apyRewardLevel: number | null;
  rewardTokens: string[] | null;
  underlyingTokens: string[] | null;
  poolMeta: string | null;
  /** Days of data the pool has (young pools have apyPct30D null). */
  ageDays: number;
  outlier: boolean;
  predictedProbability: number;
  hasVolume: boolean;
  key: number;
}

export interface Hack {
  date: number;
  name: string;
  classification: string;
  technique: string;
  amount: number | null;
  chain: string[];
  bridgeHack: boolean;
  targetType: string;
  source: string;
  returnedFunds: number | null;
  defillamaId: number | null;
  language: string | null;
}

export type DimensionKind = 'dexs' | 'fees' | 'open-interest';

/** One day of one protocol on one chain: every dimension metric, integers in USD. */
export interface DailyDims {
  volume: number;
  fees: number;
  revenue: number;
  holdersRevenue: number;
  oi: number;
  longOi: number;
}

export const FEES_DATA_TYPES = [
  'dailyFees',
  'dailyRevenue',
  'dailyHoldersRevenue',
  'dailyUserFees',
  'dailySupplySideRevenue',
  'dailyProtocolRevenue',
] as const;
export const DEXS_DATA_TYPES = ['dailyVolume'] as const;
export const OI_DATA_TYPES = ['openInterestAtEnd', 'longOpenInterestAtEnd', 'shortOpenInterestAtEnd'] as const;

const WORD_KEYS = {
  market: hashString('market-factor'),
  liq: hashString('liquidity'),
  holders: hashString('holders'),
  apyBase: hashString('apy-base'),
  apyReward: hashString('apy-reward'),
  dims: hashString('dims'),
  oi: hashString('oi-long-share'),
  hack: hashString('hacks'),
  mcap: hashString('mcap'),
  tvlDay: hashString('tvl-day'),
};

const VENUES = ['Raydium CLMM', 'Orca Whirlpool', 'Meteora DLMM', 'Raydium', 'Pump.fun Amm', 'Meteora DAMM v2'];

/** Deterministic synthetic market. Build once per seed; cheap (a few ms). */
export class SandboxMarket {
  readonly seed: number;
  readonly now: () => number;
  readonly chains: readonly ChainInfo[] = CHAINS;
  readonly assets: Asset[];
  readonly tokens: Token[];
  readonly protocols: Protocol[];
  readonly stablecoins: Stablecoin[];
  readonly pools: YieldPool[];

  private readonly assetById = new Map<string, Asset>();
  private readonly assetByGecko = new Map<string, Asset>();
  private readonly tokenByCoinsKey = new Map<string, Token>();
  private readonly tokenByMint = new Map<string, Token>();
  private readonly protocolBySlug = new Map<string, Protocol>();
  private readonly cache = new Map<string, unknown>();

  constructor(options: MarketOptions = {}) {
    this.seed = (options.seed ?? 42) >>> 0;
    this.now = options.now ?? (() => Date.now());
    const rand = mulberry32(hash32(this.seed, hashString('attributes')));
    const uni = mulberry32(UNIVERSE_SEED);

    // Assets
    this.assets = ASSET_SPECS.map((a) => this.makeAsset(a, rand));
    // Synthetic launchpad tokens (identities from the universe seed, prices from the market seed).
    const memeSpecs: TokenSpec[] = [];
    for (const [name, symbol] of MEME_NAMES) {
      const address = base58Address(uni, uni() < 0.6 ? 'pump' : '');
      const price = 10 ** (-5 + uni() * 3.5);
      const asset = this.makeAsset({ id: `MEME:${symbol}`, symbol, name, gecko: null, price, vol: 0.12 }, rand);
      this.assets.push(asset);
      memeSpecs.push({
        chain: 'Solana', address, symbol, name, decimals: 6, asset: asset.id,
        liquidity: mround(10 ** (4.3 + uni() * 2.2)), launchpad: 'pump.fun', circSupply: 999_990_000 - mround(uni() * 1e6), totalSupply: 999_990_000 + mround(uni() * 9000),
        createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(uni() * 500) * DAY_MS + Math.floor(uni() * DAY_MS)).toISOString(),
        tags: uni() < 0.3 ? ['community', 'birdeye-trending'] : ['pump'],
      });
    }
    // Special cases: a token nobody can price, a priced token with no route, an unpriced EVM token.
    const unpricedAsset = this.makeAsset({ id: 'NOPX', symbol: 'NOPX', name: 'No Price Token', gecko: null, price: 0, vol: 0, unpriced: true }, rand);
    const rugAsset = this.makeAsset({ id: 'RUGZ', symbol: 'RUGZ', name: 'Rugged Token', gecko: null, price: 0.0000031, vol: 0.2 }, rand);
    const unprEvmAsset = this.makeAsset({ id: 'UNPR', symbol: 'UNPR', name: 'Unpriced Base Token', gecko: null, price: 0, vol: 0, unpriced: true }, rand);
    this.assets.push(unpricedAsset, rugAsset, unprEvmAsset);
    const specials: TokenSpec[] = [
      { chain: 'Solana', address: base58Address(uni), symbol: 'NOPX', name: 'No Price Token', decimals: 6, asset: 'NOPX', liquidity: 0, tags: [], launchpad: 'pump.fun', createdAt: '2026-01-05T10:00:00.000Z' },
      { chain: 'Solana', address: base58Address(uni, 'pump'), symbol: 'RUGZ', name: 'Rugged Token', decimals: 6, asset: 'RUGZ', liquidity: 900, noRoute: true, sus: true, tags: ['pump'], launchpad: 'pump.fun', createdAt: '2025-09-14T03:12:00.000Z', tokenProgram: TOKEN_2022_PROGRAM },
      { chain: 'Base', address: evmAddress(uni), symbol: 'UNPR', name: 'Unpriced Base Token', decimals: 18, asset: 'UNPR', liquidity: 0 },
    ];
    for (const a of this.assets) {
      this.assetById.set(a.id, a);
      if (a.geckoId) this.assetByGecko.set(a.geckoId, a);
    }

    // Tokens
    this.tokens = [...TOKEN_SPECS, ...memeSpecs, ...specials].map((t) => this.makeToken(t, rand, uni));
    for (const t of this.tokens) {
      this.tokenByCoinsKey.set(normaliseCoinsKey(t.coinsKey), t);
      if (!t.chain.evm) this.tokenByMint.set(t.address, t);
    }

    // Protocols
    this.protocols = PROTOCOL_SPECS.map((s, i) => {
      const scale = 0.6 + rand();
      const total = s.tvlM * 1e6 * scale;
      const weights = Object.entries(s.chains).map(([c, w]) => [c, w * (0.75 + rand() * 0.5)] as const);
      const wsum = weights.reduce((a, [, w]) => a + w, 0);
      const sorted = [...weights].sort((a, b) => b[1] - a[1]);
      const chainBase: Record<string, number> = {};
      const chainKey: Record<string, number> = {};
      for (const [c, w] of sorted) {
        chainBase[c] = (total * w) / wsum;
        chainKey[c] = hashString(`tvl:${s.slug}:${c}`);
      }
      const audits = String(Math.floor(rand() * 4)) as Protocol['audits'];
      const govAsset = s.symbol ? this.assets.find((a) => a.symbol === s.symbol) : undefined;
      const govToken = govAsset ? this.tokens.find((t) => t.asset === govAsset) : undefined;
      const cat = s.category;
      const tokenMix: Protocol['tokenMix'] = {};
      for (const [c] of sorted) tokenMix[c] = this.makeTokenMix(c, cat, rand);
      const p: Protocol = {
        index: i,
        id: String(2000 + i * 37),
        name: s.name,
        slug: s.slug,
        category: cat,
        symbol: s.symbol ?? '-',
        geckoId: s.gecko ?? null,
        cmcId: s.cmcId ?? null,
        twitter: s.twitter ?? null,
        chains: sorted.map(([c]) => c),
        chainBase,
        nominal: Object.fromEntries(Object.entries(s.chains).map(([c, w]) => [c, (s.tvlM * 1e6 * w) / Object.values(s.chains).reduce((a, b) => a + b, 0)])),
        chainKey,
        listedAt: Math.floor(Date.parse(`${s.listed}T00:00:00Z`) / 1000) + Math.floor(rand() * 20) * 3600,
        audits,
        auditLinks: Array.from({ length: Number(audits) }, (_, k) => `https://github.com/${s.slug}/audits/blob/main/audit-${k + 1}.pdf`),
        url: `https://${s.slug.replace(/-/g, '')}.example`,
        logo: `https://icons.llama.fi/${s.slug}.png`,
        description: `${s.name} is a ${cat.toLowerCase()} protocol on ${sorted.map(([c]) => c).join(', ')}.`,
        methodology: cat === 'Dexs' ? 'Counts the tokens locked in AMM pools' : cat === 'Lending' ? 'Counts the tokens supplied, minus tokens borrowed' : 'Counts the value of the assets deposited in the protocol contracts',
        address: govToken ? (govToken.chain.name === 'Ethereum' ? govToken.address : `${govToken.chain.coinsPrefix}:${govToken.address}`) : null,
        forkedFrom: s.forkedFrom ?? [],
        oracles: s.oracles ?? [],
        tvlVol: 0.012 + rand() * 0.02,
        turnover: (s.turnover ?? 0) * (0.7 + rand() * 0.6),
        feeRate: cat === 'Dexs' ? 0.0005 + rand() * 0.0025 : cat === 'Derivatives' ? 0.0002 + rand() * 0.0006 : cat === 'Options' ? 0.01 + rand() * 0.02 : cat === 'Prediction Market' ? 0.002 + rand() * 0.01 : 0,
        revenueShare: cat === 'Dexs' ? rand() * 0.25 : cat === 'Derivatives' ? 0.3 + rand() * 0.7 : cat === 'CDP' ? 0.8 + rand() * 0.2 : cat === 'Liquid Staking' ? 0.1 : 0.1 + rand() * 0.3,
        holdersShare: rand() < 0.45 ? 0 : 0.2 + rand() * 0.8,
        oiFactor: (s.oiFactor ?? 0) * (0.8 + rand() * 0.4),
        mcapBase: s.symbol ? total * (0.3 + rand() * 2) : null,
        tokenMix,
        key: hashString(`protocol:${s.slug}`),
      };
      return p;
    });
    for (const p of this.protocols) this.protocolBySlug.set(p.slug, p);

    // Stablecoins
    this.stablecoins = STABLECOIN_SPECS.map((s) => {
      const scale = 0.8 + rand() * 0.4;
      const chainBase: Record<string, number> = {};
      const entries = Object.entries(s.chains).map(([c, w]) => [c, w * (0.8 + rand() * 0.4)] as const).sort((a, b) => b[1] - a[1]);
      const wsum = entries.reduce((a, [, w]) => a + w, 0);
      for (const [c, w] of entries) chainBase[c] = (s.supplyB * 1e9 * scale * w) / wsum;
      return {
        id: s.id, name: s.name, symbol: s.symbol, asset: this.asset(s.asset)!, pegMechanism: s.pegMechanism,
        chains: entries.map(([c]) => c), chainBase, key: hashString(`stable:${s.id}`),
      };
    });

    // Yield pools (structure from the universe seed, levels from the market seed).
    this.pools = this.makePools(uni, rand);
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
    const n = normaliseChain(name);
    return CHAINS.find((c) => normaliseChain(c.name) === n || c.coinsPrefix === n);
  }

  chainByAlchemyNetwork(network: string): ChainInfo | undefined {
    return CHAINS.find((c) => c.alchemyNetwork === network);
  }

  asset(id: string): Asset | undefined {
    return this.assetById.get(id);
  }

  protocol(slugOrName: string): Protocol | undefined {
    const s = slugOrName.toLowerCase();
    return this.protocolBySlug.get(s) ?? this.protocols.find((p) => p.name.toLowerCase() === s || p.id === slugOrName);
  }

  /** Protocols listed at `tMs`. */
  listedProtocols(tMs = this.now()): Protocol[] {
    return this.protocols.filter((p) => p.listedAt * 1000 <= tMs);
  }

  /** A DefiLlama coins key (`chain:address` or `coingecko:id`) → token or asset. */
  resolveCoinsKey(key: string): { token: Token | null; asset: Asset } | undefined {
    const idx = key.indexOf(':');
    if (idx <= 0) return undefined;
    const prefix = key.slice(0, idx).toLowerCase();
    const rest = key.slice(idx + 1);
    if (prefix === 'coingecko') {
      const asset = this.assetByGecko.get(rest.toLowerCase());
      return asset ? { token: null, asset } : undefined;
    }
    const token = this.tokenByCoinsKey.get(normaliseCoinsKey(`${prefix}:${rest}`));
    return token ? { token, asset: token.asset } : undefined;
  }

  /** Solana mint → token (case-sensitive). */
  tokenByMintAddress(mint: string): Token | undefined {
    return this.tokenByMint.get(mint);
  }

  /** Token on a chain by address (EVM case-insensitive, Solana exact). */
  tokenOn(chain: ChainInfo, address: string): Token | undefined {
    if (!chain.evm) return this.tokenByMint.get(address);
    return this.tokenByCoinsKey.get(normaliseCoinsKey(`${chain.coinsPrefix}:${address}`));
  }

  /** Asset by a market symbol (ETH, BTC, SOL, USDC...) or by a token symbol (WETH...). */
  assetBySymbol(symbol: string): Asset | undefined {
    const s = symbol.toUpperCase();
    return this.assets.find((a) => a.symbol.toUpperCase() === s) ?? this.tokens.find((t) => t.symbol.toUpperCase() === s)?.asset;
  }

  solanaTokens(): Token[] {
    return this.tokens.filter((t) => t.chain.name === 'Solana');
  }

  // ───────────────────────────── prices ─────────────────────────────

  /** USD price of an asset at tMs, or null when the asset cannot be priced. 10 significant digits. */
  price(asset: Asset, tMs = this.now()): number | null {
    if (asset.unpriced) return null;
    if (asset.ref) {
      const base = this.asset(asset.ref.asset)!;
      const p = this.price(base, tMs);
      return p === null ? null : sig(p * asset.ref.ratio);
    }
    if (asset.peg !== null) {
      const dev = asset.peg < 0.99 ? 0.012 : 0.0003;
      return sig(asset.peg * exp(walk(this.seed, asset.key, tMs, dev) * 0.5), 8);
    }
    return sig(asset.base * exp(walk(this.seed, asset.key, tMs, asset.vol)));
  }

  tokenPrice(token: Token, tMs = this.now()): number | null {
    return this.price(token.asset, tMs);
  }

  /** % change of the price over `windowMs` ending at tMs, 2 decimals; null when unpriced. */
  priceChangePct(asset: Asset, windowMs: number, tMs = this.now()): number | null {
    const a = this.price(asset, tMs);
    const b = this.price(asset, tMs - windowMs);
    if (a === null || b === null || b === 0) return null;
    return round((a / b - 1) * 100, 4);
  }

  /** Liquidity in USD across pools (Jupiter's `liquidity`). */
  liquidity(token: Token, tMs = this.now()): number {
    if (token.liquidityBase === 0) return 0;
    return round(token.liquidityBase * exp(walk(this.seed, token.key ^ WORD_KEYS.liq, tMs, 0.02)), 2);
  }

  holderCount(token: Token, tMs = this.now()): number {
    return mround(token.holderBase * exp(walk(this.seed, token.key ^ WORD_KEYS.holders, tMs, 0.004)));
  }

  /** Token trading volume (USD) over the window ending at tMs. */
  volume(token: Token, windowMs: number, tMs = this.now()): number {
    const liq = this.liquidity(token, tMs);
    const days = windowMs / DAY_MS;
    const n = 0.6 + unit(this.seed, token.key, Math.floor(tMs / windowMs)) * 0.8;
    return round(liq * token.turnover * days * n, 2);
  }

  // ───────────────────────────── TVL ─────────────────────────────

  /** TVL of a protocol on one chain at tMs (integer USD; 0 before listing or off-chain). */
  protocolChainTvl(p: Protocol, chain: string, tMs = this.now()): number {
    const base = p.chainBase[chain];
    if (base === undefined || tMs < p.listedAt * 1000) return 0;
    const market = walk(this.seed, WORD_KEYS.market, tMs, 0.012, 0.05);
    return mround(base * exp(walk(this.seed, p.chainKey[chain], tMs, p.tvlVol) + market));
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
    return p.category !== 'Liquid Staking';
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
    if (kind === 'dexs') return p.category === 'Dexs';
    if (kind === 'open-interest') return p.category === 'Derivatives';
    return true;
  }

  /** Every metric of one protocol on one chain for UTC day d (integers). Zero before listing. */
  dailyDims(p: Protocol, chain: string, d: number): DailyDims {
    const k = `dims|${p.index}|${chain}|${d}`;
    const hit = this.cache.get(k) as DailyDims | undefined;
    if (hit) return hit;
    const zero: DailyDims = { volume: 0, fees: 0, revenue: 0, holdersRevenue: 0, oi: 0, longOi: 0 };
    let out = zero;
    if ((d + 1) * DAY_S > p.listedAt && p.chainBase[chain] !== undefined) {
      const tvl = this.protocolChainTvl(p, chain, (d + 0.5) * DAY_MS);
      const noise = exp(0.5 * (unit(this.seed, p.chainKey[chain] ^ WORD_KEYS.dims, d) - 0.5));
      const weekday = new Date(d * DAY_MS).getUTCDay();
      const weekFactor = weekday === 0 || weekday === 6 ? 0.8 : 1.05;
      const volume = mround(tvl * p.turnover * noise * weekFactor);
      let fees: number;
      switch (p.category) {
        case 'Dexs':
        case 'Derivatives':
        case 'Options':
        case 'Prediction Market':
          fees = mround(volume * p.feeRate);
          break;
        case 'Lending':
          fees = mround(((tvl * 0.045) / 365) * noise);
          break;
        case 'Liquid Staking':
          fees = mround(((tvl * 0.03) / 365) * noise);
          break;
        case 'CDP':
          fees = mround(((tvl * 0.055) / 365) * noise);
          break;
        default:
          fees = mround(((tvl * 0.09) / 365) * noise);
      }
      const revenue = mround(fees * p.revenueShare);
      const holdersRevenue = mround(revenue * p.holdersShare);
      const oi = p.oiFactor > 0 ? mround(tvl * p.oiFactor * exp(0.2 * (unit(this.seed, p.key ^ WORD_KEYS.oi, d) - 0.5))) : 0;
      const longOi = mround(oi * (0.42 + 0.16 * unit(this.seed, p.chainKey[chain] ^ WORD_KEYS.oi, d)));
      out = { volume, fees, revenue, holdersRevenue, oi, longOi };
    }
    this.remember(k, out);
    return out;
  }

  /** The metric of a dataType from a day's dimensions. */
  static metric(kind: DimensionKind, dataType: string, d: DailyDims): number {
    if (kind === 'dexs') return d.volume;
    if (kind === 'open-interest') {
      if (dataType === 'longOpenInterestAtEnd') return d.longOi;
      if (dataType === 'shortOpenInterestAtEnd') return d.oi - d.longOi;
      return d.oi;
    }
    switch (dataType) {
      case 'dailyRevenue':
        return d.revenue;
      case 'dailyHoldersRevenue':
        return d.holdersRevenue;
      case 'dailySupplySideRevenue':
        return d.fees - d.revenue;
      case 'dailyProtocolRevenue':
        return d.revenue - d.holdersRevenue;
      default:
        return d.fees;
    }
  }

  // ───────────────────────────── stablecoins ─────────────────────────────

  /** Circulating supply (units pegged to USD) of a stablecoin on a chain at tMs, integer. */
  stableCirculating(s: Stablecoin, chain: string, tMs = this.now()): number {
    const base = s.chainBase[chain];
    if (base === undefined) return 0;
    const growth = ((tMs - Date.UTC(2026, 0, 1)) / (365 * DAY_MS)) * 0.12;
    return mround(base * exp(growth + walk(this.seed, s.key ^ hashString(chain), tMs, 0.006, 0.05)));
  }

  stableTotal(s: Stablecoin, tMs = this.now()): number {
    let sum = 0;
    for (const c of s.chains) sum += this.stableCirculating(s, c, tMs);
    return sum;
  }

  // ───────────────────────────── yields ─────────────────────────────

  /** Pool state at tMs. */
  poolState(pool: YieldPool, tMs = this.now()) {
    const tvlUsd = mround(this.protocolChainTvl(pool.protocol, pool.chain, tMs) * pool.share);
    const apyBase = round(pool.apyBaseLevel * exp(walk(this.seed, pool.key ^ WORD_KEYS.apyBase, tMs, 0.05, 0.05)), 5);
    const apyReward =
      pool.apyRewardLevel === null ? null : round(pool.apyRewardLevel * exp(walk(this.seed, pool.key ^ WORD_KEYS.apyReward, tMs, 0.08, 0.05)), 5);
    const apy = round(apyBase + (apyReward ?? 0), 5);
    return { tvlUsd, apyBase, apyReward, apy };
  }

  // ───────────────────────────── hacks ─────────────────────────────

  /**
   * Hacks are events of a seeded weekly process over absolute time: every week has a ~16% chance of
   * one. `/hacks` lists those of the last ~5 years up to now, oldest first.
   */
  hacks(tMs = this.now()): Hack[] {
    const nowSec = Math.floor(tMs / 1000);
    const weekNow = Math.floor(nowSec / (7 * DAY_S));
    const out: Hack[] = [];
    const techniques: [string, string][] = [
      ['Protocol Logic', 'Flash Loan Price Oracle Attack'],
      ['Protocol Logic', 'Reentrancy'],
      ['Protocol Logic', 'Infinite Mint and Dump'],
      ['Protocol Logic', 'Rounding Error'],
      ['Infrastructure', 'Private Key Compromised'],
      ['Infrastructure', 'Frontend Attack'],
      ['Ecosystem', 'Governance Attack'],
      ['Rugpull', 'Rug Pull'],
      ['Infrastructure', 'Multisig Compromised'],
    ];
    const targets = ['DeFi Protocol', 'Bridge', 'CEX', 'Gaming', 'Wallet', 'DeFi Protocol', 'DeFi Protocol'];
    const nameParts = ['Nova', 'Orbit', 'Quasar', 'Helix', 'Vertex', 'Zenith', 'Lumen', 'Cobalt', 'Aegis', 'Nimbus', 'Pulse', 'Vortex'];
    const nameSuffix = ['Finance', 'Swap', 'Bridge', 'Lend', 'DAO', 'Protocol', 'Exchange'];
    for (let w = weekNow - 260; w <= weekNow; w++) {
      if (unit(this.seed, WORD_KEYS.hack, w) >= 0.16) continue;
      const r = mulberry32(hash32(this.seed, WORD_KEYS.hack, w, 1));
      const date = (w * 7 + Math.floor(r() * 7)) * DAY_S;
      if (date > nowSec) continue;
      const listed = this.protocols.filter((p) => p.listedAt <= date);
      const linked = r() < 0.35 && listed.length > 0 ? pick(r, listed) : null;
      const [classification, technique] = pick(r, techniques);
      const targetType = linked ? 'DeFi Protocol' : pick(r, targets);
      const bridgeHack = targetType === 'Bridge';
      // Chains that existed then: those with a protocol listed before the hack.
      const live = [...new Set(listed.flatMap((p) => p.chains))];
      const chainPool = linked ? linked.chains : live.length ? live : ['Ethereum'];
      const chain = [pick(r, chainPool)];
      if (bridgeHack) {
        const other = pick(r, live.length ? live : ['Ethereum']);
        if (other !== chain[0]) chain.push(other);
      }
      const amount = r() < 0.1 ? null : mround(10 ** (5 + r() * 3.6));
      const returned = amount !== null && r() < 0.25 ? mround(amount * r() * 0.8) : null;
      const name = linked ? linked.name : `${pick(r, nameParts)} ${pick(r, nameSuffix)}`;
      const solana = chain[0] === 'Solana';
      out.push({
        date,
        name,
        classification,
        technique,
        amount,
        chain,
        bridgeHack,
        targetType,
        source: `https://rekt.news/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-rekt/`,
        returnedFunds: returned,
        defillamaId: linked ? Number(linked.id) : null,
        language: classification === 'Protocol Logic' ? (solana ? 'Rust' : 'Solidity') : null,
      });
    }
    return out;
  }

  // ───────────────────────────── fixtures ─────────────────────────────

  /** Well-known identities tests can rely on (independent of the seed). */
  get fixtures() {
    const byChainSymbol = (chain: string, symbol: string) => this.tokens.find((t) => t.chain.name === chain && t.symbol === symbol)!;
    return {
      ...FIXTURES,
      unpricedSolanaMint: this.tokens.find((t) => t.symbol === 'NOPX')!.address,
      noRouteSolanaMint: this.tokens.find((t) => t.symbol === 'RUGZ')!.address,
      unpricedBaseToken: this.tokens.find((t) => t.symbol === 'UNPR')!.address,
      memeMints: this.tokens.filter((t) => t.asset.id.startsWith('MEME:')).map((t) => t.address),
      baseWeth: byChainSymbol('Base', 'WETH').address,
      pools: {
        aaveV3EthereumUsdc: this.pools.find((p) => p.protocol.slug === 'aave-v3' && p.chain === 'Ethereum' && p.symbol === 'USDC')?.pool ?? this.pools[0].pool,
        first: this.pools[0].pool,
      },
    };
  }

  // ───────────────────────────── builders ─────────────────────────────

  private makeAsset(a: AssetSpec, rand: () => number): Asset {
    const scale = a.peg !== undefined || a.ref ? 1 : 0.75 + rand() * 0.55;
    return {
      id: a.id,
      symbol: a.symbol,
      name: a.name,
      geckoId: a.gecko,
      base: a.price * scale,
      vol: a.vol,
      peg: a.peg ?? null,
      ref: a.ref ?? null,
      unpriced: a.unpriced ?? false,
      key: hashString(`asset:${a.id}`),
    };
  }

  private makeToken(t: TokenSpec, rand: () => number, uni: () => number): Token {
    const chain = CHAINS.find((c) => c.name === t.chain)!;
    const asset = this.assetById.get(t.asset)!;
    const isMeme = t.launchpad === 'pump.fun';
    const verified = t.verified ?? false;
    const mintAuthorityDisabled = !t.sus;
    const venue = t.symbol === 'SOL' || t.symbol === 'USDC' || t.symbol === 'USDT' ? 'Meteora DLMM' : isMeme ? (uni() < 0.7 ? 'Pump.fun Amm' : 'Raydium') : pick(uni, VENUES.slice(0, 3));
    const organicScore = verified ? round(85 + rand() * 14.9, 2) : t.sus ? round(rand() * 15, 2) : round(20 + rand() * 60, 2);
    const created = t.createdAt ?? new Date(Date.UTC(2021, 0, 1) + Math.floor(uni() * 1400) * DAY_MS).toISOString();
    return {
      chain,
      address: t.address,
      symbol: t.symbol,
      name: t.name,
      decimals: t.decimals,
      asset,
      coinsKey: `${chain.coinsPrefix}:${t.address}`,
      liquidityBase: t.liquidity * (t.liquidity > 0 ? 0.7 + rand() * 0.6 : 0),
      confidence: t.confidence ?? round(0.8 + rand() * 0.15, 2),
      noRoute: t.noRoute ?? false,
      verified,
      tags: t.tags ?? [],
      circSupply: t.circSupply ?? 1e9,
      totalSupply: t.totalSupply ?? 1e9,
      createdAt: created,
      launchpad: t.launchpad ?? null,
      sus: t.sus ?? false,
      logo: t.logo !== undefined ? t.logo : `https://static.sandbox.example/tokens/${t.symbol.toLowerCase()}.png`,
      tokenProgram: t.tokenProgram ?? SPL_TOKEN_PROGRAM,
      holderBase: mround(verified ? 2e5 + rand() * 3e6 : isMeme ? 800 + rand() * 40000 : 5000 + rand() * 2e5),
      organicScore,
      dev: chain.evm ? null : isMeme || t.sus ? base58Address(uni) : null,
      mintAuthority: mintAuthorityDisabled ? null : base58Address(uni),
      freezeAuthority: t.sus ? base58Address(uni) : null,
      topHoldersPercentage: round(verified ? 5 + rand() * 20 : t.sus ? 70 + rand() * 25 : 12 + rand() * 40, 2),
      devBalancePercentage: round(t.sus ? 20 + rand() * 30 : isMeme ? rand() * 4 : 0, 2),
      devMints: t.sus ? 7 : isMeme ? 1 + Math.floor(rand() * 3) : 1,
      firstPool: { id: base58Address(uni), createdAt: created },
      venue,
      ammKey: base58Address(uni),
      turnover: isMeme ? 0.5 + rand() * 3 : 0.05 + rand() * 0.4,
      twitter: verified || isMeme ? `https://x.com/${t.symbol.toLowerCase()}` : null,
      website: verified ? `https://${t.symbol.toLowerCase()}.example` : null,
      telegram: isMeme ? `https://t.me/${t.symbol.toLowerCase()}` : null,
      key: hashString(`token:${chain.name}:${t.address}`),
    };
  }

  private makeTokenMix(chain: string, cat: ProtocolCategory, rand: () => number): { symbol: string; asset: string; weight: number }[] {
    const native = CHAINS.find((c) => c.name === chain)?.nativeAsset ?? 'ETH';
    const nativeSym = this.assetById.get(native)?.symbol ?? native;
    const mix: { symbol: string; asset: string }[] =
      cat === 'Liquid Staking' ? [{ symbol: nativeSym, asset: native }]
        : cat === 'Basis Trading' ? [{ symbol: 'USDT', asset: 'USDT' }, { symbol: 'ETH', asset: 'ETH' }, { symbol: 'BTC', asset: 'BTC' }]
          : cat === 'Prediction Market' ? [{ symbol: 'USDC', asset: 'USDC' }]
            : [{ symbol: 'USDC', asset: 'USDC' }, { symbol: nativeSym, asset: native }, { symbol: 'USDT', asset: 'USDT' }];
    const weights = mix.map(() => 0.2 + rand());
    const sum = weights.reduce((a, b) => a + b, 0);
    return mix.map((m, i) => ({ ...m, weight: weights[i] / sum }));
  }

  private makePools(uni: () => number, rand: () => number): YieldPool[] {
    const pools: YieldPool[] = [];
    for (const p of this.protocols) {
      // Spec order (not the seeded TVL order) so that pool identities do not depend on the seed.
      for (const chain of Object.keys(p.nominal)) {
        const chainTokens = this.tokens.filter((t) => t.chain.name === chain && !t.asset.unpriced && !t.asset.id.startsWith('MEME:') && t.symbol !== 'RUGZ');
        const stables = chainTokens.filter((t) => t.asset.peg !== null && t.asset.peg >= 0.99);
        const volatile = chainTokens.filter((t) => t.asset.peg === null);
        const specs: { symbol: string; tokens: typeof chainTokens; exposure: 'single' | 'multi'; meta: string | null }[] = [];
        const n = p.nominal[chain] > 1e9 ? 4 : p.nominal[chain] > 1e8 ? 3 : 2;
        switch (p.category) {
          case 'Lending':
            for (const t of [...stables, ...volatile].slice(0, n)) specs.push({ symbol: t.symbol.toUpperCase(), tokens: [t], exposure: 'single', meta: null });
            break;
          case 'Dexs': {
            const pairs: [Token, Token][] = [];
            for (const v of volatile) for (const s of stables) pairs.push([v, s]);
            if (stables.length >= 2) pairs.push([stables[0], stables[1]]);
            for (let i = 1; i < volatile.length; i++) pairs.push([volatile[i], volatile[0]]);
            for (const [a, b] of pairs.slice(0, n)) specs.push({ symbol: `${a.symbol.toUpperCase()}-${b.symbol.toUpperCase()}`, tokens: [a, b], exposure: 'multi', meta: uni() < 0.5 ? `${pick(uni, ['0.05%', '0.3%', '0.01%', '1%'])}` : null });
            break;
          }
          case 'Liquid Staking':
            specs.push({ symbol: chain === 'Solana' ? 'JITOSOL' : chain === 'Ethereum' ? 'STETH' : chain === 'Hyperliquid L1' ? 'KHYPE' : 'APRMON', tokens: volatile.slice(0, 1), exposure: 'single', meta: null });
            break;
          case 'CDP':
            specs.push({ symbol: stables[0]?.symbol.toUpperCase() ?? 'USDS', tokens: stables.slice(0, 1), exposure: 'single', meta: 'Savings rate' });
            break;
          case 'Basis Trading':
            specs.push({ symbol: 'SUSDE', tokens: stables.slice(0, 1), exposure: 'single', meta: '7 days unstaking' });
            break;
          case 'Derivatives':
            specs.push({
              symbol: p.slug === 'hyperliquid-perps' ? 'HLP' : p.slug === 'jupiter-perpetual-exchange' ? 'JLP' : (stables[0] ?? volatile[0])?.symbol.toUpperCase() ?? 'USDC',
              tokens: stables.length ? stables.slice(0, 1) : volatile.slice(0, 1),
              exposure: p.slug === 'jupiter-perpetual-exchange' ? 'multi' : 'single',
              meta: 'Liquidity provider vault',
            });
            break;
          case 'Options':
            specs.push({ symbol: `${volatile[0]?.symbol.toUpperCase() ?? 'WETH'}`, tokens: volatile.slice(0, 1), exposure: 'single', meta: 'Covered call vault' });
            break;
          default:
            break;
        }
        if (specs.length === 0) continue;
        for (const sp of specs) if (sp.tokens.length === 0) sp.tokens = chainTokens.slice(0, 1);
        const shares = specs.map(() => 0.2 + uni());
        const sum = shares.reduce((a, b) => a + b, 0) / 0.9;
        specs.forEach((s, i) => {
          const stable = s.tokens.length > 0 && s.tokens.every((t) => t.asset.peg !== null);
          const isLending = p.category === 'Lending';
          const hasReward = uni() < 0.45;
          const rewardToken = this.tokens.find((t) => t.chain.name === chain && p.symbol !== '-' && t.symbol.toUpperCase() === p.symbol.toUpperCase());
          const young = uni() < 0.06;
          const pool: YieldPool = {
            pool: uuid(uni),
            protocol: p,
            chain,
            symbol: s.symbol,
            share: shares[i] / sum,
            exposure: s.exposure,
            stablecoin: stable,
            ilRisk: s.exposure === 'multi' && !stable ? 'yes' : 'no',
            apyBaseLevel: isLending ? (stable ? 3 + rand() * 6 : 0.3 + rand() * 2.5) : p.category === 'Dexs' ? 2 + rand() * 35 : 2.5 + rand() * 9,
            apyRewardLevel: hasReward ? 0.2 + rand() * 6 : null,
            rewardTokens: hasReward ? [rewardToken?.address ?? s.tokens[0]?.address ?? '0x0000000000000000000000000000000000000000'] : null,
            underlyingTokens: s.tokens.map((t) => t.address),
            poolMeta: s.meta,
            ageDays: young ? 8 + Math.floor(uni() * 20) : 60 + Math.floor(uni() * 1000),
            outlier: false,
            predictedProbability: 50 + Math.floor(rand() * 49),
            hasVolume: p.category === 'Dexs',
            key: hashString(`pool:${p.slug}:${chain}:${s.symbol}:${i}`),
          };
          pools.push(pool);
        });
      }
    }
    // One outlier pool with an absurd reward APY.
    const outlier = pools.find((x) => x.protocol.slug === 'meteora-dlmm') ?? pools[pools.length - 1];
    outlier.outlier = true;
    outlier.apyRewardLevel = 400 + rand() * 200;
    outlier.rewardTokens = outlier.rewardTokens ?? outlier.underlyingTokens;
    return pools;
  }

  private remember(k: string, v: unknown): void {
    if (this.cache.size > 400_000) this.cache.clear();
    this.cache.set(k, v);
  }
}

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

/** Canonical coins key: prefix lowercased, EVM addresses lowercased, Solana kept. */
function normaliseCoinsKey(key: string): string {
  const idx = key.indexOf(':');
  const prefix = key.slice(0, idx).toLowerCase();
  const rest = key.slice(idx + 1);
  return `${prefix}:${rest.startsWith('0x') || rest.startsWith('0X') ? rest.toLowerCase() : rest}`;
}

/** "Hyperliquid L1", "hyperliquid-l1", "hyperliquid%20l1", "HYPERLIQUID_L1" → "hyperliquid l1". */
export function normaliseChain(name: string): string {
  return name.toLowerCase().replace(/[-_+]/g, ' ').replace(/\s+/g, ' ').trim();
}

export function createMarket(options: MarketOptions = {}): SandboxMarket {
  return new SandboxMarket(options);
}
