/**
 * Every Solana coin Solana Tracker's stand-in knows, and who deployed it:
 * - the market's Solana tokens (their prices, supplies, holders and authorities are the market's,
 *   their deployer `SandboxMarket.developer`: the tracked trader who launched it, if any);
 * - the daily stream of launches the market does not trade: 24-39 pump.fun coins a UTC day from
 *   STREAM_START on, nearly all of them dead within days (paths.ts). Three in ten come from one of
 *   SERIAL_DEPLOYERS repeat launchers, the rest from a wallet that launched only that one. They are
 *   what a cohort of "every coin launched in a window" is mostly made of;
 * - the earlier launches of a market coin's developer: a token whose audit says its developer
 *   minted `devMints` coins has `devMints - 1` older ones, small and dead, under the same deployer.
 * Stream coins and their deployers have addresses that carry their ids (ids.ts). Everything is a
 * pure function of (market seed, coin); a coin exists from its launch instant on.
 */
import type { SandboxMarket, Token } from '../../market';
import { hash32, hashString, mulberry32, unit } from '../../prng';
import { decodeId, encodeId } from './ids';
import { drawPath, pathLiquidity, pathMcap, pathVolume24h, type McapPath } from './paths';

const DAY_MS = 86_400_000;
/** The first day of the launch stream (2025-01-01). */
export const STREAM_START_DAY = Math.floor(Date.UTC(2025, 0, 1) / DAY_MS);
export const SERIAL_DEPLOYERS = 150;
const SERIAL_SHARE = 0.3;
/** Pump.fun coins: a billion tokens, 6 decimals. */
const STREAM_SUPPLY = 1_000_000_000;
/** Days of the stream kept built at once (a cohort, a chart, a serial deployer's history). */
const DAYS_KEPT = 900;

const KEYS = {
  count: hashString('st:launch-count'),
  launch: hashString('st:launch'),
  deployer: hashString('st:deployer-choice'),
  extra: hashString('st:extra-launch'),
};

const FIRST = ['Baby', 'Based', 'Cosmic', 'Dark', 'Giga', 'Happy', 'Lil', 'Mega', 'Moon', 'Neon', 'Retro', 'Sad', 'Super', 'Turbo', 'Wild', 'Zen'];
const SECOND = ['Ape', 'Bonk', 'Cat', 'Chad', 'Dog', 'Duck', 'Frog', 'Goat', 'Hamster', 'Koala', 'Otter', 'Panda', 'Pepe', 'Shiba', 'Sloth', 'Whale'];

/** Where a coin comes from: the market, the daily stream, or a market coin developer's past. */
export type LaunchOrigin =
  { kind: 'market'; tokenIndex: number } | { kind: 'stream'; day: number; ordinal: number } | { kind: 'extra'; tokenIndex: number; index: number };

export interface Launch {
  origin: LaunchOrigin;
  mint: string;
  name: string;
  symbol: string;
  decimals: number;
  /** Launch instant, ms. */
  createdAt: number;
  /** Circulating supply: market cap = price × supply. */
  supply: number;
  /** The market token; null for a coin the market does not trade. */
  token: Token | null;
  /** The market-cap path of a coin the market does not trade. */
  path: McapPath | null;
  deployer: string | null;
  /** Launched on pump.fun (stream and extra coins always). */
  launchpad: boolean;
  key: number;
}

/** The three integers an early buyer's address carries to name its coin (ids.ts). */
export function originParts(origin: LaunchOrigin): [number, number, number] {
  if (origin.kind === 'market') return [0, origin.tokenIndex, 0];
  if (origin.kind === 'stream') return [1, origin.day, origin.ordinal];
  return [2, origin.tokenIndex, origin.index];
}

export class LaunchCatalog {
  private readonly days = new Map<number, Launch[]>();
  private readonly tokenIndex = new Map<Token, number>();
  private readonly solana: Token[];

  constructor(private readonly market: SandboxMarket) {
    market.tokens.forEach((t, i) => this.tokenIndex.set(t, i));
    this.solana = market.solanaTokens();
  }

  /** The coin of a mint as known at t (a market Solana token, or a stream or earlier coin launched by t). */
  byMint(mint: string, t: number): Launch | null {
    const token = this.market.tokenByMintAddress(mint);
    if (token) return this.ofToken(token);
    const id = decodeId(mint);
    if (!id) return null;
    const [a, b] = id.parts;
    const launch = id.kind === 'launch' ? this.stream(a, b) : id.kind === 'extra' ? this.extra(a, b) : null;
    return launch && launch.createdAt <= t ? launch : null;
  }

