import type { Type } from '@nestjs/common';
import { inputSchemaOf, parseToolInput } from '@scout/core';
import { DexVolumesInput, PerpsOpenInterestInput, StablecoinsInput, TokenYieldsInput } from './defi-tools.dto';
import type { LlamaStablecoin, LlamaYieldPool } from '@scout/upstream';
import { MarketToolsService } from './market-tools.service';
import { fakeLlama, overviewOf, protocolRow, upstreamNotFound, upstreamTimeout } from './test/llama-fixtures';

function input<T extends object>(dto: Type<T>, raw: object = {}): Promise<T> {
  return parseToolInput(dto, raw, 'body', inputSchemaOf(dto));
}

function setup() {
  const llama = fakeLlama();
  return { llama, tools: new MarketToolsService(llama) };
}

function pool(symbol: string, chain: string, tvlUsd: number, extra: Partial<LlamaYieldPool> = {}): LlamaYieldPool {
  return {
    poolId: `${symbol}-${chain}-${tvlUsd}`,
    chain,
    project: 'proj',
    symbol,
    tvlUsd,
    apy: 5,
    apyBase: 4,
    apyReward: 1,
    apyPct1D: null,
    apyPct7D: 0.1,
    apyPct30D: null,
    apyMean30d: null,
    stablecoin: false,
    ilRisk: 'no',
    exposure: 'single',
    poolMeta: null,
    il7d: null,
    volumeUsd1d: null,
    volumeUsd7d: null,
    rewardTokens: [],
    underlyingTokens: [],
    ...extra,
  };
}

describe('service_token_yields', () => {
  const pools = [
    pool('USDC', 'Ethereum', 2_920_207_676, { project: 'maple', stablecoin: true, apy: 5.17757, apyBase: 5.17757, apyReward: 0, apyPct7D: 0.01123 }),
    pool('SIRLOINUSDC', 'Base', 443_022_203, { project: 'morpho-blue', stablecoin: true, apyReward: null }),
    pool('SOL-USDC', 'Solana', 50_000_000, { project: 'raydium-amm', exposure: 'multi', ilRisk: 'yes', stablecoin: false }),
    pool('USDC', 'Solana', 90_000, { project: 'tiny', stablecoin: true, apy: 80 }),
    pool('JITOSOL', 'Solana', 1_000_000_000, { project: 'jito' }),
    pool('USDC', 'Arbitrum', 300_000_000, { project: 'aave-v3', stablecoin: true }),
  ];

  it('ranks matching pools by TVL, not APY, with the peer catalog fields', async () => {
    const { llama, tools } = setup();
    llama.yieldPools.mockResolvedValue(pools);
    const result = await tools.tokenYields(await input(TokenYieldsInput, { symbol: 'usdc', limit: 2 }));
    expect(result.data.matched).toBe(4);
    expect(result.data.showing).toBe(2);
    expect(result.data.pools).toEqual([
      {
        poolId: 'USDC-Ethereum-2920207676',
        project: 'maple',
        chain: 'Ethereum',
        symbol: 'USDC',
        tvlUsd: 2920207676,
        apy: 5.17757,
        apyBase: 5.17757,
        apyReward: 0,
        apyChange7dPct: 0.01123,
        exposure: 'single',
        impermanentLossRisk: 'no',
        isStablecoin: true,
        poolMeta: null,
      },
      expect.objectContaining({ symbol: 'SIRLOINUSDC', apyReward: null }),
    ]);
    expect(result.notes).toBeUndefined();
  });

  it('filters by chain, stablecoins only, and a minimum TVL', async () => {
    const { llama, tools } = setup();
    llama.yieldPools.mockResolvedValue(pools);
    const solana = await tools.tokenYields(await input(TokenYieldsInput, { chain: 'solana' }));
    expect(solana.data.pools.map((p) => p.symbol)).toEqual(['JITOSOL', 'SOL-USDC']);
    const stables = await tools.tokenYields(await input(TokenYieldsInput, { symbol: 'sol', stablesOnly: true }));
    expect(stables.data.pools).toEqual([]);
    const all = await tools.tokenYields(await input(TokenYieldsInput, { symbol: 'USDC', chain: 'solana', minTvlUsd: 0 }));
    expect(all.data.pools.map((p) => p.project)).toEqual(['raydium-amm', 'tiny']);
  });

  it('shows a pool DefiLlama sends without its id or project, those two null', async () => {
    const { llama, tools } = setup();
    llama.yieldPools.mockResolvedValue([pool('USDC', 'Base', 5e6, { poolId: null, project: null })]);
    const result = await tools.tokenYields(await input(TokenYieldsInput, { symbol: 'usdc' }));
    expect(result.data.pools).toEqual([expect.objectContaining({ poolId: null, project: null, symbol: 'USDC', tvlUsd: 5e6 })]);
  });

  it('says so when no pool matches', async () => {
    const { llama, tools } = setup();
    llama.yieldPools.mockResolvedValue(pools);
    const result = await tools.tokenYields(await input(TokenYieldsInput, { chain: 'monad' }));
    expect(result.data).toEqual({ matched: 0, showing: 0, pools: [] });
    expect(result.notes).toEqual(['No pool of at least $100,000 matches these filters on DefiLlama.']);
  });

  it('fails with the upstream error when the pools cannot be read', async () => {
    const { llama, tools } = setup();
    const failure = upstreamTimeout();
    llama.yieldPools.mockRejectedValue(failure);
    await expect(tools.tokenYields(await input(TokenYieldsInput))).rejects.toBe(failure);
  });
});

