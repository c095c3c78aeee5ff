import type { FomoTokenHolder } from '@scout/upstream';
import { sellPressure, trackedHolders, trackedShareOfHoldersPct, type SellEvent } from './holder-figures';

const holder = (handle: string, valueUsd: number | null, userId: string | null = `u-${handle}`): FomoTokenHolder => ({
  handle,
  userId,
  valueUsd,
  amount: valueUsd === null ? null : valueUsd * 10,
  priceUsd: 0.1,
});
const sell = (userId: string, over: Partial<SellEvent> = {}): SellEvent => ({
  userId,
  tradeId: `t-${userId}`,
  trader: userId.replace('u-', ''),
  realizedPnlUsd: 100,
  tradeUsd: 1000,
  at: '2026-11-24T10:00:00.000Z',
  ...over,
});

describe('trackedHolders', () => {
  it('ranks by value with unknown values last, sums the known values and gives each share', () => {
    const t = trackedHolders([holder('b', 100), holder('c', null), holder('a', 300)], 2);
    expect(t.trackedHolderCount).toBe(3);
    expect(t.trackedValueUsd).toBe(400);
    expect(t.holders.map((h) => [h.rank, h.handle, h.shareOfTrackedValuePct])).toEqual([
      [1, 'a', 75],
      [2, 'b', 25],
    ]);
  });

  it('counts a trader listed twice once, holding the sum', () => {
    const t = trackedHolders([holder('a', 100), holder('b', 50), holder('a', 25)], 5);
    expect(t.trackedHolderCount).toBe(2);
    expect(t.holders[0]).toMatchObject({ handle: 'a', valueUsd: 125, amount: 1250 });
  });

  it('has no total when no value is known', () => {
    expect(trackedHolders([holder('a', null)], 5).trackedValueUsd).toBeNull();
  });
});

describe('trackedShareOfHoldersPct', () => {
  it('is tracked over all holders in percent, null without a total', () => {
    expect(trackedShareOfHoldersPct(97, 6959)).toBe(1.3939);
    expect(trackedShareOfHoldersPct(3, null)).toBeNull();
    expect(trackedShareOfHoldersPct(3, 0)).toBeNull();
  });
});

describe('sellPressure', () => {
  it('counts distinct sellers over current holders plus those who sold out', () => {
    // Holders a, b, c; sellers: a (still holds, two sells), d and e (gone from the holder list).
    const p = sellPressure([holder('a', 10), holder('b', 10), holder('c', 10)], [sell('u-a'), sell('u-a'), sell('u-d'), sell('u-e')], 50);
    expect(p).toMatchObject({ currentHolders: 3, sellers: 3, fullyExitedSellers: 2, sellersPct: 60, thresholdCrossed: true });
    const a = p.sellersList!.find((s) => s.userId === 'u-a')!;
    expect(a).toMatchObject({ sells: 2, realizedPnlUsd: 200, soldUsd: 2000, stillHolding: true, tradeIds: ['t-u-a'] });
    expect(p.sellersList!.find((s) => s.userId === 'u-d')!.stillHolding).toBe(false);
  });

  it('crosses the threshold at exactly the threshold, not below', () => {
    const holders = [holder('a', 1), holder('b', 1), holder('c', 1), holder('d', 1)];
    expect(sellPressure(holders, [sell('u-a')], 25).thresholdCrossed).toBe(true);
    expect(sellPressure(holders, [sell('u-a')], 25.01).thresholdCrossed).toBe(false);
  });

  it('matches a seller to a holder by handle when the alert has no user id', () => {
    const p = sellPressure([holder('Alice', 5, null)], [sell('x', { userId: null, trader: 'alice' })], 10);
    expect(p).toMatchObject({ sellers: 1, fullyExitedSellers: 0, sellersPct: 100 });
  });

  it('has no share when nobody holds or sold', () => {
    expect(sellPressure([], [], 10)).toMatchObject({ sellersPct: null, thresholdCrossed: false });
    expect(sellPressure([holder('a', 1)], [], 10)).toMatchObject({ sellersPct: 0, thresholdCrossed: false });
  });

  it('without the sell events, the seller figures are unknown, not zero', () => {
    expect(sellPressure([holder('a', 1), holder('b', 1)], null, 10)).toEqual({
      currentHolders: 2,
      sellers: null,
      fullyExitedSellers: null,
      sellersPct: null,
      thresholdPercent: 10,
      thresholdCrossed: null,
      sellersList: null,
    });
  });
  it('without the holders, the sellers stand but no share is taken (every seller would look exited)', () => {
    const p = sellPressure(null, [sell('u-a'), sell('u-b')], 10);
    expect(p).toMatchObject({ currentHolders: null, sellers: 2, fullyExitedSellers: null, sellersPct: null, thresholdCrossed: null });
    expect(p.sellersList!.map((s) => s.stillHolding)).toEqual([null, null]);
  });
  it('leaves the PnL unknown when no alert carried one', () => {
    expect(sellPressure([], [sell('u-a', { realizedPnlUsd: null, tradeUsd: null })], 10).sellersList![0]).toMatchObject({
      realizedPnlUsd: null,
      soldUsd: null,
    });
  });
});