  /** The coin named by an origin (an early buyer's address names one), when it exists at t. */
  byOrigin(kind: number, a: number, b: number, t: number): Launch | null {
    const token = kind === 0 ? this.market.tokens[a] : undefined;
    const launch =
      kind === 0
        ? token && token.chain.name === 'Solana'
          ? this.ofToken(token)
          : null
        : kind === 1
          ? this.stream(a, b)
          : kind === 2
            ? this.extra(a, b)
            : null;
    return launch && launch.createdAt <= t ? launch : null;
  }

  ofToken(token: Token): Launch {
    return {
      origin: { kind: 'market', tokenIndex: this.tokenIndex.get(token)! },
      mint: token.address,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      createdAt: Date.parse(token.createdAt),
      supply: token.circSupply,
      token,
      path: null,
      deployer: this.market.developer(token),
      launchpad: token.launchpad === 'pump.fun',
      key: token.key,
    };
  }

  /** Coins launched in [from, to] and by t, oldest first. */
  inRange(from: number, to: number, t: number): Launch[] {
    const end = Math.min(to, t);
    const out: Launch[] = [];
    for (const token of this.solana) {
      const l = this.ofToken(token);
      if (l.createdAt >= from && l.createdAt <= end) out.push(l);
      for (const x of this.extrasOf(token)) if (x.createdAt >= from && x.createdAt <= end) out.push(x);
    }
    const firstDay = Math.max(STREAM_START_DAY, Math.floor(from / DAY_MS));
    for (let d = firstDay; d <= Math.floor(end / DAY_MS); d++) {
      for (const l of this.day(d)) if (l.createdAt >= from && l.createdAt <= end) out.push(l);
    }
    return out.sort((x, y) => x.createdAt - y.createdAt || (x.mint < y.mint ? -1 : 1));
  }

  /** Every coin a wallet deployed by t, newest first. */
  byDeployer(wallet: string, t: number): Launch[] {
    const out: Launch[] = [];
    for (const token of this.solana) {
      if (this.market.developer(token) !== wallet) continue;
      out.push(this.ofToken(token), ...this.extrasOf(token));
    }
    const id = decodeId(wallet);
    if (id?.kind === 'deployer') {
      const [day, ordinal] = id.parts;
      const l = this.stream(day, ordinal);
      if (l && l.deployer === wallet) out.push(l);
    } else if (id?.kind === 'serial' && id.parts[0] < SERIAL_DEPLOYERS) {
      const serial = id.parts[0];
      for (let d = STREAM_START_DAY; d <= Math.floor(t / DAY_MS); d++) {
        const n = this.countOn(d);
        for (let o = 0; o < n; o++) if (this.serialOf(d, o) === serial) out.push(this.stream(d, o)!);
      }
    }
    return out.filter((l) => l.createdAt <= t).sort((x, y) => y.createdAt - x.createdAt || (x.mint < y.mint ? -1 : 1));
  }

  /** USD price at t; null for a coin the market cannot price, or before a stream coin's launch. */
  price(l: Launch, t: number): number | null {
    // A market coin is priced as everywhere else in the sandbox (Jupiter, DefiLlama, FOMO).
    if (l.token) return this.market.tokenPrice(l.token, t);
    if (t < l.createdAt) return null;
    const mcap = pathMcap(this.market.seed, l.path!, t);
    return mcap === null ? null : mcap / l.supply;
  }

  /** Market cap (price × supply) at t, or null. */
  marketCap(l: Launch, t: number): number | null {
    if (l.path) return pathMcap(this.market.seed, l.path, t);
    const p = this.price(l, t);
    return p === null ? null : Math.round(p * l.supply * 100) / 100;
  }

  liquidity(l: Launch, t: number): number {
    if (l.token) return this.market.liquidity(l.token, t);
    const mcap = pathMcap(this.market.seed, l.path!, t);
    return mcap === null ? 0 : pathLiquidity(l.path!, mcap, t);
  }

  /** USD traded over the 24 h ending at t. */
  volume24h(l: Launch, t: number): number {
    if (l.token) return this.market.tokenPrice(l.token, t) === null ? 0 : this.market.volume(l.token, DAY_MS, t);
    const mcap = pathMcap(this.market.seed, l.path!, t);
    return mcap === null ? 0 : pathVolume24h(l.path!, mcap, t);
  }

