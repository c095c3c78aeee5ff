/**
 * OHLCV candles of a token, cut from the market's own price path, so a candle agrees with every
 * other price the sandbox serves: a bucket opens at the price of its first instant and closes at
 * the price of its last (the forming bucket closes at the price now, the price the token board and
 * holders serve), and its high and low are the extremes of samples inside it.
 *
 * Candles are SPARSE, as upstream sends them: a bucket in which nobody traded is left out. Whether
 * one did is drawn per bucket from the seed, with the chance that at least one trade landed in it
 * at the token's trade rate (its daily volume over a typical trade size); a small token at 1S has
 * gaps, a large one at 1D none. The forming bucket is always there, and so is every bucket in which
 * a tracked trader swapped. A bucket's volume is the rest of the market's volume over that bucket
 * divided by that chance, so volumes add up on average to the market's, plus the tracked traders'
 * swaps inside it (the market's `trackedFlow`): no candle shows less volume than tracked traders
 * swapped in it. No candle starts before the token's creation or after the clock.
 */
import type { SandboxMarket, Token } from '../../market';
import { hashString, round, unit } from '../../prng';

/** Resolution → bucket length in seconds (minutes unless suffixed S, D). */
export const RESOLUTIONS: Readonly<Record<string, number>> = {
  '1S': 1,
  '15S': 15,
  '30S': 30,
  '1': 60,
  '5': 300,
  '15': 900,
  '30': 1800,
  '60': 3600,
  '240': 14_400,
  '720': 43_200,
  '1D': 86_400,
  '7D': 604_800,
};
export const MAX_CANDLES = 1000;
/** Price samples inside a bucket, besides its open and close, for the high and the low. */
const SAMPLES = 8;
const BUCKET_KEY = hashString('fomo:candle-bucket');

export interface Candle {
  /** Bucket start, unix seconds. */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  /** USD traded in the bucket. */
  v: number;
}

export interface CandleRange {
  resolutionSeconds: number;
  /** Unix seconds; null: the last `countBack` buckets ending at `to`. */
  from: number | null;
  to: number;
  countBack: number;
}

/** Chance that a bucket of `seconds` starting at `startMs` holds at least one trade. */
export function tradeChance(market: SandboxMarket, token: Token, seconds: number, startMs: number): number {
  const tradesPerDay = (market.liquidity(token, startMs) * token.turnover) / (token.verified ? 900 : 140);
  return 1 - Math.exp((-tradesPerDay * seconds) / 86_400);
}

/** Bucket starts (unix s) the range covers, oldest first: never before creation, after now, or more than MAX_CANDLES. */
export function bucketStarts(token: Token, range: CandleRange, nowMs: number): number[] {
  const res = range.resolutionSeconds;
  const end = Math.min(range.to, Math.floor(nowMs / 1000));
  const last = Math.floor(end / res) * res;
  let first = range.from !== null ? Math.floor(range.from / res) * res : last - (range.countBack - 1) * res;
  first = Math.max(first, last - (MAX_CANDLES - 1) * res, Math.floor(Date.parse(token.createdAt) / 1000 / res) * res);
  const out: number[] = [];
  for (let s = first; s <= last; s += res) out.push(s);
  return out;
}

/** The candles of a token over a range, at the clock `nowMs` (empty when the token has no price). */
export function candles(market: SandboxMarket, token: Token, range: CandleRange, nowMs: number): Candle[] {
  const res = range.resolutionSeconds;
  const created = Date.parse(token.createdAt);
  const out: Candle[] = [];
  for (const s of bucketStarts(token, range, nowMs)) {
    const startMs = s * 1000;
    const forming = nowMs < startMs + res * 1000;
    const chance = tradeChance(market, token, res, startMs);
    const openAt = Math.max(startMs, created);
    const closeAt = forming ? nowMs : startMs + res * 1000;
    // Tracked swaps inside the bucket: startMs <= at < its end, and none after the clock.
    const tracked = market.trackedFlow(token, startMs - 1, forming ? nowMs : closeAt - 1);
    const swapped = tracked.buys + tracked.sells > 0;
    if (!forming && !swapped && unit(market.seed, BUCKET_KEY ^ token.key, s, res) >= chance) continue;
    const o = market.price(token.asset, openAt);
    const c = market.price(token.asset, closeAt);
    if (o === null || c === null) return [];
    let h = Math.max(o, c);
    let l = Math.min(o, c);
    for (let k = 1; k <= SAMPLES; k++) {
      const p = market.price(token.asset, openAt + Math.floor(((closeAt - openAt) * k) / (SAMPLES + 1)))!;
      if (p > h) h = p;
      if (p < l) l = p;
    }
    const untracked = chance > 0 ? market.untrackedVolume(token, Math.max(1, closeAt - openAt), closeAt) / chance : 0;
    const v = round(untracked + tracked.buyUsd + tracked.sellUsd, 2);
    out.push({ t: s, o, h, l, c, v });
  }
  return out;
}