describe('service_dex_volumes', () => {
  const dexs = overviewOf(
    [
      protocolRow({ name: 'Uniswap V3', slug: 'uniswap-v3', total24h: 1e9, total48hto24h: 0.8e9, total7d: 6e9, total14dto7d: 5e9, total30d: 25e9 }),
      protocolRow({
        name: 'PancakeSwap AMM',
        slug: 'pancakeswap-amm',
        total24h: 0.5e9,
        total48hto24h: 0.5e9,
        total7d: 3.3e9,
        total14dto7d: 3.4e9,
        total30d: 14e9,
      }),
      protocolRow({
        name: 'Raydium',
        slug: 'raydium',
        total24h: 0.5e9,
        total48hto24h: null,
        change1dPct: -1.234,
        total7d: 3e9,
        total14dto7d: 4e9,
        total30d: null,
      }),
      protocolRow({ name: 'Uniswap V2', slug: 'uniswap-v2', total24h: null }),
    ],
    { total24h: 2e9, total48hto24h: 1.6e9, total7d: 12.3e9, total14dto7d: 12.4e9, total30d: 39e9 },
  );

  it('gives totals with day-over-day and week-over-week change, and per DEX its share of the day and trend', async () => {
    const { llama, tools } = setup();
    llama.overview.mockResolvedValue(dexs);
    const result = await tools.dexVolumes(await input(DexVolumesInput, { limit: 3 }));
    expect(llama.overview).toHaveBeenCalledWith('dexs', { chain: undefined });
    const data = result.data as Record<string, any>;
    expect(data.totals).toEqual({
      volume24hUsd: 2e9,
      volume7dUsd: 12.3e9,
      volume30dUsd: 39e9,
      dayOverDayPct: 25,
      weekOverWeekPct: -0.81,
      trend: 'flat',
    });
    expect(data).toMatchObject({ chain: null, matched: 4, showing: 3 });
    expect(data.dexes[0]).toEqual({
      name: 'Uniswap V3',
      displayName: null,
      slug: 'uniswap-v3',
      category: null,
      chains: [],
      volume24hUsd: 1e9,
      volume7dUsd: 6e9,
      volume30dUsd: 25e9,
      dayOverDayPct: 25,
      shareOfDayPct: 50,
      weekOverWeekPct: 20,
      trend: 'up',
    });
    expect(data.dexes[1]).toMatchObject({ name: 'PancakeSwap AMM', shareOfDayPct: 25, dayOverDayPct: 0, weekOverWeekPct: -2.94, trend: 'flat' });
    expect(data.dexes[2]).toMatchObject({ name: 'Raydium', volume30dUsd: null, dayOverDayPct: -1.23, weekOverWeekPct: -25, trend: 'down' });
  });

  it('filters by name and reads one chain', async () => {
    const { llama, tools } = setup();
    llama.overview.mockResolvedValue(dexs);
    const result = await tools.dexVolumes(await input(DexVolumesInput, { chain: 'bsc', query: 'uniswap' }));
    expect(llama.overview).toHaveBeenCalledWith('dexs', { chain: 'BSC' });
    expect((result.data as any).dexes.map((d: { name: string }) => d.name)).toEqual(['Uniswap V3', 'Uniswap V2']);
    expect(result.data).toMatchObject({ chain: 'bsc', matched: 2 });
  });

  it('answers null volumes with a note for a chain DefiLlama does not list', async () => {
    const { llama, tools } = setup();
    llama.overview.mockRejectedValue(upstreamNotFound());
    const result = await tools.dexVolumes(await input(DexVolumesInput, { chain: 'brokerage' }));
    expect(result.data).toEqual({
      chain: 'brokerage',
      totals: { volume24hUsd: null, volume7dUsd: null, volume30dUsd: null, dayOverDayPct: null, weekOverWeekPct: null, trend: null },
      matched: 0,
      showing: 0,
      dexes: [],
    });
    expect(result.notes).toEqual(['DefiLlama lists no DEX volume for Robinhood Chain: the volumes are null.']);
  });

  it('fails with the upstream error when the overview cannot be read', async () => {
    const { llama, tools } = setup();
    const failure = upstreamTimeout();
    llama.overview.mockRejectedValue(failure);
    await expect(tools.dexVolumes(await input(DexVolumesInput))).rejects.toBe(failure);
    llama.overview.mockRejectedValue(upstreamNotFound());
    await expect(tools.dexVolumes(await input(DexVolumesInput))).rejects.toMatchObject({ upstreamStatus: 404 });
  });
});

