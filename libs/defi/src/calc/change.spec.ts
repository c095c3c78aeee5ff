import { netChange, netChangeOfTotals, pctChange, pctChangeOfTotals, roundTo } from './change';

describe('roundTo', () => {
  it('rounds half away from zero at the digit and never returns -0', () => {
    expect(roundTo(1.23456, 2)).toBe(1.23);
    expect(roundTo(1.235, 1)).toBe(1.2);
    expect(roundTo(-0.0001, 2)).toBe(0);
    expect(Object.is(roundTo(-0.0001, 2), -0)).toBe(false);
  });
});

describe('pctChange', () => {
  it('gives the percent change to 2 decimals', () => {
    expect(pctChange(110, 100)).toBe(10);
    expect(pctChange(90, 100)).toBe(-10);
    expect(pctChange(1, 3)).toBe(-66.67);
    expect(pctChange(100, 100)).toBe(0);
  });

  it('is null when a side is unknown or the base is not positive', () => {
    expect(pctChange(null, 100)).toBeNull();
    expect(pctChange(100, null)).toBeNull();
    expect(pctChange(100, 0)).toBeNull();
    expect(pctChange(100, -5)).toBeNull();
  });
});

describe('netChange', () => {
  it('is current minus previous, negative when value left', () => {
    expect(netChange(150, 100)).toBe(50);
    expect(netChange(80, 100)).toBe(-20);
    expect(netChange(0, 0)).toBe(0);
  });

  it('is null when a side is unknown', () => {
    expect(netChange(null, 1)).toBeNull();
    expect(netChange(1, null)).toBeNull();
  });
});

describe('totals over members', () => {
  it('uses only the members with both values', () => {
    const pairs: Array<[number | null, number | null]> = [
      [110, 100],
      [55, 50],
      [1_000, null],
      [null, 7],
    ];
    expect(pctChangeOfTotals(pairs)).toBe(10);
    expect(netChangeOfTotals(pairs)).toBe(15);
  });

  it('is null when no member has both values', () => {
    expect(pctChangeOfTotals([[1, null]])).toBeNull();
    expect(netChangeOfTotals([])).toBeNull();
  });
});
