import { burnsBySource, dailyTotals, enabledLaunchPaths, platformTotals, revenueSplit, rewardCoinRow, rewardsOverall } from './platform-figures';

const T1 = '2026-09-01T12:00:00.000Z';
const T2 = '2026-09-02T08:00:00.000Z';

describe('platform totals and revenue split', () => {
  it('shares of graduated and reward launches', () => {
    const totals = { tokens: 40, graduated: 10, aboutToGraduate: 3, rewardLaunches: 16, totalMarketCapUsd: 1e6, volume24hUsd: null };
    expect(platformTotals(totals)).toEqual({ ...totals, graduatedPct: 25, rewardLaunchPct: 40 });
    expect(platformTotals({ ...totals, tokens: 0, graduated: 0, rewardLaunches: 0 })).toMatchObject({ graduatedPct: null, rewardLaunchPct: null });
  });

  it("holders' and protocol's shares of revenue; a missing total leaves them null", () => {
    expect(revenueSplit({ totalUsd: 800, holdersUsd: 200, protocolUsd: 600 })).toEqual({
      totalUsd: 800,
      holdersUsd: 200,
      protocolUsd: 600,
      holdersSharePct: 25,
      protocolSharePct: 75,
    });
    expect(revenueSplit({ totalUsd: null, holdersUsd: 200, protocolUsd: 600 })).toMatchObject({ holdersSharePct: null, protocolSharePct: null });
  });

  it('lists the enabled launch paths', () => {
    expect(enabledLaunchPaths({ raydium: true, launchlab: false, pump: true })).toEqual(['raydium', 'pump']);
  });

  it('adds the burns over their sources', () => {
    const bySource = { flywheel: { valueUsd: 120.5, count: 4 }, manual: { valueUsd: 10, count: 1 } };
    expect(burnsBySource(bySource)).toEqual({ totalUsd: 130.5, count: 5, bySource });
    expect(burnsBySource({})).toEqual({ totalUsd: 0, count: 0, bySource: {} });
  });
});

describe('dailyTotals', () => {
  it('sums each series and finds the best day', () => {
    const daily = [
      { day: '2026-08-30', dailyRevenue: 100, dailyHoldersRevenue: 30, dailyProtocolRevenue: 70 },
      { day: '2026-08-31', dailyRevenue: 250, dailyHoldersRevenue: 50, dailyProtocolRevenue: 200 },
      { day: '2026-09-01', dailyRevenue: 50, dailyHoldersRevenue: 10, dailyProtocolRevenue: 40 },
    ];
    expect(dailyTotals(daily)).toEqual({
      days: 3,
      firstDay: '2026-08-30',
      lastDay: '2026-09-01',
      revenueUsd: 400,
      holdersRevenueUsd: 90,
      protocolRevenueUsd: 310,
      bestDay: { day: '2026-08-31', revenueUsd: 250 },
    });
  });

  it('an empty series has no days', () => {
    expect(dailyTotals([])).toEqual({ days: 0, firstDay: null, lastDay: null, revenueUsd: 0, holdersRevenueUsd: 0, protocolRevenueUsd: 0, bestDay: null });
  });
});

describe('rewards per coin and overall', () => {
  const spyx = { mint: 'SPYX', symbol: 'SPYX', decimals: 8 };
  const usdc = { mint: 'USDC', symbol: 'USDC', decimals: 6 };
  const coin = (mint: string, quote: typeof spyx, distributedRaw: string, distributedUsd: number | null, payoutCount: number, lastPayoutAt: string | null) =>
    rewardCoinRow({ mint, symbol: mint, quote, distributedRaw, distributedTokens: 0, distributedUsd, payoutCount, lastPayoutAt });

  it('reads each coin from its raw amount and quote decimals', () => {
    expect(coin('A', spyx, '150000000', 900, 3, T1).distributed).toEqual({ raw: '150000000', tokens: 1.5 });
  });

  it('adds USD and payouts over coins, raw amounts per quote mint', () => {
    const rows = [coin('A', spyx, '150000000', 900, 3, T1), coin('B', spyx, '50000000', 300, 2, T2), coin('C', usdc, '2000000', 2, 1, null)];
    expect(rewardsOverall(rows)).toEqual({
      coins: 3,
      distributedUsd: 1202,
      payoutCount: 6,
      distributedByQuote: [
        { mint: 'SPYX', symbol: 'SPYX', distributed: { raw: '200000000', tokens: 2 } },
        { mint: 'USDC', symbol: 'USDC', distributed: { raw: '2000000', tokens: 2 } },
      ],
      lastPayoutAt: T2,
    });
  });

  it('a coin without USD makes the USD sum null; no coins sum to zero', () => {
    expect(rewardsOverall([coin('A', spyx, '1', null, 1, T1), coin('B', spyx, '1', 5, 1, T1)]).distributedUsd).toBeNull();
    expect(rewardsOverall([])).toEqual({ coins: 0, distributedUsd: 0, payoutCount: 0, distributedByQuote: [], lastPayoutAt: null });
  });
});
