import { pctChange, roundTo } from './change';

/** One point of a daily series: unix seconds and a value. Series are ordered oldest first. */
export interface SeriesPoint {
  date: number;
  value: number;
}

export const DAY_SECONDS = 86_400;

/** The windows of the trend tools, in days. */
export const CHANGE_WINDOWS = { '1d': 1, '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
export type ChangeWindow = keyof typeof CHANGE_WINDOWS;

export function latestPoint(series: readonly SeriesPoint[]): SeriesPoint | null {
  return series.length ? series[series.length - 1] : null;
}

/**
 * The latest point at least `days` days older than the latest point of the series; null when the
 * series does not reach back that far.
 */
export function pointDaysBefore(series: readonly SeriesPoint[], days: number): SeriesPoint | null {
  const latest = latestPoint(series);
  if (!latest) return null;
  const target = latest.date - days * DAY_SECONDS;
  let found: SeriesPoint | null = null;
  for (const point of series) {
    if (point.date > target) break;
    found = point;
  }
  return found;
}

/** Percent change of the latest value over `days` days; null when the series does not reach back. */
export function changeOverDays(series: readonly SeriesPoint[], days: number): number | null {
  const latest = latestPoint(series);
  const base = pointDaysBefore(series, days);
  return latest && base ? pctChange(latest.value, base.value) : null;
}

/** Change over 1 day, 7, 30 and 90 days and one year (365 days). */
export function changesOverWindows(series: readonly SeriesPoint[]): Record<ChangeWindow, number | null> {
  const out = {} as Record<ChangeWindow, number | null>;
  for (const [window, days] of Object.entries(CHANGE_WINDOWS) as Array<[ChangeWindow, number]>) {
    out[window] = changeOverDays(series, days);
  }
  return out;
}

export interface AllTimeHigh {
  value: number;
  /** Unix seconds of the first point at the high. */
  date: number;
  /** How far the latest value sits below the high, in percent (0 at the high). */
  belowPct: number | null;
}

/** The highest value of the series and the latest value's distance below it; null for an empty series. */
export function allTimeHigh(series: readonly SeriesPoint[]): AllTimeHigh | null {
  const latest = latestPoint(series);
  if (!latest) return null;
  let high = series[0];
  for (const point of series) if (point.value > high.value) high = point;
  const belowPct = high.value > 0 ? roundTo(((high.value - latest.value) / high.value) * 100, 2) : null;
  return { value: high.value, date: high.date, belowPct };
}

/** Unix seconds of 00:00 UTC on the Monday that starts the ISO week of `dateSec`. */
export function isoWeekStart(dateSec: number): number {
  const day = new Date(dateSec * 1000);
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) / 1000;
  const daysSinceMonday = (day.getUTCDay() + 6) % 7;
  return midnight - daysSinceMonday * DAY_SECONDS;
}

/** ISO 8601 week label of `dateSec`, e.g. '2025-W01' (the week holding the year's first Thursday). */
export function isoWeekLabel(dateSec: number): string {
  const thursday = new Date((isoWeekStart(dateSec) + 3 * DAY_SECONDS) * 1000);
  const year = thursday.getUTCFullYear();
  const firstJan = Date.UTC(year, 0, 1) / 1000;
  const week = Math.floor((thursday.getTime() / 1000 - firstJan) / DAY_SECONDS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface WeeklyPoint {
  /** ISO week, e.g. '2025-W07'. */
  week: string;
  /** Monday of the week, YYYY-MM-DD. */
  weekStart: string;
  /** The last value inside the week; null when the series has no point in it. */
  value: number | null;
}

/**
 * The last value in each of the `weeks` ISO weeks that end with the week holding `anchorSec`
 * (the latest data point by default), oldest week first.
 */
export function weeklySeries(series: readonly SeriesPoint[], weeks: number, anchorSec?: number): WeeklyPoint[] {
  const anchor = anchorSec ?? latestPoint(series)?.date;
  if (anchor === undefined || weeks < 1) return [];
  const lastWeekStart = isoWeekStart(anchor);
  const lastInWeek = new Map<number, number>();
  for (const point of series) lastInWeek.set(isoWeekStart(point.date), point.value);
  const out: WeeklyPoint[] = [];
  for (let i = weeks - 1; i >= 0; i -= 1) {
    const start = lastWeekStart - i * 7 * DAY_SECONDS;
    out.push({
      week: isoWeekLabel(start),
      weekStart: new Date(start * 1000).toISOString().slice(0, 10),
      value: lastInWeek.get(start) ?? null,
    });
  }
  return out;
}
