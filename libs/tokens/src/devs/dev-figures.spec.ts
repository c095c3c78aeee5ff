import type { FomoTokenDev, FomoTrade } from '@scout/upstream';
import { bagStatus, devRow, launchPosition, launchTimeProxy, rugFlags } from './dev-figures';

const dev = (handle: string, over: Partial<FomoTokenDev> = {}): FomoTokenDev => ({
  userId: `u-${handle}`,
  handle,
  wallet: `w-${handle}`,
  isDev: true,
  amount: 1000,
  valueUsd: 50,
  costBasisUsd: 10,
  realizedPnlUsd: 0,
  unrealizedPnlUsd: 40,
  averageEntryPrice: 0.01,
  averageHoldTimeSeconds: 3600,
  tradeId: `t-${handle}`,
  thesis: null,
  ...over,
});

describe('bagStatus', () => {
  it.each([
    [0, 120, 'exited'],
    [0, null, 'exited'],
    [10, 5, 'sold_some'],
    [10, -5, 'sold_some'],
    [10, 0, 'holding'],
    [10, null, 'holding'],
    [null, 5, 'unknown'],
  ])('amount %s with realized %s is %s', (amount, realized, status) => {
    expect(bagStatus(amount, realized)).toBe(status);
  });
});

describe('rugFlags', () => {
  const codes = (devs: FomoTokenDev[]) => rugFlags(devs.map(devRow)).map((f) => f.code);

  it('says when no developer is known, as information only', () => {
    expect(rugFlags([])).toEqual([expect.objectContaining({ code: 'no_known_dev', severity: 'info' })]);
    expect(codes([dev('ins', { isDev: false })])).toEqual(['no_known_dev']);
  });

  it('flags a developer who sold out (high) or sold some (medium); none for one who holds', () => {
    expect(codes([dev('d', { amount: 0, realizedPnlUsd: 900 })])).toEqual(['dev_exited']);
    expect(codes([dev('d', { realizedPnlUsd: 300 })])).toEqual(['dev_selling']);
    expect(codes([dev('d')])).toEqual([]);
  });

  it('flags insiders when half or more sold out, and all of them as high', () => {
    const out = { isDev: false, amount: 0, realizedPnlUsd: 10 };
    const inn = { isDev: false };
    expect(codes([dev('d'), dev('a', out), dev('b', inn), dev('c', inn)])).toEqual([]);
    expect(codes([dev('d'), dev('a', out), dev('b', inn)])).toEqual(['insiders_exiting']);
    expect(codes([dev('d'), dev('a', out), dev('b', out)])).toEqual(['insiders_exited']);
  });
});

describe('launchPosition and launchTimeProxy', () => {
  const trade = (over: Partial<FomoTrade>): FomoTrade =>
    ({
      tradeId: 't1',
      createdAt: '2026-11-01T10:05:00.000Z',
      closedAt: null,
      bought: 1000,
      sold: 250,
      boughtUsd: 10,
      soldUsd: 40,
      realizedPnlUsd: 37.5,
      amount: 750,
      swaps: [],
      ...over,
    }) as FomoTrade;

  it('takes the first fill as the opening when it is earlier than the position row, and the sold share of the bought', () => {
    const p = launchPosition(trade({ swaps: [{ at: '2026-11-01T10:00:00.000Z' }, { at: '2026-11-02T00:00:00.000Z' }] as FomoTrade['swaps'] }));
    expect(p).toMatchObject({ openedAt: '2026-11-01T10:00:00.000Z', soldPct: 25, status: 'sold_some' });
  });

  it('falls back to the position row, and nothing is known without either', () => {
    expect(launchPosition(trade({})).openedAt).toBe('2026-11-01T10:05:00.000Z');
    expect(launchPosition(trade({ createdAt: null })).openedAt).toBeNull();
    expect(launchPosition(trade({ bought: null })).soldPct).toBeNull();
  });

  it('the proxy is the earliest developer opening', () => {
    const a = launchPosition(trade({ createdAt: '2026-11-03T00:00:00.000Z' }));
    const b = launchPosition(trade({ createdAt: '2026-11-02T00:00:00.000Z' }));
    expect(launchTimeProxy([a, b])).toBe('2026-11-02T00:00:00.000Z');
    expect(launchTimeProxy([])).toBeNull();
  });
});