describe('service_perps_open_interest', () => {
  const oi = overviewOf([
    protocolRow({
      name: 'Hyperliquid Perps',
      category: 'Derivatives',
      chains: ['Hyperliquid L1'],
      total24h: 14e9,
      total48hto24h: 12.5e9,
      total7DaysAgo: 10e9,
      total30DaysAgo: 20e9,
    }),
    protocolRow({
      name: 'Jupiter Perps',
      category: 'Derivatives',
      chains: ['Solana'],
      total24h: 1e9,
      total48hto24h: 1e9,
      total7DaysAgo: null,
      change7dPct: 3.456,
      total30DaysAgo: 0.5e9,
    }),
    protocolRow({
      name: 'Polymarket',
      category: 'Prediction Market',
      chains: ['Polygon'],
      total24h: 5e9,
      total48hto24h: 4e9,
      total7DaysAgo: 5e9,
      total30DaysAgo: 4e9,
    }),
    protocolRow({ name: 'Derive', category: 'Options', chains: ['Ethereum', 'Base'], total24h: null }),
  ]);

  it('lists venues by open interest with their moves and totals', async () => {
    const { llama, tools } = setup();
    llama.overview.mockResolvedValue(oi);
    const result = await tools.perpsOpenInterest(await input(PerpsOpenInterestInput));
    expect(llama.overview).toHaveBeenCalledWith('open-interest');
    const data = result.data as Record<string, any>;
    expect(data.totals).toEqual({ openInterestUsd: 20e9, change1dPct: 14.29, change7dPct: 26.67, change30dPct: -18.37 });
    expect(data.venues.map((v: { name: string }) => v.name)).toEqual(['Hyperliquid Perps', 'Polymarket', 'Jupiter Perps', 'Derive']);
    expect(data.venues[0]).toEqual({
      name: 'Hyperliquid Perps',
      displayName: null,
      slug: null,
      category: 'Derivatives',
      chains: ['Hyperliquid L1'],
      openInterestUsd: 14e9,
      change1dPct: 12,
      change7dPct: 40,
      change30dPct: -30,
      shareOfTotalPct: 70,
    });
    expect(data.venues[2]).toMatchObject({ change1dPct: 0, change7dPct: 3.46, change30dPct: 100 });
    expect(data.venues[3]).toMatchObject({ openInterestUsd: null, change1dPct: null, shareOfTotalPct: null });
  });

  it('keeps the venues running on a chain, up to the limit', async () => {
    const { llama, tools } = setup();
    llama.overview.mockResolvedValue(oi);
    const result = await tools.perpsOpenInterest(await input(PerpsOpenInterestInput, { chain: 'hyperliquid', limit: 1 }));
    expect(result.data).toMatchObject({ chain: 'hyperliquid', matched: 1, showing: 1, totals: { openInterestUsd: 14e9, change1dPct: 12 } });
    const none = await tools.perpsOpenInterest(await input(PerpsOpenInterestInput, { chain: 'monad' }));
    expect(none.data).toMatchObject({ matched: 0, totals: { openInterestUsd: null, change1dPct: null } });
    expect(none.notes).toEqual(['DefiLlama lists no open-interest venue on Monad.']);
  });

  it('fails with the upstream error when the overview cannot be read', async () => {
    const { llama, tools } = setup();
    const failure = upstreamTimeout();
    llama.overview.mockRejectedValue(failure);
    await expect(tools.perpsOpenInterest(await input(PerpsOpenInterestInput))).rejects.toBe(failure);
  });
});

