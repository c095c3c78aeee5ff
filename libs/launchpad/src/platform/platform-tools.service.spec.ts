import { UpstreamError, type LaunchpadRevenue, type LaunchpadRewards } from '@scout/upstream';
import { fakeLaunchpad, siteDown, T } from '../test/fake-launchpad';
import { PlatformToolsService } from './platform-tools.service';

const revenue: LaunchpadRevenue = {
  revenue: { totalUsd: 1000, holdersUsd: 300, protocolUsd: 700 },
  buybacks: { totalUsd: 200, count: 4 },
  burnsBySource: { flywheel: { valueUsd: 180, count: 4 } },
  recent: [1, 2, 3].map((i) => ({ signature: `r${i}`, kind: 'burn' as const, mint: 'M', valueUsd: 45, at: T })),
  daily: [
    { day: '2026-08-31', dailyRevenue: 400, dailyHoldersRevenue: 100, dailyProtocolRevenue: 300 },
    { day: '2026-09-01', dailyRevenue: 600, dailyHoldersRevenue: 200, dailyProtocolRevenue: 400 },
  ],
  _generatedAt: null,
};

const quote = { mint: 'SPYX', symbol: 'SPYX', decimals: 8 };
const rewards: LaunchpadRewards = {
  coins: [
    { mint: 'A', symbol: 'A', quote, distributedRaw: '250000000', distributedTokens: 2.5, distributedUsd: 1500, payoutCount: 5, lastPayoutAt: T },
    { mint: 'B', symbol: 'B', quote, distributedRaw: '50000000', distributedTokens: 0.5, distributedUsd: 300, payoutCount: 1, lastPayoutAt: T },
  ],
  recent: [1, 2].map((i) => ({ signature: `d${i}`, mint: 'A', amountTokens: 0.5, valueUsd: 300, holderCount: 10, paidAt: T })),
  _generatedAt: null,
};

describe('PlatformToolsService', () => {
  it('launchpad_stats: totals with shares, the revenue split, enabled paths', async () => {
    const { port } = fakeLaunchpad({
      stats: async () => ({
        totals: { tokens: 20, graduated: 5, aboutToGraduate: 2, rewardLaunches: 8, totalMarketCapUsd: 5e6, volume24hUsd: 2e5 },
        revenue: { totalUsd: 1000, holdersUsd: 300, protocolUsd: 700, buybackUsd: 200 },
        burns: { totalUsd: 180, burnCount: 4 },
        config: { graduationThresholds: { raydium: 69_000, pump: 69_000 }, launchPaths: { raydium: true, launchlab: false, pump: true } },
        _generatedAt: null,
      }),
    });
    const result = await new PlatformToolsService(port).stats({});
    expect(result.data.totals).toMatchObject({ graduatedPct: 25, rewardLaunchPct: 40 });
    expect(result.data.revenue).toEqual({ totalUsd: 1000, holdersUsd: 300, protocolUsd: 700, holdersSharePct: 30, protocolSharePct: 70, buybackUsd: 200 });
    expect(result.data.config.enabledLaunchPaths).toEqual(['raydium', 'pump']);
    expect(result.data.config.graduationThresholds).toEqual({ raydium: 69_000, pump: 69_000 });
  });

  it('launchpad_stats: the site down is its UpstreamError (502)', async () => {
    await expect(new PlatformToolsService(fakeLaunchpad({ stats: siteDown }).port).stats({})).rejects.toBeInstanceOf(UpstreamError);
  });

  it('launchpad_revenue without history: no series, asked without it', async () => {
    const { port, calls } = fakeLaunchpad({ revenue: async () => ({ ...revenue, daily: null }) });
    const result = await new PlatformToolsService(port).revenue({ limit: 2, history: false });
    expect(calls).toEqual(['revenue({"limit":2})']);
    expect(result.data).toMatchObject({ daily: null, dailyTotals: null, revenue: { holdersSharePct: 30, protocolSharePct: 70 } });
    expect(result.data.burns).toEqual({ totalUsd: 180, count: 4, bySource: revenue.burnsBySource });
    expect(result.data.recent.map((r) => r.signature)).toEqual(['r1', 'r2']);
    expect(result.notes).toBeUndefined();
  });

  it('launchpad_revenue with history: the daily series and its sums, which add to the total', async () => {
    const { port, calls } = fakeLaunchpad({ revenue: async () => revenue });
    const result = await new PlatformToolsService(port).revenue({ limit: 25, history: true });
    expect(calls).toEqual(['revenue({"limit":25,"history":true})']);
    expect(result.data.daily).toHaveLength(2);
    expect(result.data.dailyTotals).toMatchObject({
      days: 2,
      revenueUsd: 1000,
      holdersRevenueUsd: 300,
      protocolRevenueUsd: 700,
      bestDay: { day: '2026-09-01' },
    });
  });

  it('launchpad_revenue with history the site did not give: null with a note', async () => {
    const { port } = fakeLaunchpad({ revenue: async () => ({ ...revenue, daily: null }) });
    const result = await new PlatformToolsService(port).revenue({ limit: 25, history: true });
    expect(result.data).toMatchObject({ daily: null, dailyTotals: null });
    expect(result.notes).toEqual([expect.stringContaining('no daily series')]);
  });

  it('launchpad_rewards: per coin from raw, the overall sum, recent up to the limit', async () => {
    const { port, calls } = fakeLaunchpad({ rewards: async () => rewards });
    const result = await new PlatformToolsService(port).rewards({ limit: 1 });
    expect(calls).toEqual(['rewards({"limit":1})']);
    expect(result.data.coins[0].distributed).toEqual({ raw: '250000000', tokens: 2.5 });
    expect(result.data.overall).toMatchObject({ coins: 2, distributedUsd: 1800, payoutCount: 6 });
    expect(result.data.overall.distributedByQuote).toEqual([{ mint: 'SPYX', symbol: 'SPYX', distributed: { raw: '300000000', tokens: 3 } }]);
    expect(result.data.recent).toHaveLength(1);
    expect(result.notes).toBeUndefined();
  });

  it('launchpad_rewards: a coin without USD makes the sum null, with a note', async () => {
    const { port } = fakeLaunchpad({ rewards: async () => ({ ...rewards, coins: [{ ...rewards.coins[0], distributedUsd: null }, rewards.coins[1]] }) });
    const result = await new PlatformToolsService(port).rewards({ limit: 25 });
    expect(result.data.overall.distributedUsd).toBeNull();
    expect(result.notes).toEqual([expect.stringContaining('unknown, not zero')]);
  });
});
