import type { AnalyticsCandle, AnalyticsChartType } from '@scout/upstream';
import { percentOf, round } from '../token-ref';

/*
 * The figures of service_milestone_study: which chart interval covers a coin's life, how the
 * cohort is sampled, what each coin did against the milestone and what the sample adds up to.
 * Pure functions of their inputs.
 */

export const HOUR_MS = 3_600_000;
/** The most candles one chart read is asked for (the API serves about a thousand per call). */
export const MAX_CHART_CANDLES = 1_000;
/** "Fell straight back": a close below the milestone within this long of the first candle that reached it. */
export const FELL_BACK_WINDOW_MS = 72 * HOUR_MS;
/** The peak multiples of the milestone the answer counts coins reaching. */
export const MULTIPLES = [1.5, 2, 5, 10] as const;

const INTERVALS: readonly [AnalyticsChartType, number][] = [
  ['1m', 60],
  ['5m', 300],
  ['15m', 900],
  ['30m', 1_800],
  ['1h', 3_600],
  ['2h', 7_200],
  ['4h', 14_400],
  ['6h', 21_600],
  ['12h', 43_200],
  ['1d', 86_400],
  ['3d', 259_200],
  ['1w', 604_800],
];

/** The finest chart interval whose candles cover `spanSeconds` (a coin's whole life) in one read. */
export function chartIntervalFor(spanSeconds: number): AnalyticsChartType {
  const fit = INTERVALS.find(([, seconds]) => Math.max(0, spanSeconds) / seconds <= MAX_CHART_CANDLES - 1);
  return (fit ?? INTERVALS[INTERVALS.length - 1])[0];
}

/** 32-bit FNV-1a of a string: a stable shuffle key, the same on every machine and run. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The sample: the pool ordered by the hash of `salt` and each mint (ties by mint), the first `size`
 * taken, then back in the pool's order. Deterministic for a pool and salt; which coins are drawn
 * does not depend on their figures.
 */
export function drawSample<T extends { mint: string }>(pool: readonly T[], size: number, salt: string): T[] {
  const unique = [...new Map(pool.map((row) => [row.mint, row])).values()];
  const picked = new Set(
    unique
      .map((row) => ({ row, key: stableHash(`${salt}|${row.mint}`) }))
      .sort((a, b) => a.key - b.key || (a.row.mint < b.row.mint ? -1 : 1))
      .slice(0, Math.max(0, size))
      .map((x) => x.row),
  );
  return unique.filter((row) => picked.has(row));
}

/** Which result pages to read: up to `max` of `pages`, spread evenly from the first to the last. */
export function pagesToRead(pages: number, max: number): number[] {
  if (pages <= 1 || max <= 1) return [1];
  const n = Math.min(pages, max);
  return [...new Set(Array.from({ length: n }, (_, i) => 1 + Math.round((i * (pages - 1)) / (n - 1))))];
}

export interface CoinOutcome {
  /** The highest candle high, USD. */
  peakMarketCapUsd: number;
  /** Bucket start of the peak candle, ISO. */
  peakAt: string;
  /** Peak over the milestone. */
  peakMultiple: number;
  /** Some candle's high reached the milestone. */
  crossed: boolean;
  /** Bucket start of the first candle whose high reached it; null when never. */
  crossedAt: string | null;
  /** The peak reached minPeakMultiple × the milestone. */
  wentHigher: boolean;
  /**
   * Crossed, never went higher, and a candle starting within FELL_BACK_WINDOW_MS of the crossing
   * candle (that one included: a wick through the line) closed below the milestone.
   */
  fellStraightBack: boolean;
  /** Bucket start of that first close below; null when it did not fall straight back. */
  fellBackAt: string | null;
  /** The last candle's close, USD. */
  lastCloseUsd: number;
}

