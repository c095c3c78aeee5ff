import { dedupe } from './dedupe';
import { orderSeries, roundTo, seriesFigures, type SeriesPoint } from './price-series';

const at = (hour: number, priceUsd: number): SeriesPoint => ({
  timestamp: new Date(Date.UTC(2026, 8, 1, hour)).toISOString(),
  priceUsd,
});

describe('orderSeries', () => {
  it('sorts points oldest first whatever order they came in', () => {
    expect(orderSeries([at(2, 3), at(0, 1), at(1, 2)])).toEqual([at(0, 1), at(1, 2), at(2, 3)]);
  });

  it('keeps one point per instant, the first given', () => {
    const sameInstantOtherSpelling = { timestamp: '2026-09-01T01:00:00Z', priceUsd: 99 };
    expect(orderSeries([at(1, 2), sameInstantOtherSpelling, at(0, 1)])).toEqual([at(0, 1), at(1, 2)]);
  });
});

describe('seriesFigures', () => {
  it('computes first, last, change, high and low from the series', () => {
    const points = [at(0, 100), at(1, 120), at(2, 80), at(3, 110)];
    expect(seriesFigures(points)).toEqual({
      first: at(0, 100),
      last: at(3, 110),
      changePct: 10,
      high: at(1, 120),
      low: at(2, 80),
    });
  });

  it('reports a fall as a negative change, rounded to 4 decimals', () => {
    expect(seriesFigures([at(0, 3), at(1, 2)]).changePct).toBe(-33.3333);
    expect(seriesFigures([at(0, 0.00002251), at(1, 0.00002252)]).changePct).toBe(0.0444);
  });

  it('takes the earliest point when the high or low repeats', () => {
    const figures = seriesFigures([at(0, 5), at(1, 9), at(2, 1), at(3, 9), at(4, 1)]);
    expect(figures.high).toEqual(at(1, 9));
    expect(figures.low).toEqual(at(2, 1));
  });

  it('treats a single point as first, last, high and low with no change', () => {
    expect(seriesFigures([at(0, 7)])).toEqual({ first: at(0, 7), last: at(0, 7), changePct: 0, high: at(0, 7), low: at(0, 7) });
  });

  it('answers nulls, never zeros, for an empty series', () => {
    expect(seriesFigures([])).toEqual({ first: null, last: null, changePct: null, high: null, low: null });
  });

  it('has no change from a first price of 0', () => {
    expect(seriesFigures([at(0, 0), at(1, 1)]).changePct).toBeNull();
  });
});

describe('dedupe', () => {
  it('keeps the first occurrence in order and lists each repeated value once', () => {
    expect(dedupe(['b', 'a', 'b', 'c', 'b', 'a'])).toEqual({ unique: ['b', 'a', 'c'], repeated: ['b', 'a'] });
  });

  it('compares by key', () => {
    expect(dedupe(['ETH', 'eth', 'Btc'], (s) => s.toUpperCase())).toEqual({ unique: ['ETH', 'Btc'], repeated: ['eth'] });
  });
});

describe('roundTo', () => {
  it('rounds to the given decimals', () => {
    expect(roundTo(1.23456, 4)).toBe(1.2346);
    expect(roundTo(-33.333333, 4)).toBe(-33.3333);
  });
});
