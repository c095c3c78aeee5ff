import { pctChange } from './change';

/**
 * Week-over-week moves smaller than this (in percent, either way) are 'flat'. Daily DeFi figures
 * swing a few percent on ordinary weeks; 5% separates a real move from that noise.
 */
export const TREND_FLAT_BAND_PCT = 5;

export type TrendDirection = 'up' | 'down' | 'flat';

/** 'up' above +band, 'down' below -band, 'flat' in between (inclusive); null when the change is unknown. */
export function trendOf(changePct: number | null, band = TREND_FLAT_BAND_PCT): TrendDirection | null {
  if (changePct === null) return null;
  if (changePct > band) return 'up';
  if (changePct < -band) return 'down';
  return 'flat';
}

export interface WeekOverWeek {
  changePct: number | null;
  direction: TrendDirection | null;
}

/** The last 7 days against the 7 days before them. */
export function weekOverWeek(last7d: number | null, previous7d: number | null): WeekOverWeek {
  const changePct = pctChange(last7d, previous7d);
  return { changePct, direction: trendOf(changePct) };
}
