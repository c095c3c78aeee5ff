import { TREND_FLAT_BAND_PCT, trendOf, weekOverWeek } from './trend';

describe('trendOf', () => {
  it('calls a move beyond the band up or down and anything inside it flat', () => {
    expect(TREND_FLAT_BAND_PCT).toBe(5);
    expect(trendOf(5.01)).toBe('up');
    expect(trendOf(5)).toBe('flat');
    expect(trendOf(0)).toBe('flat');
    expect(trendOf(-5)).toBe('flat');
    expect(trendOf(-5.01)).toBe('down');
    expect(trendOf(2, 1)).toBe('up');
  });

  it('is null when the change is unknown', () => {
    expect(trendOf(null)).toBeNull();
  });
});

describe('weekOverWeek', () => {
  it('compares the last 7 days with the 7 before', () => {
    expect(weekOverWeek(120, 100)).toEqual({ changePct: 20, direction: 'up' });
    expect(weekOverWeek(97, 100)).toEqual({ changePct: -3, direction: 'flat' });
    expect(weekOverWeek(50, 100)).toEqual({ changePct: -50, direction: 'down' });
  });

  it('is unknown when either week is unknown or the earlier week was empty', () => {
    expect(weekOverWeek(null, 100)).toEqual({ changePct: null, direction: null });
    expect(weekOverWeek(100, 0)).toEqual({ changePct: null, direction: null });
  });
});
