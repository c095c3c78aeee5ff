import type { FomoPosition, FomoSwap, FomoTrade } from '@scout/upstream';
import { assembledDetail, fillsOfTrade, fillTotals, liveDetail, type TradeFill } from './trade-figures';

const TOKEN = 'TokenAddress1111111111111111111111111111111';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const position = (overrides: Partial<FomoPosition> = {}): FomoPosition => ({
  tradeId: 'T1',
  status: 'closed',
  token: { address: TOKEN, symbol: 'TKN', name: 'Token', decimals: 6, networkId: 1399811149, imageUrl: null },
  chain: 'solana',
  networkId: 1399811149,
  amount: 0,
  costBasisUsd: 300,
  avgEntryPrice: 1.5,
  avgExitPrice: 2,
  priceUsd: 2.5,
  valueUsd: 0,
  realizedPnlUsd: 100,
  unrealizedPnlUsd: 0,
  bought: 200,
  boughtUsd: 300,
  sold: 200,
  soldUsd: 400,
  transferredIn: 0,
  transferredOut: 0,
  isDev: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  closedAt: '2026-11-21T10:00:00.000Z',
  lastTradeAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

const swap = (id: string, side: 'buy' | 'sell', at: string, amount: number, usd: number, tradeId = 'T1'): FomoSwap => {
  const token = { address: TOKEN, symbol: 'TKN', amount, usd, usdNow: null };
  const quote = { address: USDC, symbol: 'USDC', amount: usd, usd, usdNow: null };
  return {
    swapId: id,
    side,
    chain: 'solana',
    networkId: 1399811149,
    tokenIn: side === 'buy' ? quote : token,
    tokenOut: side === 'buy' ? token : quote,
    tradeIdIn: side === 'sell' ? tradeId : null,
    tradeIdOut: side === 'buy' ? tradeId : null,
    humanUsdAmountIn: usd,
    priceUsd: usd / amount,
    txHash: `tx-${id}`,
    at,
  };
};

// Newest first, as the swaps route lists them; one fill belongs to another position on the same token.
const SWAPS = [
  swap('s4', 'sell', '2026-11-21T10:00:00.000Z', 150, 300),
  swap('x1', 'buy', '2026-11-21T09:00:00.000Z', 10, 20, 'T2'),
  swap('s3', 'sell', '2026-11-21T08:00:00.000Z', 50, 100),
  swap('s2', 'buy', '2026-11-20T12:00:00.000Z', 100, 200),
  swap('s1', 'buy', '2026-11-20T10:00:00.000Z', 100, 100),
];

describe('trade figures', () => {
  it('the fills of a trade are the swaps naming it, oldest first', () => {
    expect(fillsOfTrade(SWAPS, 'T1').map((f) => f.swapId)).toEqual(['s1', 's2', 's3', 's4']);
    expect(fillsOfTrade(SWAPS, 'T2').map((f) => [f.swapId, f.side])).toEqual([['x1', 'buy']]);
    expect(fillsOfTrade(SWAPS, 'nope')).toEqual([]);
  });

  it('fills at one instant keep their order; a side the provider leaves out follows from the trade id', () => {
    const same = [swap('b', 'sell', '2026-11-21T08:00:00.000Z', 1, 1), { ...swap('a', 'buy', '2026-11-21T08:00:00.000Z', 1, 1), side: null }];
    expect(fillsOfTrade(same, 'T1').map((f) => [f.swapId, f.side])).toEqual([
      ['a', 'buy'],
      ['b', 'sell'],
    ]);
  });

  it('fill totals: buys count the token received and their USD size, sells the token given and its USD', () => {
    expect(fillTotals(fillsOfTrade(SWAPS, 'T1'))).toEqual({
      buys: 2,
      sells: 2,
      bought: 200,
      boughtUsd: 300,
      sold: 200,
      soldUsd: 400,
      avgEntryPrice: 1.5,
      avgExitPrice: 2,
    });
    expect(fillTotals([])).toMatchObject({ buys: 0, sells: 0, avgEntryPrice: null, avgExitPrice: null });
    const unpriced: TradeFill = { ...fillsOfTrade(SWAPS, 'T1')[0], humanUsdAmountIn: null, tokenOut: { address: TOKEN, symbol: null, amount: 5, usd: null } };
    expect(fillTotals([unpriced])).toMatchObject({ buys: 1, bought: 5, boughtUsd: 0, avgEntryPrice: null });
  });

  it('an assembled trade is the position row with its fills; average prices the row lacks come from the fills', () => {
    const trader = { userId: 'u-1', handle: 'alice' };
    const detail = assembledDetail(position(), fillsOfTrade(SWAPS, 'T1'), trader);
    expect(detail).toMatchObject({
      source: 'assembled',
      tradeId: 'T1',
      trader,
      chain: 'solana',
      avgEntryPrice: 1.5,
      avgExitPrice: 2,
      realizedPnlUsd: 100,
      pnlUsd: 100,
      openedAt: '2026-11-20T10:00:00.000Z',
      closedAt: '2026-11-21T10:00:00.000Z',
      lastTradeAt: '2026-11-21T10:00:00.000Z',
      transfers: null,
      thesis: null,
      liquidityUsd: null,
    });
    expect(detail).not.toHaveProperty('createdAt');
    expect(detail.swaps.map((s) => s.humanUsdAmountIn)).toEqual([100, 200, 100, 300]);
    const bare = assembledDetail(position({ avgEntryPrice: null, avgExitPrice: null, lastTradeAt: null }), fillsOfTrade(SWAPS, 'T1'), trader);
    expect(bare).toMatchObject({ avgEntryPrice: 1.5, avgExitPrice: 2, lastTradeAt: '2026-11-21T10:00:00.000Z' });
  });

  it("a live trade keeps the provider's source, liquidity, thesis and transfers, its fills oldest first", () => {
    const fills = fillsOfTrade(SWAPS, 'T1').reverse();
    const trade = {
      ...position(),
      userId: 'u-1',
      handle: 'alice',
      source: 'live',
      liquidityUsd: 50_000,
      swaps: fills.map((f) => ({ ...f, humanAmountIn: null, humanAmountOut: null, humanUsdAmountOut: null })),
      transfers: [],
      thesis: { thesisId: 'th', text: 'up only', likes: 7, ts: '2026-11-20T10:05:00.000Z' },
      capturedAt: '2026-11-22T00:00:00.000Z',
    } as FomoTrade;
    const detail = liveDetail(trade);
    expect(detail).toMatchObject({ source: 'live', trader: { userId: 'u-1', handle: 'alice' }, liquidityUsd: 50_000, thesis: { likes: 7 }, transfers: [] });
    expect(detail.swaps.map((s) => s.swapId)).toEqual(['s1', 's2', 's3', 's4']);
    expect(detail.fills).toEqual(assembledDetail(position(), fillsOfTrade(SWAPS, 'T1'), { userId: 'u-1', handle: 'alice' }).fills);
  });
});