/** What one coin did against the milestone, from its market-cap candles; null when there are none. */
export function coinOutcome(candles: readonly AnalyticsCandle[], thresholdUsd: number, minPeakMultiple: number): CoinOutcome | null {
  if (candles.length === 0) return null;
  const ordered = [...candles].sort((a, b) => a.time - b.time);
  let peak = ordered[0];
  for (const c of ordered) if (c.high > peak.high) peak = c;
  const crossing = ordered.find((c) => c.high >= thresholdUsd) ?? null;
  const wentHigher = peak.high >= minPeakMultiple * thresholdUsd;
  let fellBack: AnalyticsCandle | null = null;
  if (crossing && !wentHigher) {
    const until = crossing.time + FELL_BACK_WINDOW_MS / 1000;
    fellBack = ordered.find((c) => c.time >= crossing.time && c.time < until && c.close < thresholdUsd) ?? null;
  }
  return {
    peakMarketCapUsd: peak.high,
    peakAt: iso(peak.time),
    peakMultiple: round(peak.high / thresholdUsd, 4)!,
    crossed: crossing !== null,
    crossedAt: crossing ? iso(crossing.time) : null,
    wentHigher,
    fellStraightBack: fellBack !== null,
    fellBackAt: fellBack ? iso(fellBack.time) : null,
    lastCloseUsd: ordered[ordered.length - 1].close,
  };
}

export interface MultipleShare {
  /** The peak multiple of the milestone counted: 1.5, 2, 5 or 10. */
  multiple: number;
  /** Studied coins whose peak reached multiple × the milestone. */
  count: number;
  /** count as a share of the studied coins, percent 0-100; null when none was studied. */
  pctOfStudied: number | null;
  /** count as a share of the crossers, percent 0-100; null when none crossed. */
  pctOfCrossed: number | null;
}

export interface MilestoneSummary {
  /** Coins whose market-cap chart arrived with candles. */
  studied: number;
  /** Studied coins with a candle high at or above thresholdUsd. */
  crossed: number;
  /** crossed as a share of studied, percent 0-100; null when none was studied. */
  crossedPct: number | null;
  /** Crossers whose peak reached minPeakMultiple × the milestone. */
  wentHigher: number;
  /** Of the crossers; null when none crossed. */
  wentHigherPctOfCrossed: number | null;
  /** Crossers that never went higher and closed below the milestone within 72 hours of first reaching it. */
  fellStraightBack: number;
  /** fellStraightBack as a share of the crossers, percent 0-100; null when none crossed. */
  fellStraightBackPctOfCrossed: number | null;
  /** Median peak multiple of the crossers; null when none crossed. */
  medianPeakMultipleOfCrossers: number | null;
  /** How many studied coins peaked at 1.5, 2, 5 and 10 times the milestone. */
  multiples: MultipleShare[];
}

/** What the studied coins add up to. Percentages of none are null. */
export function milestoneSummary(outcomes: readonly CoinOutcome[], thresholdUsd: number): MilestoneSummary {
  const studied = outcomes.length;
  const crossers = outcomes.filter((o) => o.crossed);
  const wentHigher = crossers.filter((o) => o.wentHigher).length;
  const fell = crossers.filter((o) => o.fellStraightBack).length;
  return {
    studied,
    crossed: crossers.length,
    crossedPct: percentOf(crossers.length, studied, 1),
    wentHigher,
    wentHigherPctOfCrossed: percentOf(wentHigher, crossers.length, 1),
    fellStraightBack: fell,
    fellStraightBackPctOfCrossed: percentOf(fell, crossers.length, 1),
    medianPeakMultipleOfCrossers: median(crossers.map((o) => o.peakMultiple)),
    multiples: MULTIPLES.map((multiple) => {
      // Every coin past a multiple ≥ 1 crossed, so the same count serves both shares.
      const count = outcomes.filter((o) => o.peakMarketCapUsd >= multiple * thresholdUsd).length;
      return { multiple, count, pctOfStudied: percentOf(count, studied, 1), pctOfCrossed: percentOf(count, crossers.length, 1) };
    }),
  };
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return round(s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2, 4);
}

function iso(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}
