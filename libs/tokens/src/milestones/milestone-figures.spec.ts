import type { AnalyticsCandle } from '@scout/upstream';
import { chartIntervalFor, coinOutcome, drawSample, median, milestoneSummary, pagesToRead, stableHash, type CoinOutcome } from './milestone-figures';

const H = 3_600;
/** A candle at hour `h` (unix seconds from 0), in millions of USD. */
const c = (h: number, open: number, high: number, low: number, close: number): AnalyticsCandle => ({
  time: h * H,
  open: open * 1e6,
  high: high * 1e6,
  low: low * 1e6,
  close: close * 1e6,
  volume: null,
});

describe('chartIntervalFor', () => {
  it('picks the finest interval covering the span in under a thousand candles', () => {
    expect(chartIntervalFor(0)).toBe('1m');
    expect(chartIntervalFor(999 * 60 - 1)).toBe('1m');
    expect(chartIntervalFor(999 * 60 + 1)).toBe('5m');
    // 30 days = 720 h: 1 h candles fit (720 < 999).
    expect(chartIntervalFor(30 * 86_400)).toBe('1h');
    // 120 days = 2,880 h: 2 h would be 1,440 candles, 4 h is 720.
    expect(chartIntervalFor(120 * 86_400)).toBe('4h');
    // 365 days: 6 h would be 1,460, 12 h is 730.
    expect(chartIntervalFor(365 * 86_400)).toBe('12h');
  });
});

describe('coinOutcome (milestone $3M, went higher at 1.5x = $4.5M)', () => {
  it('never crossed: peak below the line', () => {
    const o = coinOutcome([c(0, 0.01, 0.5, 0.01, 0.4), c(1, 0.4, 2.9, 0.3, 1)], 3e6, 1.5)!;
    expect(o).toMatchObject({ peakMarketCapUsd: 2.9e6, peakMultiple: 0.9667, crossed: false, crossedAt: null, wentHigher: false, fellStraightBack: false });
    expect(o.peakAt).toBe(new Date(1 * H * 1000).toISOString());
    expect(o.lastCloseUsd).toBe(1e6);
  });

  it('went higher: crossed at hour 2, peaked at $6M (2x)', () => {
    const o = coinOutcome([c(0, 0.1, 1, 0.1, 1), c(2, 1, 3.2, 1, 3.1), c(3, 3.1, 6, 3, 5), c(4, 5, 5, 2, 2)], 3e6, 1.5)!;
    expect(o).toMatchObject({ crossed: true, wentHigher: true, fellStraightBack: false, fellBackAt: null, peakMultiple: 2, peakMarketCapUsd: 6e6 });
    expect(o.crossedAt).toBe(new Date(2 * H * 1000).toISOString());
  });

  it('fell straight back: a wick through the line, closing below in the same candle', () => {
    const o = coinOutcome([c(0, 1, 3.3, 1, 2.5), c(1, 2.5, 2.6, 1, 1)], 3e6, 1.5)!;
    expect(o).toMatchObject({ crossed: true, wentHigher: false, fellStraightBack: true, peakMultiple: 1.1 });
    expect(o.fellBackAt).toBe(new Date(0).toISOString());
  });

  it('fell straight back: held above for two days, closed below on day 3 (hour 71 < 72)', () => {
    const o = coinOutcome([c(0, 2, 3.5, 2, 3.2), c(48, 3.2, 4, 3.1, 3.3), c(71, 3.3, 3.3, 2, 2.9)], 3e6, 1.5)!;
    expect(o).toMatchObject({ crossed: true, wentHigher: false, fellStraightBack: true });
    expect(o.fellBackAt).toBe(new Date(71 * H * 1000).toISOString());
  });

  it('not straight back: the first close below comes at hour 72, outside the window', () => {
    const o = coinOutcome([c(0, 2, 3.5, 2, 3.2), c(72, 3.2, 3.3, 2, 2.9)], 3e6, 1.5)!;
    expect(o).toMatchObject({ crossed: true, wentHigher: false, fellStraightBack: false, fellBackAt: null });
  });

  it('a coin that went higher is never "fell straight back", even after a dip below', () => {
    const o = coinOutcome([c(0, 2, 3.1, 2, 2.5), c(5, 2.5, 4.6, 2.4, 4)], 3e6, 1.5)!;
    expect(o).toMatchObject({ crossed: true, wentHigher: true, fellStraightBack: false });
  });

  it('exactly at the line counts as crossed; exactly at the multiple counts as higher; candles out of order are sorted', () => {
    const o = coinOutcome([c(3, 3, 4.5, 3, 4), c(1, 1, 3, 1, 3)], 3e6, 1.5)!;
    expect(o).toMatchObject({ crossed: true, wentHigher: true, peakMultiple: 1.5 });
    expect(o.crossedAt).toBe(new Date(1 * H * 1000).toISOString());
  });

  it('no candles: nothing to say (null)', () => {
    expect(coinOutcome([], 3e6, 1.5)).toBeNull();
  });
});

