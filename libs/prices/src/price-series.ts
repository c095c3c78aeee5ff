/** One point of a USD price series. */
export interface SeriesPoint {
  /** ISO 8601. */
  timestamp: string;
  /** USD price of one whole token at that time. */
  priceUsd: number;
}

/** Figures derived from a series; each is null when the series has no points. */
export interface SeriesFigures {
  /** The oldest point; null without points. */
  first: SeriesPoint | null;
  /** The newest point; null without points. */
  last: SeriesPoint | null;
  /** (last - first) / first, in percent, to 4 decimals; null without points or when first is 0. */
  changePct: number | null;
  /** The highest price, at its earliest time. */
  high: SeriesPoint | null;
  /** The lowest price, at its earliest time. */
  low: SeriesPoint | null;
}

/**
 * Oldest first, one point per timestamp (the first one given wins): providers do not promise an
 * order, and a series must not count the same moment twice.
 */
export function orderSeries(points: readonly SeriesPoint[]): SeriesPoint[] {
  const byTime = new Map<number, SeriesPoint>();
  for (const point of points) {
    const at = Date.parse(point.timestamp);
    if (!byTime.has(at)) byTime.set(at, point);
  }
  return [...byTime.entries()].sort(([a], [b]) => a - b).map(([, point]) => point);
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** First, last, change, high and low of a series ordered oldest first (see orderSeries). */
export function seriesFigures(points: readonly SeriesPoint[]): SeriesFigures {
  if (points.length === 0) return { first: null, last: null, changePct: null, high: null, low: null };
  const first = points[0];
  const last = points[points.length - 1];
  let high = first;
  let low = first;
  for (const point of points) {
    if (point.priceUsd > high.priceUsd) high = point;
    if (point.priceUsd < low.priceUsd) low = point;
  }
  const changePct = first.priceUsd === 0 ? null : roundTo(((last.priceUsd - first.priceUsd) / first.priceUsd) * 100, 4);
  return { first, last, changePct, high, low };
}
