import type { AnalyticsToken } from '@scout/upstream';
import { byTotalPnl, pnlLeadersSummary, tokenHeader, walletTokenPnl, type WalletTokenPnl } from './pnl-leaders-figures';
import { traderRow } from './trader-row.fixture';

const pnl = (wallet: string, totalPnlUsd: number | null): WalletTokenPnl => walletTokenPnl(traderRow(wallet, { total: totalPnlUsd }), null);

describe('walletTokenPnl', () => {
  it("reads the row's invested, taken out, PnL and holding", () => {
    const w = walletTokenPnl(
      traderRow('W1', {
        total_invested: 1_000,
        sold_usd: 1_500,
        total_sold: 1_499,
        realized: 700,
        unrealized: 250,
        total: 950,
        holding: 2_000,
        current_value: 450,
        buy_transactions: 2,
        sell_transactions: 1,
        first_buy: { signature: 's', amount: 5, volume_usd: 600, time: Date.UTC(2026, 0, 1) },
        last_transaction_time: Date.UTC(2026, 0, 2),
      }),
      0.5,
    );
    expect(w).toEqual({
      wallet: 'W1',
      investedUsd: 1_000,
      takenOutUsd: 1_500,
      realizedPnlUsd: 700,
      unrealizedPnlUsd: 250,
      totalPnlUsd: 950,
      holding: { amount: 2_000, valueUsd: 450 },
      stillHolding: true,
      buys: 2,
      sells: 1,
      firstBuyAt: '2026-01-01T00:00:00.000Z',
      lastTradeAt: '2026-01-02T00:00:00.000Z',
    });
  });

  it('fills a missing total from realized + unrealized and a missing value from the price; unknown stays null', () => {
    const w = walletTokenPnl(traderRow('W', { realized: 10.005, unrealized: -3, holding: 4, total_sold: 9 }), 2.5);
    expect(w).toMatchObject({ totalPnlUsd: 7.01, holding: { amount: 4, valueUsd: 10 }, takenOutUsd: 9, investedUsd: null, stillHolding: true });
    expect(walletTokenPnl(traderRow('W', { realized: 10 }), null)).toMatchObject({
      totalPnlUsd: null,
      holding: { amount: null, valueUsd: null },
      stillHolding: null,
    });
    expect(walletTokenPnl(traderRow('W', { holding: 0 }), 1).stillHolding).toBe(false);
  });
});

describe('pnlLeadersSummary', () => {
  it("the top wallet's share of the profit made by every wallet in profit; losses apart", () => {
    const s = pnlLeadersSummary([pnl('a', 600), pnl('b', 300), pnl('c', 100), pnl('d', 0), pnl('e', -50), pnl('f', null)]);
    expect(s).toEqual({
      walletsRanked: 6,
      walletsInProfit: 3,
      walletsAtLoss: 1,
      totalProfitUsd: 1_000,
      totalLossUsd: -50,
      topWalletProfitSharePct: 60,
      profitShareIsUpperBound: false,
    });
  });

  it('null when no wallet is in profit, and an empty ranking is all zero counts', () => {
    expect(pnlLeadersSummary([pnl('a', 0), pnl('b', -5)]).topWalletProfitSharePct).toBeNull();
    expect(pnlLeadersSummary([])).toMatchObject({ walletsRanked: 0, totalProfitUsd: 0, topWalletProfitSharePct: null, profitShareIsUpperBound: false });
  });

  it('an upper bound when 100 rows were served and the last is still in profit', () => {
    const full = Array.from({ length: 100 }, (_, i) => pnl(`w${i}`, 200 - i));
    expect(pnlLeadersSummary(full).profitShareIsUpperBound).toBe(true);
    const endsAtLoss = Array.from({ length: 100 }, (_, i) => pnl(`w${i}`, 50 - i));
    expect(pnlLeadersSummary(endsAtLoss).profitShareIsUpperBound).toBe(false);
  });
});

describe('byTotalPnl and tokenHeader', () => {
  it('sorts by total PnL, largest first, unknown last, ties by wallet', () => {
    const sorted = [pnl('b', 5), pnl('x', null), pnl('a', 5), pnl('c', 9)].sort(byTotalPnl);
    expect(sorted.map((w) => w.wallet)).toEqual(['c', 'a', 'b', 'x']);
  });

  it('names the token, prices it at its deepest pool and dates the launch from created_time (seconds)', () => {
    const token = {
      token: {
        name: 'Coin',
        symbol: 'CN',
        mint: 'M',
        decimals: 6,
        image: null,
        description: null,
        creation: { creator: 'DEV', created_tx: 'tx', created_time: 1_767_225_600 },
      },
      pools: [
        { poolId: 'p1', liquidity: { quote: 1, usd: 100 }, price: { quote: 1, usd: 0.1 } },
        { poolId: 'p2', liquidity: { quote: 1, usd: 9_000 }, price: { quote: 1, usd: 0.2 } },
      ],
    } as unknown as AnalyticsToken;
    expect(tokenHeader('M', token)).toEqual({ mint: 'M', name: 'Coin', symbol: 'CN', priceUsd: 0.2, launchedAt: '2026-01-01T00:00:00.000Z', deployer: 'DEV' });
    expect(tokenHeader('M', null)).toEqual({ mint: 'M', name: null, symbol: null, priceUsd: null, launchedAt: null, deployer: null });
  });
});
