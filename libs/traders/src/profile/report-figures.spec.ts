import type { FomoPosition } from '@scout/upstream';
import { closedSampleFigures, leadersBy } from './report-figures';

const closed = (tradeId: string, realizedPnlUsd: number | null) =>
  ({ tradeId, status: 'closed', token: { address: `addr-${tradeId}`, symbol: tradeId.toUpperCase(), networkId: 8453 }, chain: 'base', networkId: 8453, realizedPnlUsd, unrealizedPnlUsd: null, closedAt: '2026-11-20T00:00:00.000Z' }) as FomoPosition;

describe('report figures', () => {
  it('win rate, realized PnL, and the best and worst closed trade of a sample', () => {
    const figures = closedSampleFigures([closed('a', 120), closed('b', -40), closed('c', 15.5), closed('d', null), closed('e', 0)]);
    expect(figures).toMatchObject({ sampled: 5, wins: 2, losses: 1, winRatePct: 66.7, realizedPnlUsd: 95.5 });
    expect(figures.best).toMatchObject({ tradeId: 'a', realizedPnlUsd: 120, chain: 'base', token: { symbol: 'A' } });
    expect(figures.worst).toMatchObject({ tradeId: 'b', realizedPnlUsd: -40 });
  });

  it('no best without a gain, no worst without a loss, nothing for an empty sample', () => {
    expect(closedSampleFigures([closed('a', -5), closed('b', -1)]).best).toBeNull();
    expect(closedSampleFigures([closed('a', 5)]).worst).toBeNull();
    expect(closedSampleFigures([])).toMatchObject({ sampled: 0, winRatePct: null, best: null, worst: null });
  });

  it('names the leader of each figure, skipping unknown values', () => {
    const rows = [
      { handle: 'a', pnl: 10, volume: null },
      { handle: 'b', pnl: 30, volume: 5 },
      { handle: 'c', pnl: null, volume: 7 },
    ];
    expect(leadersBy(rows, { pnl: (r) => r.pnl, volume: (r) => r.volume, none: () => null })).toEqual({ pnl: 'b', volume: 'c', none: null });
  });
});
