import type { AnalyticsTokenPnl, AnalyticsWalletPnl } from '@scout/upstream';
import { emptyPnlFigures, hasHistory, holdingsByValue, holdingsTotal, pnlFigures } from './pnl-figures';

type Summary = AnalyticsWalletPnl['summary'];

const summary = (over: Partial<Summary> = {}): Summary => ({
  realized: 120.5,
  unrealized: -20.25,
  total: 100.25,
  totalInvested: 900,
  averageBuyAmount: 75,
  totalWins: 3,
  totalLosses: 1,
  winPercentage: 50,
  lossPercentage: 16.67,
  ...over,
});

const coin = (over: Partial<AnalyticsTokenPnl> = {}): AnalyticsTokenPnl => ({
  holding: 0,
  held: 100,
  sold: 100,
  sold_usd: 50,
  realized: 10,
  unrealized: 0,
  total: 10,
  total_sold: 50,
  total_invested: 40,
  average_buy_amount: 40,
  current_value: 0,
  cost_basis: 0,
  first_buy_time: 1,
  last_buy_time: 1,
  last_sell_time: 2,
  last_trade_time: 2,
  buy_transactions: 1,
  sell_transactions: 1,
  total_transactions: 2,
  ...over,
});

describe('pnlFigures', () => {
  it("takes the provider's sums and rates wins over decided coins only", () => {
    expect(pnlFigures(summary())).toEqual({
      realizedPnlUsd: 120.5,
      unrealizedPnlUsd: -20.25,
      totalPnlUsd: 100.25,
      investedUsd: 900,
      averageBuyUsd: 75,
      wins: 3,
      losses: 1,
      winRatePct: 75,
    });
    expect(pnlFigures(summary({ totalWins: 1, totalLosses: 2 })).winRatePct).toBe(33.33);
  });

  it('adds realized and unrealized when the total is missing, and only when both are known', () => {
    expect(pnlFigures(summary({ total: null, realized: 0.1, unrealized: 0.2 })).totalPnlUsd).toBe(0.3);
    expect(pnlFigures(summary({ total: null, unrealized: null })).totalPnlUsd).toBeNull();
  });

  it('leaves missing figures null, never 0; no win rate without a decided coin', () => {
    const f = pnlFigures(summary({ realized: null, totalInvested: null, averageBuyAmount: null, totalWins: null }));
    expect(f).toMatchObject({ realizedPnlUsd: null, investedUsd: null, averageBuyUsd: null, wins: null, losses: 1, winRatePct: null });
    expect(pnlFigures(summary({ totalWins: 0, totalLosses: 0 })).winRatePct).toBeNull();
    expect(pnlFigures(summary({ totalWins: 0, totalLosses: 4 })).winRatePct).toBe(0);
  });

  it('the empty figures are all null', () => {
    expect(Object.values(emptyPnlFigures()).every((v) => v === null)).toBe(true);
  });
});

describe('hasHistory', () => {
  const zero = summary({
    realized: 0,
    unrealized: 0,
    total: 0,
    totalInvested: 0,
    averageBuyAmount: 0,
    totalWins: 0,
    totalLosses: 0,
    winPercentage: 0,
    lossPercentage: 0,
  });

  it("is false for an unused wallet's all-zero summary with no coin", () => {
    expect(hasHistory({ tokens: {}, summary: zero })).toBe(false);
    expect(hasHistory({ tokens: {}, summary: { ...zero, realized: null, unrealized: null } })).toBe(false);
  });

  it('is true with a coin listed, or a summary showing money in, a decided coin or a PnL', () => {
    expect(hasHistory({ tokens: { M: coin() }, summary: zero })).toBe(true);
    expect(hasHistory({ tokens: {}, summary: { ...zero, totalInvested: 5 } })).toBe(true);
    expect(hasHistory({ tokens: {}, summary: { ...zero, totalLosses: 1 } })).toBe(true);
    expect(hasHistory({ tokens: {}, summary: { ...zero, unrealized: -0.01 } })).toBe(true);
  });
});

describe('holdingsByValue and holdingsTotal', () => {
  it('keeps coins still held, largest value first, unpriced last; the total leaves the unpriced out', () => {
    const rows = holdingsByValue({
      SOLD: coin(),
      SMALL: coin({ holding: 5, current_value: 2.5, unrealized: -1, realized: 0, cost_basis: 0.7 }),
      BIG: coin({ holding: 1000, current_value: 400, unrealized: 150, realized: 3, cost_basis: 0.25 }),
      UNPRICED: coin({ holding: 7, current_value: null, unrealized: null }),
      UNKNOWN_AMOUNT: coin({ holding: null, current_value: 9 }),
    });
    expect(rows.map((r) => r.mint)).toEqual(['BIG', 'SMALL', 'UNPRICED']);
    expect(rows[0]).toEqual({ mint: 'BIG', amount: 1000, valueUsd: 400, unrealizedPnlUsd: 150, realizedPnlUsd: 3, costBasisUsd: 0.25 });
    expect(rows[2]).toMatchObject({ valueUsd: null, unrealizedPnlUsd: null });
    expect(holdingsTotal(rows)).toEqual({ valueUsd: 402.5, unpriced: 1 });
  });

  it('a wallet holding nothing has no rows and a zero total', () => {
    expect(holdingsByValue({ A: coin(), B: coin({ holding: 0 }) })).toEqual([]);
    expect(holdingsTotal([])).toEqual({ valueUsd: 0, unpriced: 0 });
  });
});
