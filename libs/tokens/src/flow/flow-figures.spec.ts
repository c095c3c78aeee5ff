import { concentration, flowWindow } from './flow-figures';

const window = (over: Partial<Parameters<typeof flowWindow>[0] & object> = {}) => ({
  buys: 607,
  sells: 560,
  uniqueBuyers: 352,
  uniqueSellers: 337,
  buyVolumeUsd: 85509,
  sellVolumeUsd: 91082,
  netVolumeUsd: 1,
  buySellRatio: 9,
  ...over,
});

describe('flowWindow', () => {
  it('recomputes the ratio from counts and the net from volumes, whatever the provider sent', () => {
    const w = flowWindow(window())!;
    expect(w.buySellRatio).toBe(1.084);
    expect(w.netVolumeUsd).toBe(-5573);
    expect(w.buyVolumeSharePct).toBe(48.42);
    expect(w.pressure).toBe('balanced');
  });

  it('has no ratio when there were no sells; all buys is buying pressure', () => {
    const w = flowWindow(window({ sells: 0, sellVolumeUsd: 0 }))!;
    expect(w.buySellRatio).toBeNull();
    expect(w.pressure).toBe('buying');
    expect(w.buyVolumeSharePct).toBe(100);
  });

  it('calls a side leading at 1.2 buys per sell, or 1.2 sells per buy', () => {
    expect(flowWindow(window({ buys: 120, sells: 100 }))!.pressure).toBe('buying');
    expect(flowWindow(window({ buys: 100, sells: 120 }))!.pressure).toBe('selling');
    expect(flowWindow(window({ buys: 110, sells: 100 }))!.pressure).toBe('balanced');
  });

  it('leaves unknown figures null, never zero', () => {
    const w = flowWindow(window({ buys: null, sells: null, buyVolumeUsd: null }))!;
    expect(w).toMatchObject({ buySellRatio: null, netVolumeUsd: null, buyVolumeSharePct: null, pressure: null });
    expect(flowWindow(window({ buys: 0, sells: 0, buyVolumeUsd: 0, sellVolumeUsd: 0 }))).toMatchObject({
      buySellRatio: null,
      buyVolumeSharePct: null,
      pressure: null,
    });
    expect(flowWindow(null)).toBeNull();
  });
});

describe('concentration', () => {
  it.each([
    [14.27, 'low'],
    [25, 'moderate'],
    [49.99, 'moderate'],
    [50, 'high'],
    [80, 'extreme'],
    [null, null],
  ])('%s %% in the top ten is %s', (pct, level) => {
    expect(concentration(pct).level).toBe(level);
  });
});
