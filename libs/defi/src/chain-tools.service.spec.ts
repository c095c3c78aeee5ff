import type { Type } from '@nestjs/common';
import { inputSchemaOf, parseToolInput } from '@scout/core';
import { UpstreamError } from '@scout/upstream';
import { ChainToolsService } from './chain-tools.service';
import { ChainHealthInput, ChainRevenueInput, ChainTrendInput } from './defi-tools.dto';
import type { DailyPoint, OverviewOptions } from '@scout/upstream';
import { fakeLlama, overviewOf, protocolRow, upstreamDown, upstreamNotFound, upstreamTimeout } from './test/llama-fixtures';

function input<T extends object>(dto: Type<T>, raw: object = {}): Promise<T> {
  return parseToolInput(dto, raw, 'body', inputSchemaOf(dto));
}

const DAY = 86_400;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

function daily(from: string, values: number[]): DailyPoint[] {
  return values.map((valueUsd, i) => ({ date: day(from) + i * DAY, valueUsd }));
}

function setup() {
  const llama = fakeLlama();
  return { llama, tools: new ChainToolsService(llama) };
}

describe('service_chain_health', () => {
  const chains = [
    { name: 'Ethereum', tvlUsd: 60e9, tokenSymbol: 'ETH', chainId: 1, geckoId: 'ethereum' },
    { name: 'Solana', tvlUsd: 10e9, tokenSymbol: 'SOL', chainId: null, geckoId: 'solana' },
    { name: 'Base', tvlUsd: 5e9, tokenSymbol: null, chainId: 8453, geckoId: null },
    { name: 'Hyperliquid L1', tvlUsd: 2e9, tokenSymbol: 'HYPE', chainId: 999, geckoId: null },
    { name: 'Arbitrum', tvlUsd: 3e9, tokenSymbol: 'ARB', chainId: 42161, geckoId: null },
  ];
  const stables = [
    { name: 'Ethereum', circulatingUsd: 150e9, tokenSymbol: 'ETH', geckoId: null },
    { name: 'Solana', circulatingUsd: 12e9, tokenSymbol: 'SOL', geckoId: null },
    { name: 'Base', circulatingUsd: 4e9, tokenSymbol: null, geckoId: null },
    { name: 'Hyperliquid L1', circulatingUsd: null, tokenSymbol: null, geckoId: null },
  ];

  it('gives TVL, stablecoin supply and their ratio for each chain asked, in the order asked', async () => {
    const { llama, tools } = setup();
    llama.chains.mockResolvedValue(chains);
    llama.stablecoinChains.mockResolvedValue(stables);
    const result = await tools.chainHealth(await input(ChainHealthInput, { chains: ['solana', 'ethereum', 'base'] }));
    expect(result).toEqual({
      data: {
        chains: [
          { chain: 'solana', label: 'Solana', tvlUsd: 10e9, stablecoinSupplyUsd: 12e9, stablecoinsPerTvlDollar: 1.2 },
          { chain: 'ethereum', label: 'Ethereum', tvlUsd: 60e9, stablecoinSupplyUsd: 150e9, stablecoinsPerTvlDollar: 2.5 },
          { chain: 'base', label: 'Base', tvlUsd: 5e9, stablecoinSupplyUsd: 4e9, stablecoinsPerTvlDollar: 0.8 },
        ],
      },
      notes: undefined,
    });
  });

  it('covers all seven chains by default; chains DefiLlama does not list are null with a note', async () => {
    const { llama, tools } = setup();
    llama.chains.mockResolvedValue(chains);
    llama.stablecoinChains.mockResolvedValue(stables);
    const result = await tools.chainHealth(await input(ChainHealthInput));
    expect(result.data.chains.map((c) => c.chain)).toEqual(['solana', 'ethereum', 'base', 'bsc', 'monad', 'hyperliquid', 'brokerage']);
    expect(result.data.chains.find((c) => c.chain === 'monad')).toEqual({
      chain: 'monad',
      label: 'Monad',
      tvlUsd: null,
      stablecoinSupplyUsd: null,
      stablecoinsPerTvlDollar: null,
    });
    expect(result.data.chains.find((c) => c.chain === 'hyperliquid')).toMatchObject({ tvlUsd: 2e9, stablecoinSupplyUsd: null, stablecoinsPerTvlDollar: null });
    expect(result.notes).toEqual([
      'DefiLlama lists no TVL for BNB Chain, Monad, Robinhood Chain: tvlUsd is null there.',
      'DefiLlama lists no stablecoin supply for BNB Chain, Monad, Robinhood Chain: stablecoinSupplyUsd is null there.',
    ]);
  });

  it('answers without stablecoins when /stablecoinchains fails, and says so', async () => {
    const { llama, tools } = setup();
    llama.chains.mockResolvedValue(chains);
    llama.stablecoinChains.mockRejectedValue(upstreamTimeout());
    const result = await tools.chainHealth(await input(ChainHealthInput, { chains: ['ethereum'] }));
    expect(result.data.chains).toEqual([{ chain: 'ethereum', label: 'Ethereum', tvlUsd: 60e9, stablecoinSupplyUsd: null, stablecoinsPerTvlDollar: null }]);
    expect(result.notes).toEqual(['DefiLlama /stablecoinchains did not answer (timeout): stablecoinSupplyUsd and stablecoinsPerTvlDollar left null.']);
  });

  it('answers without TVL when /v2/chains fails', async () => {
    const { llama, tools } = setup();
    llama.chains.mockRejectedValue(upstreamDown());
    llama.stablecoinChains.mockResolvedValue(stables);
    const result = await tools.chainHealth(await input(ChainHealthInput, { chains: ['base'] }));
    expect(result.data.chains).toEqual([{ chain: 'base', label: 'Base', tvlUsd: null, stablecoinSupplyUsd: 4e9, stablecoinsPerTvlDollar: null }]);
    expect(result.notes).toEqual(['DefiLlama /v2/chains did not answer (HTTP 503): tvlUsd and stablecoinsPerTvlDollar left null.']);
  });

  it('fails with the upstream error when both parts fail', async () => {
    const { llama, tools } = setup();
    const first = upstreamTimeout();
    llama.chains.mockRejectedValue(first);
    llama.stablecoinChains.mockRejectedValue(upstreamDown());
    await expect(tools.chainHealth(await input(ChainHealthInput))).rejects.toBe(first);
  });
});

