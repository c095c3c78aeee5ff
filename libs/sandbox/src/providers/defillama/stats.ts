/** The totals and changes DefiLlama reports for a daily dimension series (24h, 7d, 30d, 1y...). */
import { round } from '../../prng';
import { pct } from '../../util';

export interface Stats {
  total24h: number | null;
  total48hto24h: number | null;
  total7d: number | null;
  total14dto7d: number | null;
  total30d: number | null;
  total60dto30d: number | null;
  total1y: number | null;
  totalAllTime: number | null;
  total7DaysAgo: number | null;
  total30DaysAgo: number | null;
  average1y: number | null;
  monthlyAverage1y: number | null;
  change_1d: number | null;
  change_7d: number | null;
  change_1m: number | null;
  change_7dover7d: number | null;
  change_30dover30d: number | null;
}

/** Stats of a daily series whose last element is the last complete day; null = no data that day. */
export function summarize(values: (number | null)[]): Stats {
  const n = values.length;
  const v = (o: number) => (o < n ? values[n - 1 - o] : null);
  const sum = (a: number, b: number) => {
    let s = 0;
    let any = false;
    for (let o = a; o <= b; o++) {
      const x = v(o);
      if (x !== null) {
        s += x;
        any = true;
      }
    }
    return any ? s : null;
  };
  let days1y = 0;
  for (let o = 0; o < 365; o++) if (v(o) !== null) days1y++;
  const total24h = v(0);
  const total48hto24h = v(1);
  const total7d = sum(0, 6);
  const total14dto7d = sum(7, 13);
  const total30d = sum(0, 29);
  const total60dto30d = sum(30, 59);
  const total1y = sum(0, 364);
  const total7DaysAgo = v(7);
  const total30DaysAgo = v(30);
  return {
    total24h,
    total48hto24h,
    total7d,
    total14dto7d,
    total30d,
    total60dto30d,
    total1y,
    totalAllTime: sum(0, n - 1),
    total7DaysAgo,
    total30DaysAgo,
    average1y: total1y === null || days1y === 0 ? null : round(total1y / days1y, 2),
    monthlyAverage1y: total1y === null ? null : round(total1y / 12, 2),
    change_1d: pct(total24h, total48hto24h),
    change_7d: pct(total24h, total7DaysAgo),
    change_1m: pct(total24h, total30DaysAgo),
    change_7dover7d: pct(total7d, total14dto7d),
    change_30dover30d: pct(total30d, total60dto30d),
  };
}

export function addStats(into: Stats, s: Stats): void {
  const keys = [
    'total24h',
    'total48hto24h',
    'total7d',
    'total14dto7d',
    'total30d',
    'total60dto30d',
    'total1y',
    'totalAllTime',
    'total7DaysAgo',
    'total30DaysAgo',
  ] as const;
  for (const k of keys) {
    const x = s[k];
    if (x !== null) into[k] = (into[k] ?? 0) + x;
  }
}

export function statsFromTotals(t: Stats, days1y: number): Stats {
  return {
    ...t,
    average1y: t.total1y === null || days1y === 0 ? null : round(t.total1y / days1y, 2),
    monthlyAverage1y: t.total1y === null ? null : round(t.total1y / 12, 2),
    change_1d: pct(t.total24h, t.total48hto24h),
    change_7d: pct(t.total24h, t.total7DaysAgo),
    change_1m: pct(t.total24h, t.total30DaysAgo),
    change_7dover7d: pct(t.total7d, t.total14dto7d),
    change_30dover30d: pct(t.total30d, t.total60dto30d),
  };
}

export const emptyStats = (): Stats => ({
  total24h: null,
  total48hto24h: null,
  total7d: null,
  total14dto7d: null,
  total30d: null,
  total60dto30d: null,
  total1y: null,
  totalAllTime: null,
  total7DaysAgo: null,
  total30DaysAgo: null,
  average1y: null,
  monthlyAverage1y: null,
  change_1d: null,
  change_7d: null,
  change_1m: null,
  change_7dover7d: null,
  change_30dover30d: null,
});
