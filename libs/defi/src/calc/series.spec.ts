import {
  allTimeHigh,
  changeOverDays,
  changesOverWindows,
  DAY_SECONDS,
  isoWeekLabel,
  isoWeekStart,
  pointDaysBefore,
  weeklySeries,
  type SeriesPoint,
} from './series';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

/** One point a day from `from`, values from `values`. */
function daily(from: string, values: number[]): SeriesPoint[] {
  return values.map((value, i) => ({ date: day(from) + i * DAY_SECONDS, value }));
}

describe('changes over a daily series', () => {
  const series = daily(
    '2025-01-01',
    Array.from({ length: 400 }, (_, i) => 100 + i),
  );

  it('compares the latest value with the value N days earlier', () => {
    // latest = 499 on day 399: 498 a day before, 492 a week, 469 30 days, 409 90 days, 134 a year
    expect(changeOverDays(series, 1)).toBe(0.2);
    expect(changeOverDays(series, 7)).toBe(1.42);
    expect(changesOverWindows(series)).toEqual({ '1d': 0.2, '7d': 1.42, '30d': 6.4, '90d': 22, '1y': 272.39 });
  });

  it('is null for a window the series does not reach back to', () => {
    const short = daily('2025-01-01', [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(changesOverWindows(short)).toEqual({ '1d': 5.56, '7d': 58.33, '30d': null, '90d': null, '1y': null });
    expect(changeOverDays([], 1)).toBeNull();
  });

  it('takes the latest point at least N days older across gaps', () => {
    const gappy = [
      { date: day('2025-01-01'), value: 50 },
      { date: day('2025-01-05'), value: 80 },
      { date: day('2025-01-10'), value: 100 },
    ];
    expect(pointDaysBefore(gappy, 7)).toEqual(gappy[0]);
    expect(changeOverDays(gappy, 7)).toBe(100);
    expect(pointDaysBefore(gappy, 5)).toEqual(gappy[1]);
    expect(pointDaysBefore(gappy, 10)).toBeNull();
  });

  it('does not count a change from zero', () => {
    expect(changeOverDays(daily('2025-01-01', [0, 5]), 1)).toBeNull();
  });
});

describe('allTimeHigh', () => {
  it('finds the first point at the high and how far below it the latest value is', () => {
    const series = daily('2025-01-01', [10, 40, 40, 30]);
    expect(allTimeHigh(series)).toEqual({ value: 40, date: day('2025-01-02'), belowPct: 25 });
  });

  it('is 0 below when the latest value is the high, and null for no data', () => {
    expect(allTimeHigh(daily('2025-01-01', [1, 2, 3]))?.belowPct).toBe(0);
    expect(allTimeHigh([])).toBeNull();
  });
});

describe('ISO weeks', () => {
  it('starts weeks on Monday 00:00 UTC', () => {
    expect(isoWeekStart(day('2025-01-01') + 3_600)).toBe(day('2024-12-30'));
    expect(isoWeekStart(day('2025-01-05'))).toBe(day('2024-12-30'));
    expect(isoWeekStart(day('2025-01-06'))).toBe(day('2025-01-06'));
  });

  it('labels weeks by the year of their Thursday', () => {
    expect(isoWeekLabel(day('2025-01-01'))).toBe('2025-W01');
    expect(isoWeekLabel(day('2024-12-30'))).toBe('2025-W01');
    expect(isoWeekLabel(day('2021-01-03'))).toBe('2020-W53');
    expect(isoWeekLabel(day('2025-06-18'))).toBe('2025-W25');
  });
});

describe('weeklySeries', () => {
  it('keeps the last value of each ISO week, oldest week first, ending with the latest week', () => {
    // Mon 2025-01-06 .. Wed 2025-01-22: weeks W02 (6-12), W03 (13-19), W04 (20-22, partial)
    const series = daily(
      '2025-01-06',
      Array.from({ length: 17 }, (_, i) => i + 1),
    );
    expect(weeklySeries(series, 3)).toEqual([
      { week: '2025-W02', weekStart: '2025-01-06', value: 7 },
      { week: '2025-W03', weekStart: '2025-01-13', value: 14 },
      { week: '2025-W04', weekStart: '2025-01-20', value: 17 },
    ]);
    expect(weeklySeries(series, 1)).toEqual([{ week: '2025-W04', weekStart: '2025-01-20', value: 17 }]);
  });

  it('is null for weeks without data and anchors on a given date', () => {
    const series = [{ date: day('2025-01-07'), value: 5 }];
    expect(weeklySeries(series, 3, day('2025-01-21'))).toEqual([
      { week: '2025-W02', weekStart: '2025-01-06', value: 5 },
      { week: '2025-W03', weekStart: '2025-01-13', value: null },
      { week: '2025-W04', weekStart: '2025-01-20', value: null },
    ]);
  });

  it('is empty for an empty series with no anchor', () => {
    expect(weeklySeries([], 12)).toEqual([]);
  });
});
