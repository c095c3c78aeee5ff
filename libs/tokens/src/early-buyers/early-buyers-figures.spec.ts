import type { AnalyticsBundlers } from '@scout/upstream';
import { traderRow } from '../pnl-leaders/trader-row.fixture';
import { bundleNowVsLaunch, earlyBuyer, earlySelling, firstMinuteBuys, inBuyingOrder, soldState } from './early-buyers-figures';

const LAUNCH = Date.UTC(2026, 0, 1, 12);
const buy = (offsetMs: number, usd: number | null) => ({ signature: 'sig', amount: 1, volume_usd: usd, time: LAUNCH + offsetMs });

describe('soldState', () => {
  it('none, partial or all from the sold amount and the holding; the sell count when the amount is unknown', () => {
    expect(soldState(traderRow('w', { sold: 0, holding: 5 }))).toBe('none');
    expect(soldState(traderRow('w', { sold: 2, holding: 5 }))).toBe('partial');
    expect(soldState(traderRow('w', { sold: 5, holding: 0 }))).toBe('all');
    expect(soldState(traderRow('w', { sell_transactions: 0 }))).toBe('none');
    expect(soldState(traderRow('w', { sell_transactions: 2, holding: 0 }))).toBe('all');
  });

  it('null when nothing says whether it sold, or it sold and its holding is unknown', () => {
    expect(soldState(traderRow('w', { holding: 5 }))).toBeNull();
    expect(soldState(traderRow('w', { sold: 3 }))).toBeNull();
  });
});

describe('earlyBuyer', () => {
  it('times the buy from the launch and marks the deployer and bundlers', () => {
    const row = traderRow('DEV', {
      first_buy: buy(0, 250),
      sold: 0,
      holding: 10,
      total_invested: 250,
      realized: 0,
      unrealized: 40,
      total: 40,
      current_value: 290,
    });
    const b = earlyBuyer(row, 1, { launchMs: LAUNCH, priceUsd: 29, bundlers: new Set(['B1']), deployer: 'DEV' });
    expect(b).toMatchObject({
      rank: 1,
      wallet: 'DEV',
      boughtAt: new Date(LAUNCH).toISOString(),
      secondsAfterLaunch: 0,
      firstBuyUsd: 250,
      investedUsd: 250,
      sold: 'none',
      totalPnlUsd: 40,
      holding: { amount: 10, valueUsd: 290 },
      stillHolding: true,
      bundler: false,
      deployer: true,
    });
    const late = earlyBuyer(traderRow('B1', { first_buy_time: LAUNCH + 12_345 }), 2, { launchMs: LAUNCH, priceUsd: null, bundlers: null, deployer: null });
    expect(late).toMatchObject({ secondsAfterLaunch: 12.3, bundler: null, deployer: null, firstBuyUsd: null });
  });
});

describe('earlySelling', () => {
  it('shares of buyers who sold any or all, and of the tokens they got that they sold', () => {
    const s = earlySelling([
      traderRow('a', { sold: 0, held: 100, holding: 100 }),
      traderRow('b', { sold: 50, held: 100, holding: 50 }),
      traderRow('c', { sold: 200, held: 200, holding: 0 }),
      traderRow('d', {}),
    ]);
    expect(s).toEqual({
      buyers: 4,
      soldAny: 2,
      soldAll: 1,
      soldAnySharePct: 66.7,
      soldAllSharePct: 33.3,
      tokensSoldSharePct: 62.5,
      averageSoldSharePct: 50,
      stillHolding: 2,
    });
  });

  it('null shares when nothing is known', () => {
    expect(earlySelling([])).toMatchObject({ buyers: 0, soldAnySharePct: null, tokensSoldSharePct: null, averageSoldSharePct: null });
  });
});

describe('bundleNowVsLaunch', () => {
  const bundle = (wallets: AnalyticsBundlers['wallets'], totals: Partial<AnalyticsBundlers>): AnalyticsBundlers => ({
    total: wallets.length,
    balance: null,
    percentage: null,
    initialBalance: null,
    initialPercentage: null,
    wallets,
    ...totals,
  });
  const w = (wallet: string, initialBalance: number, balance: number) => ({
    wallet,
    initialBalance,
    initialPercentage: null,
    balance,
    percentage: null,
    bundleTime: LAUNCH,
  });

  it('wallets still holding and the share of supply, then and now, and the share of the launch tokens kept', () => {
    const b = bundle([w('a', 600, 0), w('b', 400, 150)], { initialBalance: 1_000, balance: 150, initialPercentage: 1, percentage: 0.15 });
    expect(bundleNowVsLaunch(b)).toEqual({ atLaunch: { wallets: 2, supplyPct: 1 }, now: { wallets: 1, supplyPct: 0.15 }, keptSharePct: 15 });
  });

  it('no bundle is zero wallets and no kept share; unknown totals stay null', () => {
    expect(bundleNowVsLaunch(bundle([], { initialBalance: 0, balance: 0, percentage: 0, initialPercentage: 0 }))).toEqual({
      atLaunch: { wallets: 0, supplyPct: 0 },
      now: { wallets: 0, supplyPct: 0 },
      keptSharePct: null,
    });
    expect(bundleNowVsLaunch(bundle([], { total: null })).now.wallets).toBeNull();
  });
});

describe('firstMinuteBuys and inBuyingOrder', () => {
  it('counts buys under 60 s from the launch and their USD; unknown USD adds to the count only', () => {
    const rows = [
      traderRow('a', { first_buy: buy(0, 100) }),
      traderRow('b', { first_buy: buy(59_999, null) }),
      traderRow('c', { first_buy: buy(60_000, 999) }),
    ];
    expect(firstMinuteBuys(rows, LAUNCH)).toEqual({ buys: 2, usd: 100, lowerBound: false });
  });

  it('a lower bound when the 100 served all bought inside the minute', () => {
    const rows = Array.from({ length: 100 }, (_, i) => traderRow(`w${i}`, { first_buy: buy(i * 100, 1) }));
    expect(firstMinuteBuys(rows, LAUNCH)).toEqual({ buys: 100, usd: 100, lowerBound: true });
  });

  it('orders by first-buy time, unknown last, ties as served', () => {
    const rows = [
      traderRow('x'),
      traderRow('b', { first_buy_time: LAUNCH + 5 }),
      traderRow('a', { first_buy: buy(0, 1) }),
      traderRow('c', { first_buy_time: LAUNCH + 5 }),
    ];
    expect(inBuyingOrder(rows).map((r) => r.wallet)).toEqual(['a', 'b', 'c', 'x']);
  });
});