describe('service_stablecoins', () => {
  function coin(symbol: string, extra: Partial<LlamaStablecoin>): LlamaStablecoin {
    return {
      id: symbol,
      name: symbol,
      symbol,
      geckoId: null,
      pegType: 'peggedUSD',
      pegMechanism: 'fiat-backed',
      circulating: { current: null, prevDay: null, prevWeek: null, prevMonth: null },
      chainCirculating: {},
      chains: [],
      priceUsd: 1,
      priceSource: null,
      ...extra,
    };
  }
  const coins = [
    coin('USDT', {
      circulating: { current: 150e9, prevDay: 149e9, prevWeek: 148e9, prevMonth: 140e9 },
      chainCirculating: {
        Ethereum: { current: 80e9, prevDay: 80e9, prevWeek: 81e9, prevMonth: 70e9 },
        Solana: { current: 2e9, prevDay: 2.1e9, prevWeek: null, prevMonth: 2e9 },
      },
      priceUsd: 1.0004,
    }),
    coin('USDC', {
      circulating: { current: 70e9, prevDay: 71e9, prevWeek: 70e9, prevMonth: 60e9 },
      chainCirculating: { Solana: { current: 8e9, prevDay: 7.5e9, prevWeek: 7e9, prevMonth: 6e9 } },
      priceUsd: 0.9998,
    }),
    coin('USDX', { circulating: { current: 0.5e9, prevDay: 0.6e9, prevWeek: null, prevMonth: 1e9 }, priceUsd: 0.9, pegMechanism: 'crypto-backed' }),
    coin('EURC', { pegType: 'peggedEUR', circulating: { current: 200e6, prevDay: 190e6, prevWeek: 180e6, prevMonth: null }, priceUsd: 1.1 }),
    coin('NEWUSD', { circulating: { current: 1e6, prevDay: null, prevWeek: null, prevMonth: null }, priceUsd: null }),
  ];

  it('ranks stablecoins by supply with 1/7/30-day moves and peg status, and totals net flows', async () => {
    const { llama, tools } = setup();
    llama.stablecoins.mockResolvedValue(coins);
    const result = await tools.stablecoins(await input(StablecoinsInput, { limit: 3 }));
    const data = result.data as Record<string, any>;
    expect(data).toMatchObject({ chain: null, pegBandPct: 0.5, matched: 5, showing: 3 });
    expect(data.stablecoins.map((c: { symbol: string }) => c.symbol)).toEqual(['USDT', 'USDC', 'USDX']);
    expect(data.stablecoins[0]).toEqual({
      name: 'USDT',
      symbol: 'USDT',
      pegType: 'peggedUSD',
      pegMechanism: 'fiat-backed',
      supplyUsd: 150e9,
      supplyChange1dUsd: 1e9,
      supplyChange7dUsd: 2e9,
      supplyChange30dUsd: 10e9,
      supplyChange1dPct: 0.67,
      supplyChange7dPct: 1.35,
      supplyChange30dPct: 7.14,
      priceUsd: 1.0004,
      peg: { status: 'pegged', deviationPct: 0.04 },
    });
    expect(data.stablecoins[2]).toMatchObject({
      symbol: 'USDX',
      supplyChange7dUsd: null,
      supplyChange7dPct: null,
      peg: { status: 'depegged', deviationPct: -10 },
    });
    // Supply: 150e9 + 70e9 + 0.5e9 + 0.22e9 (EURC's 200M at $1.10) + 0.001e9. Each flow counts the
    // coins known at both moments: 1 day all but NEWUSD, 7 days USDT, USDC and EURC, 30 days USDT,
    // USDC and USDX.
    expect(data.totals).toEqual({
      supplyUsd: expect.closeTo(220.721e9, 0),
      netFlow1dUsd: expect.closeTo(-0.089e9, 0),
      netFlow7dUsd: expect.closeTo(2.022e9, 0),
      netFlow30dUsd: 19.5e9,
      change1dPct: -0.04,
      change7dPct: 0.93,
      change30dPct: 9.7,
      depeggedCount: 1,
    });
    // NEWUSD is matched (and counted) though not shown: its missing price is said.
    expect(result.notes).toEqual(['DefiLlama gave no price for 1 stablecoin (NEWUSD): its peg status is null, and off a USD peg no USD supply is counted.']);
  });

  it('says nothing of prices when every coin has one', async () => {
    const { llama, tools } = setup();
    llama.stablecoins.mockResolvedValue(coins.filter((c) => c.priceUsd !== null));
    expect((await tools.stablecoins(await input(StablecoinsInput))).notes).toBeUndefined();
  });

  it('gives non-USD pegs no peg status and unpriced coins no USD figures they cannot have', async () => {
    const { llama, tools } = setup();
    llama.stablecoins.mockResolvedValue(coins);
    const result = await tools.stablecoins(await input(StablecoinsInput));
    const bySymbol = Object.fromEntries((result.data as any).stablecoins.map((c: { symbol: string }) => [c.symbol, c]));
    expect(bySymbol.EURC).toMatchObject({ supplyUsd: 220e6, peg: { status: null, deviationPct: null } });
    expect(bySymbol.NEWUSD).toMatchObject({ supplyUsd: 1e6, supplyChange1dUsd: null, priceUsd: null, peg: { status: null, deviationPct: null } });
    expect(result.notes).toEqual([expect.stringContaining('no price for 1 stablecoin (NEWUSD)')]);
  });

  it('ranks and totals a coin DefiLlama sends without name or symbol, those null', async () => {
    const { llama, tools } = setup();
    llama.stablecoins.mockResolvedValue([
      coin('USDT', { name: null, symbol: null, circulating: { current: 5e9, prevDay: 4e9, prevWeek: null, prevMonth: null } }),
    ]);
    const result = await tools.stablecoins(await input(StablecoinsInput));
    const data = result.data as Record<string, any>;
    expect(data.stablecoins[0]).toMatchObject({ name: null, symbol: null, supplyUsd: 5e9, supplyChange1dUsd: 1e9 });
    expect(data.totals).toMatchObject({ supplyUsd: 5e9, netFlow1dUsd: 1e9 });
  });

  it('reads the supply on one chain', async () => {
    const { llama, tools } = setup();
    llama.stablecoins.mockResolvedValue(coins);
    const result = await tools.stablecoins(await input(StablecoinsInput, { chain: 'solana' }));
    const data = result.data as Record<string, any>;
    expect(data.stablecoins.map((c: { symbol: string; supplyUsd: number }) => [c.symbol, c.supplyUsd])).toEqual([
      ['USDC', 8e9],
      ['USDT', 2e9],
    ]);
    expect(data.totals).toMatchObject({ supplyUsd: 10e9, netFlow1dUsd: 0.4e9, netFlow7dUsd: 1e9, netFlow30dUsd: 2e9 });
  });

  it('answers null totals with a note for a chain with no stablecoin on DefiLlama', async () => {
    const { llama, tools } = setup();
    llama.stablecoins.mockResolvedValue(coins);
    const result = await tools.stablecoins(await input(StablecoinsInput, { chain: 'monad' }));
    expect(result.data).toMatchObject({
      matched: 0,
      stablecoins: [],
      totals: { supplyUsd: null, netFlow1dUsd: null, netFlow7dUsd: null, netFlow30dUsd: null, change1dPct: null, depeggedCount: 0 },
    });
    expect(result.notes).toEqual(['DefiLlama lists no stablecoin on Monad: the totals are null.']);
  });

  it('fails with the upstream error when the list cannot be read', async () => {
    const { llama, tools } = setup();
    const failure = upstreamTimeout();
    llama.stablecoins.mockRejectedValue(failure);
    await expect(tools.stablecoins(await input(StablecoinsInput))).rejects.toBe(failure);
  });
});
