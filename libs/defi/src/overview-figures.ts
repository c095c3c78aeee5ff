import type { LlamaOverview, OverviewTotals } from '@scout/upstream';
import { pctChange, roundTo } from './calc/change';
import { sumKnown } from './calc/ratio';
import { trendOf, type TrendDirection } from './calc/trend';

const SUMMED_KEYS = [
  'total24h',
  'total48hto24h',
  'total7d',
  'total14dto7d',
  'total30d',
  'total60dto30d',
  'total7DaysAgo',
  'total30DaysAgo',
] as const satisfies ReadonlyArray<keyof OverviewTotals>;

/** The overview's own totals, each one DefiLlama leaves out summed over its protocols instead. */
export function overviewTotals(overview: LlamaOverview): OverviewTotals {
  const totals: OverviewTotals = { ...overview };
  for (const key of SUMMED_KEYS) totals[key] = overview[key] ?? sumKnown(overview.protocols.map((p) => p[key]));
  return totals;
}

function upstreamPct(value: number | null): number | null {
  return value === null ? null : roundTo(value, 2);
}

/** The last 24 hours against the 24 before; DefiLlama's own figure only when a total is missing. */
export function dayOverDayPct(t: OverviewTotals): number | null {
  return pctChange(t.total24h, t.total48hto24h) ?? upstreamPct(t.change1dPct);
}

export interface WeeklyMove {
  weekOverWeekPct: number | null;
  trend: TrendDirection | null;
}

/** The last 7 days against the 7 before, and the trend it makes (see TREND_FLAT_BAND_PCT). */
export function weekOverWeekOf(t: OverviewTotals): WeeklyMove {
  const weekOverWeekPct = pctChange(t.total7d, t.total14dto7d) ?? upstreamPct(t.change7dOver7dPct);
  return { weekOverWeekPct, trend: trendOf(weekOverWeekPct) };
}

/** A level (open interest) now against 7 and 30 days ago. */
export function levelChanges(t: OverviewTotals): { change1dPct: number | null; change7dPct: number | null; change30dPct: number | null } {
  return {
    change1dPct: dayOverDayPct(t),
    change7dPct: pctChange(t.total24h, t.total7DaysAgo) ?? upstreamPct(t.change7dPct),
    change30dPct: pctChange(t.total24h, t.total30DaysAgo) ?? upstreamPct(t.change1mPct),
  };
}
