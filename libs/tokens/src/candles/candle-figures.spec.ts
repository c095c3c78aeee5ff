import { candleSeries, resolutionSeconds } from './candle-figures';

const c = (t: number, o: number, h: number, l: number, close: number, v: number | null = 10) => ({ t, o, h, l, c: close, v });

describe('resolutionSeconds', () => {
  it.each([
    ['1S', 1],
    ['15S', 15],
    ['1', 60],
    ['60', 3600],
    ['720', 43200],
    ['1D', 86400],
    ['7D', 604800],
  ] as const)('%s is %i s', (r, s) => expect(resolutionSeconds(r)).toBe(s));
});

describe('candleSeries', () => {
  it('orders oldest first, one candle per bucket, and says when buckets are missing', () => {
    const s = candleSeries([c(180, 1, 2, 1, 2), c(0, 1, 1, 1, 1), c(60, 1, 1, 1, 1)], 60, { fill: false, endAt: 200, keep: 10 });
    expect(s.candles.map((x) => x.t)).toEqual([0, 60, 180]);
    expect(s.candles[0].time).toBe('1970-01-01T00:00:00.000Z');
    expect(s.sparse).toBe(true);
    expect(candleSeries([c(0, 1, 1, 1, 1), c(60, 1, 1, 1, 1)], 60, { fill: false, endAt: 60, keep: 10 }).sparse).toBe(false);
  });

  it('widens a high below open or close, and a low above them', () => {
    const s = candleSeries([c(0, 5, 4, 3, 6), c(60, 2, 9, 3, 1)], 60, { fill: false, endAt: 60, keep: 10 });
    expect(s.candles.map((x) => [x.h, x.l])).toEqual([
      [6, 3],
      [9, 1],
    ]);
    expect(s.repaired).toBe(2);
    for (const x of s.candles) {
      expect(x.h).toBeGreaterThanOrEqual(Math.max(x.o, x.c));
      expect(x.l).toBeLessThanOrEqual(Math.min(x.o, x.c));
    }
  });

  it('fill carries the last close through empty buckets up to the end, never before the first candle', () => {
    const s = candleSeries([c(120, 1, 3, 1, 2), c(300, 2, 4, 2, 4)], 60, { fill: true, endAt: 430, keep: 100 });
    expect(s.candles.map((x) => x.t)).toEqual([120, 180, 240, 300, 360, 420]);
    expect(s.candles[1]).toMatchObject({ o: 2, h: 2, l: 2, c: 2, v: 0, filled: true });
    expect(s.candles[4]).toMatchObject({ o: 4, c: 4, filled: true });
    expect(s.filledCount).toBe(4);
    expect(s.sparse).toBe(false);
  });

  it('keeps the newest candles when there are more than asked', () => {
    const s = candleSeries([c(0, 1, 1, 1, 1), c(600, 1, 1, 1, 1)], 60, { fill: true, endAt: 600, keep: 4 });
    expect(s.candles.map((x) => x.t)).toEqual([420, 480, 540, 600]);
  });

  it('an empty answer stays empty with fill', () => {
    expect(candleSeries([], 60, { fill: true, endAt: 600, keep: 4 }).candles).toEqual([]);
  });
});
