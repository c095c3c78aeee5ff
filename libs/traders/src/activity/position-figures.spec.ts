import type { FomoPosition } from '@scout/upstream';
import { positionRow, summarizePositions } from './position-figures';

const position = (overrides: Partial<FomoPosition>): FomoPosition => ({
  tradeId: 't',
  status: 'open',
  token: { address: 'So11111111111111111111111111111111111111112', symbol: 'SOL', name: null, decimals: null, networkId: 1399811149, imageUrl: null },
  chain: 'solana',
  networkId: 1399811149,
  amount: 1,
  costBasisUsd: 100,
  avgEntryPrice: 100,
  avgExitPrice: null,
  priceUsd: 120,
  valueUsd: 120,
  realizedPnlUsd: 0,
  unrealizedPnlUsd: 20,
  bought: 1,
  boughtUsd: 100,
  sold: 0,
  soldUsd: 0,
  transferredIn: 0,
  transferredOut: 0,
  isDev: false,
  createdAt: null,
  closedAt: null,
  lastTradeAt: null,
  ...overrides,
});

describe('position figures', () => {
  it('a row says up or down from realized plus unrealized, proceeds from sales, the Scout chain name', () => {
    expect(positionRow(position({}))).toMatchObject({ pnlUsd: 20, up: true, proceedsUsd: 0, chain: 'solana' });
    expect(positionRow(position({ realizedPnlUsd: -30, unrealizedPnlUsd: null, status: 'closed', soldUsd: 70 }))).toMatchObject({
      pnlUsd: -30,
      up: false,
      proceedsUsd: 70,
    });
    expect(positionRow(position({ realizedPnlUsd: null, unrealizedPnlUsd: null }))).toMatchObject({ pnlUsd: null, up: null });
    expect(positionRow(position({ chain: 'robinhood', networkId: 4663 })).chain).toBe('brokerage');
    expect(positionRow(position({ chain: null, networkId: 8453, token: { ...position({}).token, networkId: 8453 } })).chain).toBe('base');
  });

  it('the summary counts open and closed, wins and losses of closed positions, the win rate and PnL totals', () => {
    const summary = summarizePositions([
      position({}),
      position({ status: 'closed', realizedPnlUsd: 50, unrealizedPnlUsd: null }),
      position({ status: 'closed', realizedPnlUsd: 10, unrealizedPnlUsd: null }),
      position({ status: 'closed', realizedPnlUsd: -25.555, unrealizedPnlUsd: null }),
      position({ status: 'closed', realizedPnlUsd: 0, unrealizedPnlUsd: null }),
    ]);
    expect(summary).toEqual({ open: 1, closed: 4, wins: 2, losses: 1, winRatePct: 66.7, realizedPnlUsd: 34.45, unrealizedPnlUsd: 20 });
    expect(summarizePositions([position({})]).winRatePct).toBeNull();
  });
});
