import type { UpstreamCandle } from '../tokens.ports';

/** The provider's candle sizes: minutes unless suffixed with S (seconds) or D (days). */
export const CANDLE_RESOLUTIONS = ['1S', '15S', '30S', '1', '5', '15', '30', '60', '240', '720', '1D', '7D'] as const;
export type CandleResolution = (typeof CANDLE_RESOLUTIONS)[number];

export const MAX_CANDLES = 1000;

export function resolutionSeconds(resolution: CandleResolution): number {
  if (resolution.endsWith('S')) return Number(resolution.slice(0, -1));
  if (resolution.endsWith('D')) return Number(resolution.slice(0, -1)) * 86_400;
  return Number(resolution) * 60;
}

export interface Candle {
  /** Bucket start, unix seconds. */
  t: number;
  /** The same instant, ISO 8601. */
  time: string;
  /** Open: price of one whole token in USD at the bucket's first trade (the last close on a filled bucket). */
  o: number;
  /** High: the bucket's highest USD price, at least open and close. */
  h: number;
  /** Low: the bucket's lowest USD price, at most open and close. */
  l: number;
  /** Close: price of one whole token in USD at the bucket's last trade (the last close on a filled bucket). */
  c: number;
  /** USD volume; 0 on a filled bucket, null when the provider did not say. */
  v: number | null;
  /** True on a bucket with no trades, carried from the last close (fill). */
  filled?: true;
}

export interface CandleSeries {
  candles: Candle[];
  /** Buckets the provider sent whose high or low did not cover open and close, widened here. */
  repaired: number;
  /** Empty buckets added by fill. */
  filledCount: number;
  /** True when buckets inside the covered span have no candle (only without fill). */
  sparse: boolean;
}

/**
 * Orders the provider's candles oldest first (one per bucket), widens a high or low that does not
 * cover open and close, and with `fill` adds a flat candle at the last close for every empty bucket
 * from the first candle to `endAt` (there is no close to carry before the first). The newest
 * `keep` candles are kept.
 */
export function candleSeries(raw: readonly UpstreamCandle[], stepSeconds: number, options: { fill: boolean; endAt: number; keep: number }): CandleSeries {
  const byBucket = new Map<number, UpstreamCandle>();
  for (const c of raw) byBucket.set(c.t, c);
  const sorted = [...byBucket.values()].sort((a, b) => a.t - b.t);
  let repaired = 0;
  const candles: Candle[] = sorted.map((c) => {
    const h = Math.max(c.h, c.o, c.c);
    const l = Math.min(c.l, c.o, c.c);
    if (h !== c.h || l !== c.l) repaired += 1;
    return { t: c.t, time: iso(c.t), o: c.o, h, l, c: c.c, v: c.v };
  });
  let out = candles;
  if (options.fill && candles.length) {
    out = [];
    // Buckets follow the provider's own phase (its first candle), up to the bucket holding endAt.
    const first = candles[0].t;
    const end = first + Math.floor((Math.max(options.endAt, candles[candles.length - 1].t) - first) / stepSeconds) * stepSeconds;
    // Only the newest `keep` buckets can be returned, so the walk starts there (at most `keep` steps),
    // carrying the close of the last candle before it.
    const start = Math.max(first, end - (options.keep - 1) * stepSeconds);
    let i = 0;
    let prev: Candle | null = null;
    for (let t = start; t <= end; t += stepSeconds) {
      while (i < candles.length && candles[i].t < t) prev = candles[i++];
      if (i < candles.length && candles[i].t === t) {
        prev = candles[i];
        out.push(prev);
      } else if (prev) {
        out.push({ t, time: iso(t), o: prev.c, h: prev.c, l: prev.c, c: prev.c, v: 0, filled: true });
      }
    }
  }
  const kept = out.slice(-options.keep);
  return { candles: kept, repaired, filledCount: kept.filter((c) => c.filled).length, sparse: !options.fill && hasGaps(kept, stepSeconds) };
}

function hasGaps(candles: readonly Candle[], step: number): boolean {
  return candles.some((c, i) => i > 0 && c.t - candles[i - 1].t > step);
}

function iso(t: number): string {
  return new Date(t * 1000).toISOString();
}