describe('milestoneSummary', () => {
  const o = (peakMillions: number, crossed: boolean, wentHigher: boolean, fell: boolean): CoinOutcome => ({
    peakMarketCapUsd: peakMillions * 1e6,
    peakAt: '2026-01-01T00:00:00.000Z',
    peakMultiple: peakMillions / 3,
    crossed,
    crossedAt: crossed ? '2026-01-01T00:00:00.000Z' : null,
    wentHigher,
    fellStraightBack: fell,
    fellBackAt: null,
    lastCloseUsd: 1,
  });

  it('counts and shares of 8 coins, 4 crossers at $3M ($3.3M fell back, $4M stayed, $9M and $33M went higher)', () => {
    const s = milestoneSummary(
      [
        o(0.1, false, false, false),
        o(1, false, false, false),
        o(2, false, false, false),
        o(2.9, false, false, false),
        o(3.3, true, false, true),
        o(4, true, false, false),
        o(9, true, true, false),
        o(33, true, true, false),
      ],
      3e6,
    );
    expect(s).toEqual({
      studied: 8,
      crossed: 4,
      crossedPct: 50,
      wentHigher: 2,
      wentHigherPctOfCrossed: 50,
      fellStraightBack: 1,
      fellStraightBackPctOfCrossed: 25,
      // Multiples 1.1, 1.3333, 3, 11: median (1.3333 + 3) / 2.
      medianPeakMultipleOfCrossers: 2.1667,
      multiples: [
        { multiple: 1.5, count: 2, pctOfStudied: 25, pctOfCrossed: 50 },
        { multiple: 2, count: 2, pctOfStudied: 25, pctOfCrossed: 50 },
        { multiple: 5, count: 1, pctOfStudied: 12.5, pctOfCrossed: 25 },
        { multiple: 10, count: 1, pctOfStudied: 12.5, pctOfCrossed: 25 },
      ],
    });
  });

  it('none crossed: shares of the crossers are null, not 0; nothing studied: every share null', () => {
    const s = milestoneSummary([o(1, false, false, false)], 3e6);
    expect(s).toMatchObject({
      crossed: 0,
      crossedPct: 0,
      wentHigherPctOfCrossed: null,
      fellStraightBackPctOfCrossed: null,
      medianPeakMultipleOfCrossers: null,
    });
    expect(s.multiples[0]).toEqual({ multiple: 1.5, count: 0, pctOfStudied: 0, pctOfCrossed: null });
    expect(milestoneSummary([], 3e6)).toMatchObject({ studied: 0, crossedPct: null });
  });
});

describe('sampling', () => {
  const pool = Array.from({ length: 50 }, (_, i) => ({ mint: `mint${i}` }));

  it('FNV-1a 32: the published test vectors', () => {
    expect(stableHash('')).toBe(0x811c9dc5);
    expect(stableHash('a')).toBe(0xe40c292c);
    expect(stableHash('foobar')).toBe(0xbf9cf968);
  });

  it('draws the same coins for the same pool and salt, in the pool order, whatever order the pool came in', () => {
    const a = drawSample(pool, 10, 'launches|120|30');
    expect(a).toHaveLength(10);
    expect(
      drawSample([...pool].reverse(), 10, 'launches|120|30')
        .map((x) => x.mint)
        .sort(),
    ).toEqual(a.map((x) => x.mint).sort());
    expect(a.map((x) => Number(x.mint.slice(4)))).toEqual([...a.map((x) => Number(x.mint.slice(4)))].sort((x, y) => x - y));
    // Another salt, another sample; a larger sample contains the smaller.
    expect(drawSample(pool, 10, 'launches|90|10').map((x) => x.mint)).not.toEqual(a.map((x) => x.mint));
    expect(drawSample(pool, 20, 'launches|120|30').map((x) => x.mint)).toEqual(expect.arrayContaining(a.map((x) => x.mint)));
  });

  it('takes the whole pool when it is smaller than the sample, a mint once', () => {
    expect(drawSample([{ mint: 'x' }, { mint: 'y' }, { mint: 'x' }], 5, 's').map((r) => r.mint)).toEqual(['x', 'y']);
  });

  it('reads at most four pages, spread from the first to the last', () => {
    expect(pagesToRead(1, 4)).toEqual([1]);
    expect(pagesToRead(3, 4)).toEqual([1, 2, 3]);
    // 1 + round(i × 5 / 3): 1, 2.67, 4.33, 6.
    expect(pagesToRead(6, 4)).toEqual([1, 3, 4, 6]);
    expect(pagesToRead(23, 4)).toEqual([1, 8, 16, 23]);
  });

  it('median of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
