/**
 * The launchpad at an instant: which coins have launched (launch instant ≤ t), and each one's market
 * (the market's own price, liquidity and volume, so Jupiter, DexScreener and Solana Tracker agree),
 * its status and graduation. A coin graduates the first time its market cap reaches its path's
 * threshold (GRADUATION_THRESHOLDS; on LaunchLab the curve's own graduation point), read on a fixed grid from launch (hourly for two days, then
 * daily: the ramp is over by then for most coins); the grid does not depend on the clock, so the answer at t is the same
 * however the clock got there. Scans are kept per coin and extended as the clock moves on.
 */
import {
  DAY_MS,
  GRADUATION_THRESHOLDS,
  LAUNCHPAD_QUOTES,
  launchpadCoins,
  type LaunchpadCoin,
  type LaunchpadQuoteInfo,
  type SandboxMarket,
  type Token,
} from '../../market';
import { round } from '../../prng';
import { graduationMarketCapInQuote } from './curve';

const FINE_MS = 3_600_000;
const FINE_DAYS = 2;
const FINE_STEPS = (FINE_DAYS * DAY_MS) / FINE_MS;
const COARSE_MS = DAY_MS;
/** Bonding coins this close to graduating count as about to graduate. */
export const ABOUT_TO_GRADUATE = 0.8;

export interface CoinState {
  coin: LaunchpadCoin;
  token: Token;
  quote: LaunchpadQuoteInfo;
  quoteToken: Token;
  price: number | null;
  marketCap: number | null;
  fdv: number | null;
  liquidity: number;
  /** The market's 24 h volume (the launchpad's coins are outside the tracked traders' book). */
  volume24h: number;
  change24h: number | null;
  peakMarketCap: number | null;
  status: 'bonding' | 'graduated';
  graduationProgress: number;
  graduatedAt: number | null;
  threshold: number;
}

interface Scan {
  /** Next grid step to read. */
  k: number;
  peak: number;
  graduatedAt: number | null;
}

function gridTime(at: number, k: number): number {
  return k < FINE_STEPS ? at + k * FINE_MS : at + FINE_DAYS * DAY_MS + (k - FINE_STEPS) * COARSE_MS;
}

export class LaunchpadWorld {
  readonly coins: LaunchpadCoin[];
  readonly quotes: readonly LaunchpadQuoteInfo[] = LAUNCHPAD_QUOTES;
  private readonly tokens = new Map<string, Token>();
  private readonly byMint = new Map<string, LaunchpadCoin>();
  private readonly scans = new Map<number, Scan>();
  private readonly thresholds = new Map<number, number>();
  private readonly memo = new Map<number, CoinState[]>();

  constructor(readonly market: SandboxMarket) {
    this.coins = launchpadCoins(LAUNCHPAD_QUOTES);
    for (const c of this.coins) {
      this.byMint.set(c.mint, c);
      this.tokens.set(c.mint, market.tokenByMintAddress(c.mint)!);
    }
    for (const q of this.quotes) this.tokens.set(q.mint, market.tokenByMintAddress(q.mint)!);
  }

  token(mint: string): Token {
    return this.tokens.get(mint)!;
  }

  quote(mint: string): LaunchpadQuoteInfo | undefined {
    return this.quotes.find((q) => q.mint === mint);
  }

  /** A coin by mint, once launched at t. */
  coin(mint: string, t: number): LaunchpadCoin | undefined {
    const c = this.byMint.get(mint);
    return c && c.at <= t ? c : undefined;
  }

  /** Every coin launched by t, oldest first. */
  launched(t: number): LaunchpadCoin[] {
    let n = 0;
    while (n < this.coins.length && this.coins[n].at <= t) n++;
    return this.coins.slice(0, n);
  }

  /** Market cap (USD) of a coin at an instant. */
  marketCapAt(c: LaunchpadCoin, t: number): number | null {
    const tk = this.token(c.mint);
    const p = this.market.tokenPrice(tk, t);
    return p === null ? null : p * tk.circSupply;
  }

  /** Every launched coin's state at t (memoised for a few instants). */
  states(t: number): CoinState[] {
    const hit = this.memo.get(t);
    if (hit) return hit;
    const out = this.launched(t).map((c) => this.state(c, t));
    if (this.memo.size >= 4) this.memo.delete(this.memo.keys().next().value as number);
    this.memo.set(t, out);
    return out;
  }

  stateOf(mint: string, t: number): CoinState | undefined {
    return this.states(t).find((s) => s.coin.mint === mint);
  }

  /**
   * The market cap (USD) at which a coin graduates: its path's threshold, except on LaunchLab, where
   * the curve graduates at a fixed market cap in the quote token, priced at the launch instant (so
   * the launch record's target and the pricing route tell the same point).
   */
  graduationThreshold(c: LaunchpadCoin): number {
    const known = this.thresholds.get(c.index);
    if (known !== undefined) return known;
    const quote = this.quote(c.quoteMint)!;
    const quotePrice = c.path === 'launchlab' ? this.market.tokenPrice(this.token(quote.mint), c.at) : null;
    const threshold = quotePrice === null ? GRADUATION_THRESHOLDS[c.path] : round(graduationMarketCapInQuote(quote) * quotePrice, 2);
    this.thresholds.set(c.index, threshold);
    return threshold;
  }

  private scan(c: LaunchpadCoin, t: number): Scan {
    const threshold = this.graduationThreshold(c);
    let s = this.scans.get(c.index);
    // The clock moved back before the kept scan: start over.
    if (!s || (s.k > 0 && gridTime(c.at, s.k - 1) > t)) s = { k: 0, peak: 0, graduatedAt: null };
    for (let g = gridTime(c.at, s.k); g <= t; g = gridTime(c.at, ++s.k)) {
      const m = this.marketCapAt(c, g) ?? 0;
      if (m > s.peak) s.peak = m;
      if (s.graduatedAt === null && m >= threshold) s.graduatedAt = g;
    }
    this.scans.set(c.index, s);
    return s;
  }

  private state(c: LaunchpadCoin, t: number): CoinState {
    const m = this.market;
    const token = this.token(c.mint);
    const quote = this.quote(c.quoteMint)!;
    const price = m.tokenPrice(token, t);
    const mcap = price === null ? null : round(price * token.circSupply, 2);
    const threshold = this.graduationThreshold(c);
    const scan = this.scan(c, t);
    const graduated = scan.graduatedAt !== null;
    // Between grid reads a bonding coin may touch the threshold: it graduates at the next read.
    const progress = graduated ? 1 : Math.min(0.999, round((mcap ?? 0) / threshold, 4));
    return {
      coin: c,
      token,
      quote,
      quoteToken: this.token(quote.mint),
      price,
      marketCap: mcap,
      fdv: price === null ? null : round(price * token.totalSupply, 2),
      liquidity: m.liquidity(token, t),
      volume24h: m.untrackedVolume(token, DAY_MS, t),
      change24h: m.priceChangePct(token.asset, DAY_MS, t),
      peakMarketCap: mcap === null ? null : round(Math.max(scan.peak, mcap), 2),
      status: graduated ? 'graduated' : 'bonding',
      graduationProgress: progress,
      graduatedAt: scan.graduatedAt,
      threshold,
    };
  }
}
