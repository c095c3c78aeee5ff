import type { FomoBalances, FomoPosition } from '@scout/upstream';
import { closedSampleFigures, leadersBy, portfolioFigures, traderFigures } from './report-figures';
import { profileView, searchTraderView } from './profile-view';

const closed = (tradeId: string, realizedPnlUsd: number | null) =>
  ({
    tradeId,
    status: 'closed',
    token: { address: `addr-${tradeId}`, symbol: tradeId.toUpperCase(), networkId: 8453 },
    chain: 'base',
    networkId: 8453,
    realizedPnlUsd,
    unrealizedPnlUsd: null,
    closedAt: '2026-11-20T00:00:00.000Z',
  }) as FomoPosition;

const holding = (symbol: string, valueUsd: number | null, chain = 'solana') =>
  ({
    token: { address: `addr-${symbol}`, symbol, networkId: null },
    tradeId: `t-${symbol}`,
    chain,
    networkId: null,
    amount: 1,
    priceUsd: valueUsd,
    valueUsd,
    change24h: 1.5,
  }) as FomoBalances['holdings'][number];

describe('report figures', () => {
  it('win rate, realized PnL, and the best and worst closed trade of a sample', () => {
    const figures = closedSampleFigures([closed('a', 120), closed('b', -40), closed('c', 15.5), closed('d', null), closed('e', 0)], true);
    expect(figures).toMatchObject({ closedSampled: 5, wins: 2, losses: 1, winRatePct: 66.7, realizedPnlUsdSampled: 95.5, complete: true });
    expect(figures.best).toEqual({ token: 'A', address: 'addr-a', chain: 'base', realizedPnlUsd: 120, closedAt: '2026-11-20T00:00:00.000Z', tradeId: 'a' });
    expect(figures.worst).toMatchObject({ tradeId: 'b', realizedPnlUsd: -40 });
  });

  it('no best without a gain, no worst without a loss, nothing for an empty sample', () => {
    expect(closedSampleFigures([closed('a', -5), closed('b', -1)], true).best).toBeNull();
    expect(closedSampleFigures([closed('a', 5)], false)).toMatchObject({ worst: null, complete: false });
    expect(closedSampleFigures([], true)).toMatchObject({ closedSampled: 0, winRatePct: null, best: null, worst: null });
  });

  it("closedTotalUpstream is the provider's count of closed positions, null when it does not say", () => {
    expect(closedSampleFigures([closed('a', 5)], false, 312).closedTotalUpstream).toBe(312);
    expect(closedSampleFigures([closed('a', 5)], false).closedTotalUpstream).toBeNull();
  });

  it("the portfolio: largest holdings first, the top five's share of the value, chains in Scout's names", () => {
    const balances = {
      holdings: [holding('a', 10), holding('b', 50, 'robinhood'), holding('c', 20), holding('d', 5), holding('e', 5), holding('f', 10), holding('g', null)],
      totalValueUsd: 100,
      capped: false,
      byChain: { solana: { holdings: 6, valueUsd: 50 }, robinhood: { holdings: 1, valueUsd: 50 } },
      livePerpPnl: null,
      hyperliquidPerps: null,
    } as FomoBalances;
    const figures = portfolioFigures(balances);
    expect(figures.topHoldings.map((h) => h.symbol)).toEqual(['b', 'c', 'a', 'f', 'd']);
    expect(figures.topHoldings[0].chain).toBe('brokerage');
    expect(figures).toMatchObject({ totalValueUsd: 100, positions: 7, top5ConcentrationPct: 95, capped: false });
    expect(portfolioFigures({ ...balances, holdings: [] }).top5ConcentrationPct).toBeNull();
  });

  it('byChain names every chain the trader could hold: 0 where the split shows nothing, null where the provider sent no split', () => {
    const balances = {
      holdings: [holding('a', 50), holding('b', 50, 'robinhood')],
      totalValueUsd: 100,
      capped: false,
      byChain: { solana: { holdings: 6, valueUsd: 50 }, robinhood: { holdings: 1, valueUsd: null }, tron: { holdings: 2, valueUsd: 9 } },
      livePerpPnl: null,
      hyperliquidPerps: null,
    } as FomoBalances;
    const nothing = { holdings: 0, valueUsd: 0 };
    expect(portfolioFigures(balances).byChain).toEqual({
      solana: { holdings: 6, valueUsd: 50 },
      ethereum: nothing,
      base: nothing,
      bsc: nothing,
      monad: nothing,
      hyperliquid: nothing,
      // An unknown value stays unknown, never 0.
      brokerage: { holdings: 1, valueUsd: null },
    });
    const unknown = portfolioFigures({ ...balances, byChain: null }).byChain;
    expect(Object.keys(unknown)).toHaveLength(7);
    for (const figures of Object.values(unknown)) expect(figures).toEqual({ holdings: null, valueUsd: null });
  });

  it("identity.createdAt is the provider's ISO time from the search row or the profile, null only when neither has it", () => {
    const row = {
      userId: 'u1',
      handle: 'pricedin',
      displayName: null,
      wallets: null,
      pnlUsd: 5,
      volumeUsd: null,
      trades: null,
      followers: null,
      verified: false,
      imageUrl: null,
    };
    expect(traderFigures(searchTraderView({ ...row, createdAt: '2025-10-31T14:58:46.460Z' }))).toMatchObject({
      source: 'search',
      createdAt: '2025-10-31T14:58:46.460Z',
    });
    expect(traderFigures(searchTraderView({ ...row, createdAt: null })).createdAt).toBeNull();
    const profile = { ...row, createdAt: '2025-01-02T03:04:05.000Z', pnl: null, topTokens: [] } as unknown as Parameters<typeof profileView>[0];
    expect(traderFigures(profileView(profile, Date.parse('2026-01-02T00:00:00Z')))).toMatchObject({
      source: 'profile',
      createdAt: '2025-01-02T03:04:05.000Z',
      accountAgeDays: 364,
    });
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
