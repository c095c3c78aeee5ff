/**
 * `GET /chart/{mint}?type=&time_from=&time_to=&marketCap=true`: OHLCV of a coin, in price or (with
 * `marketCap=true`) in market cap = price × circulating supply, the market cap Jupiter and
 * DexScreener show. A market token's candles are the FOMO stand-in's (candles.ts: the market's
 * own price path, sparse where nobody traded, volume including the tracked traders' swaps) scaled
 * by the supply; a coin the market does not trade has a candle every bucket from its path. Times
 * are unix seconds; nothing before the launch or after the clock; at most the latest 1,000
 * buckets of the range (MAX_CANDLES).
 */
import { round } from '../../prng';
import { candles as marketCandles, MAX_CANDLES } from '../fomo/candles';
import type { Launch, LaunchCatalog } from './launches';
import type { SandboxMarket } from '../../market';

/** Chart intervals → bucket length in seconds. */
export const CHART_TYPES: Readonly<Record<string, number>> = {
  '1s': 1,
  '5s': 5,
  '15s': 15,
  '1m': 60,
  '3m': 180,
  '5m': 300,
  '15m': 900,
  '30m': 1_800,
  '1h': 3_600,
  '2h': 7_200,
  '4h': 14_400,
  '6h': 21_600,
  '8h': 28_800,
  '12h': 43_200,
  '1d': 86_400,
  '3d': 259_200,
  '1w': 604_800,
};
const SAMPLES = 8;

export interface ChartQuery {
  seconds: number;
  /** Unix seconds; null: from the launch. */
  from: number | null;
  /** Unix seconds; null: the clock. */
  to: number | null;
  marketCap: boolean;
}

export interface ChartCandle {
  open: number;
  close: number;
  low: number;
  high: number;
  volume: number;
  time: number;
}

export function chart(market: SandboxMarket, catalog: LaunchCatalog, l: Launch, q: ChartQuery, nowMs: number): ChartCandle[] {
  const to = Math.min(q.to ?? Math.floor(nowMs / 1000), Math.floor(nowMs / 1000));
  const from = q.from ?? 0;
  const scale = (x: number) => (q.marketCap ? round(x * l.supply, 2) : x);
  if (l.token) {
    return marketCandles(market, l.token, { resolutionSeconds: q.seconds, from, to, countBack: MAX_CANDLES }, nowMs).map((c) => ({
      open: scale(c.o),
      close: scale(c.c),
      low: scale(c.l),
      high: scale(c.h),
      volume: c.v,
      time: c.t,
    }));
  }
  const res = q.seconds;
  const last = Math.floor(to / res) * res;
  const first = Math.max(Math.floor(from / res) * res, last - (MAX_CANDLES - 1) * res, Math.floor(l.createdAt / 1000 / res) * res);
  const out: ChartCandle[] = [];
  const price = (t: number) => catalog.price(l, t);
  for (let s = first; s <= last; s += res) {
    const openAt = Math.max(s * 1000, l.createdAt);
    const closeAt = Math.min((s + res) * 1000, nowMs);
    const o = price(openAt);
    const c = price(closeAt);
    if (o === null || c === null) continue;
    let h = Math.max(o, c);
    let lo = Math.min(o, c);
    for (let k = 1; k <= SAMPLES; k++) {
      const p = price(openAt + Math.floor(((closeAt - openAt) * k) / (SAMPLES + 1)))!;
      h = Math.max(h, p);
      lo = Math.min(lo, p);
    }
    const volume = round((catalog.volume24h(l, closeAt) * (closeAt - openAt)) / 86_400_000, 2);
    out.push({ open: scale(o), close: scale(c), low: scale(lo), high: scale(h), volume, time: s });
  }
  return out;
}