describe('service_chain_trend', () => {
  // 400 days from 2024-01-01: TVL climbs 100 -> 499, peaks at 1000 on day 300, then sits at 499 from day 301.
  const tvlValues = Array.from({ length: 400 }, (_, i) => (i === 300 ? 1000 : 100 + i));
  const tvl = daily('2024-01-01', tvlValues);
  const stables = daily(
    '2024-01-01',
    Array.from({ length: 400 }, (_, i) => 1000 + 10 * i),
  );
  const latest = tvl[tvl.length - 1].date;

  it('reports TVL and stablecoins with windows, the all-time high and a weekly series', async () => {
    const { llama, tools } = setup();
    llama.historicalChainTvl.mockResolvedValue(tvl);
    llama.stablecoinCharts.mockResolvedValue(stables);
    const result = await tools.chainTrend(await input(ChainTrendInput, { chain: 'hyperliquid', weeks: 3 }));
    expect(llama.historicalChainTvl).toHaveBeenCalledWith('Hyperliquid L1');
    expect(llama.stablecoinCharts).toHaveBeenCalledWith('Hyperliquid L1');
    const data = result.data as Record<string, any>;
    expect(data.chain).toBe('hyperliquid');
    expect(data.scope).toBe('Hyperliquid');
    expect(data.tvl).toEqual({
      currentUsd: 499,
      asOf: new Date(latest * 1000).toISOString(),
      change1dPct: 0.2,
      change7dPct: 1.42,
      change30dPct: 6.4,
      change90dPct: 22,
      change1yPct: 272.39,
      allTimeHighUsd: 1000,
      allTimeHighDate: new Date((day('2024-01-01') + 300 * DAY) * 1000).toISOString(),
      belowAllTimeHighPct: 50.1,
    });
    expect(data.stablecoins).toMatchObject({ currentSupplyUsd: 4990, change1dPct: 0.2, change1yPct: 272.39 });
    // 2025-02-03 (day 399) is a Monday: the last week holds one point.
    expect(data.weekly).toEqual([
      { week: '2025-W04', weekStart: '2025-01-20', tvlUsd: 491, stablecoinSupplyUsd: 4910 },
      { week: '2025-W05', weekStart: '2025-01-27', tvlUsd: 498, stablecoinSupplyUsd: 4980 },
      { week: '2025-W06', weekStart: '2025-02-03', tvlUsd: 499, stablecoinSupplyUsd: 4990 },
    ]);
    expect(result.notes).toBeUndefined();
  });

  it('covers DeFi as a whole by default with 12 weeks, and is null where the history is short', async () => {
    const { llama, tools } = setup();
    llama.historicalChainTvl.mockResolvedValue(tvl.slice(-10));
    llama.stablecoinCharts.mockResolvedValue(stables.slice(-10));
    const result = await tools.chainTrend(await input(ChainTrendInput));
    expect(llama.historicalChainTvl).toHaveBeenCalledWith(undefined);
    const data = result.data as Record<string, any>;
    expect(data).toMatchObject({ chain: null, scope: 'DeFi as a whole' });
    expect(data.tvl).toMatchObject({ change7dPct: 1.42, change30dPct: null, change90dPct: null, change1yPct: null });
    expect(data.weekly).toHaveLength(12);
    expect(data.weekly[0]).toEqual({ week: '2024-W47', weekStart: '2024-11-18', tvlUsd: null, stablecoinSupplyUsd: null });
  });

  it('answers with TVL alone when the stablecoin history fails', async () => {
    const { llama, tools } = setup();
    llama.historicalChainTvl.mockResolvedValue(tvl);
    llama.stablecoinCharts.mockRejectedValue(upstreamTimeout());
    const result = await tools.chainTrend(await input(ChainTrendInput, { chain: 'base', weeks: 1 }));
    const data = result.data as Record<string, any>;
    expect(data.tvl.currentUsd).toBe(499);
    expect(data.stablecoins).toEqual({
      currentSupplyUsd: null,
      asOf: null,
      change1dPct: null,
      change7dPct: null,
      change30dPct: null,
      change90dPct: null,
      change1yPct: null,
    });
    expect(data.weekly).toEqual([{ week: '2025-W06', weekStart: '2025-02-03', tvlUsd: 499, stablecoinSupplyUsd: null }]);
    expect(result.notes).toEqual(['DefiLlama /stablecoincharts/{chain} did not answer (timeout): the stablecoin figures left null.']);
  });

  it('treats a chain DefiLlama does not list as null figures with a note, not as a failure', async () => {
    const { llama, tools } = setup();
    llama.historicalChainTvl.mockRejectedValue(upstreamNotFound());
    llama.stablecoinCharts.mockResolvedValue([]);
    const result = await tools.chainTrend(await input(ChainTrendInput, { chain: 'brokerage' }));
    const data = result.data as Record<string, any>;
    expect(data.tvl.currentUsd).toBeNull();
    expect(data.tvl.allTimeHighUsd).toBeNull();
    expect(data.weekly).toEqual([]);
    expect(result.notes).toEqual([
      'DefiLlama has no TVL history for Robinhood Chain: the tvl figures are null.',
      'DefiLlama has no stablecoin history for Robinhood Chain: the stablecoin figures are null.',
    ]);
  });

  it('fails with the upstream error when both histories fail', async () => {
    const { llama, tools } = setup();
    const first = upstreamDown();
    llama.historicalChainTvl.mockRejectedValue(first);
    llama.stablecoinCharts.mockRejectedValue(upstreamTimeout());
    await expect(tools.chainTrend(await input(ChainTrendInput))).rejects.toBe(first);
  });
});