  /** Whether the coin left its bonding curve by t (market launchpad coins: Jupiter names their pool). */
  graduated(l: Launch, t: number): boolean {
    if (l.path) return l.path.graduatedAt !== null && l.path.graduatedAt <= t;
    return true;
  }

  private countOn(day: number): number {
    return 24 + Math.floor(unit(this.market.seed, KEYS.count, day) * 16);
  }

  /** The repeat launcher behind a stream coin, or null for a one-off deployer. */
  private serialOf(day: number, ordinal: number): number | null {
    const u = unit(this.market.seed, KEYS.deployer, day, ordinal);
    return u < SERIAL_SHARE ? Math.floor((u / SERIAL_SHARE) * SERIAL_DEPLOYERS) : null;
  }

  private day(day: number): Launch[] {
    let list = this.days.get(day);
    if (!list) {
      list = [];
      for (let o = 0, n = this.countOn(day); o < n; o++) list.push(this.build(day, o));
      if (this.days.size >= DAYS_KEPT) this.days.delete(this.days.keys().next().value as number);
      this.days.set(day, list);
    }
    return list;
  }

  private stream(day: number, ordinal: number): Launch | null {
    if (day < STREAM_START_DAY || day > STREAM_START_DAY + 100_000 || ordinal >= this.countOn(day)) return null;
    return this.day(day)[ordinal];
  }

  private build(day: number, ordinal: number): Launch {
    const seed = this.market.seed;
    const rand = mulberry32(hash32(seed, KEYS.launch, day, ordinal));
    const createdAt = day * DAY_MS + Math.floor(rand() * DAY_MS);
    const key = hash32(seed, KEYS.launch, day, ordinal, 1);
    const serial = this.serialOf(day, ordinal);
    const { name, symbol } = nameOf(rand);
    return {
      origin: { kind: 'stream', day, ordinal },
      mint: encodeId('launch', day, ordinal),
      name,
      symbol,
      decimals: 6,
      createdAt,
      supply: STREAM_SUPPLY,
      token: null,
      path: drawPath(rand, createdAt, key),
      deployer: serial === null ? encodeId('deployer', day, ordinal) : encodeId('serial', serial),
      launchpad: true,
      key,
    };
  }

  /** The earlier, dead launches of a market coin's developer (devMints - 1 of them), newest first. */
  private extrasOf(token: Token): Launch[] {
    const deployer = this.market.developer(token);
    if (!deployer || token.devMints <= 1) return [];
    const ti = this.tokenIndex.get(token)!;
    return Array.from({ length: token.devMints - 1 }, (_, i) => this.extra(ti, i)!);
  }

  private extra(tokenIndex: number, index: number): Launch | null {
    const token = this.market.tokens[tokenIndex];
    if (!token || token.chain.name !== 'Solana' || index >= token.devMints - 1) return null;
    const deployer = this.market.developer(token);
    if (!deployer) return null;
    const seed = this.market.seed;
    // Each one a few days to weeks before the next: the whole history drawn from one stream.
    const rand = mulberry32(hash32(seed, KEYS.extra, token.key));
    let createdAt = Date.parse(token.createdAt);
    let drawn = { name: '', symbol: '' };
    for (let i = 0; i <= index; i++) {
      createdAt -= Math.floor(DAY_MS * (1 + rand() * 29) + rand() * DAY_MS);
      drawn = nameOf(rand);
    }
    const key = hash32(seed, KEYS.extra, token.key, index);
    return {
      origin: { kind: 'extra', tokenIndex, index },
      mint: encodeId('extra', tokenIndex, index),
      ...drawn,
      decimals: 6,
      createdAt,
      supply: STREAM_SUPPLY,
      token: null,
      path: drawPath(mulberry32(key), createdAt, key, true),
      deployer,
      launchpad: true,
      key,
    };
  }
}

function nameOf(rand: () => number): { name: string; symbol: string } {
  const a = FIRST[Math.floor(rand() * FIRST.length)];
  const b = SECOND[Math.floor(rand() * SECOND.length)];
  return { name: `${a} ${b}`, symbol: `${a.slice(0, 2)}${b.slice(0, 3)}`.toUpperCase() };
}