describe('service_chain_revenue', () => {
  const revenueByChain: Record<string, ReturnType<typeof overviewOf>> = {
    Ethereum: overviewOf(
      [
        protocolRow({ name: 'Lido', slug: 'lido', total24h: 1e6, total30d: 40e6 }),
        protocolRow({ name: 'Uniswap', slug: 'uniswap', total24h: 2e6, total30d: 50e6 }),
        protocolRow({ name: 'Aave', slug: 'aave', total24h: 0.3e6, total30d: 10e6 }),
      ],
      { total24h: 3.3e6, total7d: 22e6, total14dto7d: 20e6, total30d: 100e6 },
      'Ethereum',
    ),
    Solana: overviewOf(
      [protocolRow({ name: 'Pump', total24h: 3e6, total30d: 150e6 })],
      { total24h: 3e6, total7d: 18e6, total14dto7d: 20e6, total30d: 150e6 },
      'Solana',
    ),
    Base: overviewOf([protocolRow({ name: 'Aerodrome', total24h: 0.5e6, total30d: 15e6 })], { total24h: 0.5e6, total7d: 3.5e6, total14dto7d: 3.5e6 }, 'Base'),
  };
  const feesByChain: Record<string, ReturnType<typeof overviewOf>> = {
    Ethereum: overviewOf([], { total24h: 10e6, total30d: 400e6 }, 'Ethereum'),
    Solana: overviewOf([], { total24h: 8e6, total30d: 200e6 }, 'Solana'),
    Base: overviewOf([], { total24h: 1e6, total30d: 30e6 }, 'Base'),
  };
  const allRevenue = overviewOf([], { total24h: 20e6, total30d: 500e6 });

  function answerOverviews(llama: ReturnType<typeof fakeLlama>, failing: (opts: OverviewOptions) => UpstreamError | null = () => null) {
    llama.overview.mockImplementation(async (_kind, opts = {}) => {
      const failure = failing(opts);
      if (failure) throw failure;
      if (!opts.chain) return allRevenue;
      const table = opts.dataType === 'dailyRevenue' ? revenueByChain : feesByChain;
      const overview = table[opts.chain];
      if (!overview) throw upstreamNotFound();
      return overview;
    });
  }

  it('ranks chains by 30-day revenue with fees kept, trend, share of all DeFi revenue and top earners', async () => {
    const { llama, tools } = setup();
    answerOverviews(llama);
    const result = await tools.chainRevenue(await input(ChainRevenueInput, { top: 2 }));
    expect(llama.overview).toHaveBeenCalledWith('fees', { dataType: 'dailyRevenue' });
    expect(llama.overview).toHaveBeenCalledWith('fees', { chain: 'Ethereum', dataType: 'dailyRevenue' });
    expect(llama.overview).toHaveBeenCalledWith('fees', { chain: 'Robinhood Chain', dataType: 'dailyFees' });
    const { chains, allDefiRevenue } = result.data;
    expect(allDefiRevenue).toEqual({ usd24h: 20e6, usd30d: 500e6 });
    expect(chains.map((c) => c.chain)).toEqual(['solana', 'ethereum', 'base', 'bsc', 'monad', 'hyperliquid', 'brokerage']);
    expect(chains[1]).toEqual({
      chain: 'ethereum',
      label: 'Ethereum',
      revenue: { usd24h: 3.3e6, usd7d: 22e6, usd30d: 100e6 },
      fees: { usd24h: 10e6, usd30d: 400e6 },
      shareOfFeesKept30dPct: 25,
      weekOverWeekPct: 10,
      trend: 'up',
      shareOfAllDefiRevenue30dPct: 20,
      topEarners: [
        { name: 'Uniswap', displayName: null, slug: 'uniswap', category: null, revenue24hUsd: 2e6, revenue30dUsd: 50e6, shareOfChainRevenue30dPct: 50 },
        { name: 'Lido', displayName: null, slug: 'lido', category: null, revenue24hUsd: 1e6, revenue30dUsd: 40e6, shareOfChainRevenue30dPct: 40 },
      ],
    });
    expect(chains[0]).toMatchObject({ chain: 'solana', shareOfFeesKept30dPct: 75, weekOverWeekPct: -10, trend: 'down', shareOfAllDefiRevenue30dPct: 30 });
    // Base gives no 30-day total: it is summed from its protocols.
    expect(chains[2]).toMatchObject({ chain: 'base', revenue: { usd30d: 15e6 }, shareOfFeesKept30dPct: 50, trend: 'flat' });
    expect(chains[3]).toMatchObject({
      chain: 'bsc',
      revenue: { usd24h: null, usd7d: null, usd30d: null },
      fees: { usd24h: null },
      trend: null,
      topEarners: [],
    });
    expect(result.notes).toContain('DefiLlama lists no revenue for Monad: its revenue figures are null.');
    expect(result.notes).toContain('DefiLlama lists no fees for Robinhood Chain: its fees figures are null.');
  });

  it('answers for one chain', async () => {
    const { llama, tools } = setup();
    answerOverviews(llama);
    const result = await tools.chainRevenue(await input(ChainRevenueInput, { chain: 'solana' }));
    expect(result.data.chains.map((c) => c.chain)).toEqual(['solana']);
    expect(llama.overview).toHaveBeenCalledTimes(3);
    expect(result.notes).toBeUndefined();
  });

  it('leaves the fees of a chain null when its fees part fails, and says which part', async () => {
    const { llama, tools } = setup();
    answerOverviews(llama, (opts) => (opts.chain === 'Solana' && opts.dataType === 'dailyFees' ? upstreamTimeout() : null));
    const result = await tools.chainRevenue(await input(ChainRevenueInput, { chain: 'solana' }));
    expect(result.data.chains[0]).toMatchObject({ revenue: { usd30d: 150e6 }, fees: { usd24h: null, usd30d: null }, shareOfFeesKept30dPct: null });
    expect(result.notes).toEqual(["DefiLlama /overview/fees/{chain}?dataType=dailyFees for Solana did not answer (timeout): Solana's fees figures left null."]);
  });

  it('leaves the share of all DeFi revenue null when the all-chains overview fails', async () => {
    const { llama, tools } = setup();
    answerOverviews(llama, (opts) => (opts.chain ? null : upstreamDown()));
    const result = await tools.chainRevenue(await input(ChainRevenueInput, { chain: 'ethereum' }));
    expect(result.data.allDefiRevenue).toEqual({ usd24h: null, usd30d: null });
    expect(result.data.chains[0]).toMatchObject({ shareOfAllDefiRevenue30dPct: null, shareOfFeesKept30dPct: 25 });
    expect(result.notes).toEqual([
      'DefiLlama /overview/fees?dataType=dailyRevenue did not answer (HTTP 503): allDefiRevenue and shareOfAllDefiRevenue30dPct left null.',
    ]);
  });

  it('fails with the upstream error when every part fails', async () => {
    const { llama, tools } = setup();
    const failure = upstreamTimeout();
    llama.overview.mockRejectedValue(failure);
    await expect(tools.chainRevenue(await input(ChainRevenueInput))).rejects.toBe(failure);
  });
});
